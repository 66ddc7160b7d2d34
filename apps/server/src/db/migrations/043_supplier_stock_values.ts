import { type Kysely, sql } from 'kysely';
import { applyFunction, FOLLOWED, lineFunction, rebuildFunction, updateTriggers } from './039_stock_report_order.ts';

// The supplier report's stock value per supplier at a chain's size: summing round(balance × unit cost) over the
// batches in stock read 460,000 batches at ten times a busy shop (bench/measurements.md, supplier report). It is kept
// per supplier instead, from the same pending lines as the stock's day totals (migration 039): each line now also
// names the batch's supplier, and at commit each supplier's sum is added to a row of theirs no other commit holds
// (SKIP LOCKED) or a new one, so tills never wait on each other here. A batch moved to another supplier is followed.
// (Since migration 053 a commit inserts its sums as new rows instead, and the server folds them.)
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE supplier_stock_values (
      supplier_id integer NOT NULL,
      stripe integer NOT NULL,
      value bigint NOT NULL,
      PRIMARY KEY (supplier_id, stripe)
    -- Rewritten by every sale, as the day totals are: room for the new version on the same page.
    ) WITH (fillfactor = 50);

    ${lineFunction(sql`, b.supplier_id`)}
    ${applyFunction(supplierValuesApplied)}
    DROP TRIGGER stock_totals_applied_update ON stock_batches;
    DROP TRIGGER stock_totals_noted_update ON stock_batches;
    ${updateTriggers([...FOLLOWED, 'supplier_id'])}
    ${rebuildFunction(supplierValuesRebuilt)}

    SELECT rebuild_stock_totals();
    ANALYZE supplier_stock_values;
  `.execute(db);
}

/** At commit, each supplier's sum added to a row of theirs no other commit holds, else a new one. */
export const supplierValuesApplied = sql`
      FOR d IN
        SELECT split_part(line, ' ', 9)::int AS supplier_id, sum(split_part(line, ' ', 6)::bigint) AS value
          FROM unnest(lines) line
         GROUP BY 1 HAVING sum(split_part(line, ' ', 6)::bigint) <> 0 ORDER BY 1
      LOOP
        UPDATE supplier_stock_values t SET value = t.value + d.value
         WHERE (t.supplier_id, t.stripe) = (
           SELECT f.supplier_id, f.stripe FROM supplier_stock_values f WHERE f.supplier_id = d.supplier_id
            LIMIT 1 FOR UPDATE SKIP LOCKED);
        IF NOT FOUND THEN
          INSERT INTO supplier_stock_values VALUES (d.supplier_id, nextval('stock_totals_stripe'), d.value);
        END IF;
      END LOOP;`;

/** One row per supplier straight from the live batches (a batch's balance is never below 0). */
export const supplierValuesRebuilt = sql`
      DELETE FROM supplier_stock_values;
      INSERT INTO supplier_stock_values
        SELECT supplier_id, 0, sum(round(balance * unit_price))::bigint FROM stock_batches
         WHERE deleted_at IS NULL GROUP BY supplier_id;`;

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER stock_totals_applied_update ON stock_batches;
    DROP TRIGGER stock_totals_noted_update ON stock_batches;
    ${updateTriggers(FOLLOWED)}
    ${rebuildFunction()}
    ${applyFunction()}
    ${lineFunction()}
    DROP TABLE supplier_stock_values;
  `.execute(db);
}
