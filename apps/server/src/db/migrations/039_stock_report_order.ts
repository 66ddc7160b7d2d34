import { type Kysely, sql } from 'kysely';

// The inventory reports and the dashboard's stock value at a chain's size (1,000,000 batches, most of them emptied
// long ago): a page read from an index in the report's own order, and the cards' counts and totals read from a few
// thousand kept rows, so neither grows with the batches ever received (bench/measurements.md, inventory reports).
//
// 1. `stock_batches.product_sort_name` is the lower-cased name of the batch's product, the key the balance and low
//    stock reports sort by after their own columns. An index cannot read another table, so the batch carries it: set
//    from the product when a batch is made, moves to another product or comes back from the trash, and followed when
//    a product is renamed (a live batch's always equals its product's; a trashed one's is set again on restore). It
//    is set in replica mode too (ENABLE ALWAYS): a bulk load with the other triggers off still gives every batch one.
//
// 2. `stock_totals` holds, per stock date, what the reports' cards add up over the live batches received that day:
//    how many, how many with stock, how many at or below their minimum, their cost, Σ round(balance × unit cost)
//    over all and over the low ones, and the exact Σ balance × unit cost the dashboard rounds once. A batch's change
//    is added as a delta: each statement notes its rows' before and after (`duka.stock_totals_pending`, undone with
//    a rolled-back savepoint), and at commit the first queued deferred call adds the transaction's sum per day.
//    A day may hold several rows: the commit adds to one no other transaction has locked (SKIP LOCKED) or starts a
//    new one, so twenty tills selling from one delivery's batches never wait on each other here, and this trigger,
//    which never waits, cannot take part in a deadlock with the sale totals' locks taken at the same commit. A
//    day has at most as many rows as transactions ever committed on it at once; rebuild_stock_totals() folds them.
//    A bulk load with triggers off (a restore brings the table with its rows) calls rebuild_stock_totals().
//    (Since migration 053 a commit inserts its sums as new rows instead, and the server folds them.)
const FIGURES = ['batches', 'in_stock', 'low', 'received_cost', 'value', 'low_value', 'cost'] as const;
const added = sql.raw(FIGURES.map((f) => `${f} = t.${f} + d.${f}`).join(', '));

/**
 * What one live batch adds to its day, negated when it leaves (sign -1), as a line of the pending text; `more` are
 * further space-separated fields of the batch (a later migration's).
 */
export const lineFunction = (more = sql``) => sql`
    CREATE OR REPLACE FUNCTION stock_totals_line(b stock_batches, sign integer) RETURNS text LANGUAGE sql IMMUTABLE
      RETURN concat_ws(' ', b.stock_date, sign, sign * (b.balance > 0)::int,
        sign * (b.balance <= b.min_stock_level)::int, sign * b.total_cost, sign * round(b.balance * b.unit_price)::bigint,
        CASE WHEN b.balance <= b.min_stock_level THEN sign * round(b.balance * b.unit_price)::bigint ELSE 0 END,
        sign * b.balance * b.unit_price${more}) || ';';
`;

/**
 * At commit: the transaction's sum per day, added to a row of the day no other commit holds, else a new row; then
 * `more`, which reads the same pending lines (`lines`, an array) for what else is kept from them.
 */
export const applyFunction = (more = sql``) => sql`
    CREATE OR REPLACE FUNCTION stock_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      lines text[] := string_to_array(rtrim(coalesce(current_setting('duka.stock_totals_pending', true), ''), ';'), ';');
      d record;
    BEGIN
      IF cardinality(lines) = 0 THEN RETURN NULL; END IF;
      PERFORM set_config('duka.stock_totals_pending', '', true);
      FOR d IN
        SELECT split_part(line, ' ', 1)::date AS stock_date, sum(split_part(line, ' ', 2)::int) AS batches,
               sum(split_part(line, ' ', 3)::int) AS in_stock, sum(split_part(line, ' ', 4)::int) AS low,
               sum(split_part(line, ' ', 5)::bigint) AS received_cost, sum(split_part(line, ' ', 6)::bigint) AS value,
               sum(split_part(line, ' ', 7)::bigint) AS low_value, sum(split_part(line, ' ', 8)::numeric) AS cost
          FROM unnest(lines) line
         GROUP BY 1 ORDER BY 1
      LOOP
        UPDATE stock_totals t SET ${added}
         WHERE (t.stock_date, t.stripe) = (
           SELECT f.stock_date, f.stripe FROM stock_totals f WHERE f.stock_date = d.stock_date
            LIMIT 1 FOR UPDATE SKIP LOCKED);
        IF NOT FOUND THEN
          INSERT INTO stock_totals
          VALUES (d.stock_date, nextval('stock_totals_stripe'), d.batches, d.in_stock, d.low, d.received_cost,
                  d.value, d.low_value, d.cost);
        END IF;
      END LOOP;
      ${more}
      RETURN NULL;
    END $$;
`;

/** The batch's columns whose change moves what it adds up to. */
export const FOLLOWED = ['balance', 'unit_price', 'total_cost', 'min_stock_level', 'stock_date', 'deleted_at'];

/** A batch's update that changes a followed column: noted as it happens, applied at commit. */
export const updateTriggers = (columns: string[]) => {
  const listed = sql.raw(columns.join(', '));
  const changed = sql.raw(
    `(${columns.map((c) => `OLD.${c}`).join(', ')}) IS DISTINCT FROM (${columns.map((c) => `NEW.${c}`).join(', ')})`,
  );
  return sql`
    CREATE TRIGGER stock_totals_noted_update AFTER UPDATE OF ${listed} ON stock_batches
      FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION stock_totals_note();
    CREATE CONSTRAINT TRIGGER stock_totals_applied_update AFTER UPDATE OF ${listed} ON stock_batches
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION stock_totals_apply();
  `;
};

/** The kept rows rebuilt from the live batches (after a bulk load with triggers off); `more` rebuilds the rest. */
export const rebuildFunction = (more = sql``) => sql`
    CREATE OR REPLACE FUNCTION rebuild_stock_totals() RETURNS void LANGUAGE sql BEGIN ATOMIC
      DELETE FROM stock_totals;
      INSERT INTO stock_totals SELECT * FROM stock_totals_recomputed();
      ${more}
      SELECT set_config('duka.stock_totals_pending', '', true);
    END;
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION product_sort_name(product integer) RETURNS text LANGUAGE plpgsql STABLE AS $$
    BEGIN
      RETURN (SELECT lower(name) FROM products WHERE id = product);
    END $$;

    -- Filled by rewriting the table once (the column is new and still empty), which writes it and its indexes
    -- afresh, rather than updating every row and leaving each one twice on disk.
    ALTER TABLE stock_batches ADD COLUMN product_sort_name text;
    ALTER TABLE stock_batches
      ALTER COLUMN product_sort_name TYPE text USING product_sort_name(product_id),
      ALTER COLUMN product_sort_name SET NOT NULL;

    CREATE FUNCTION stock_batches_sort_name() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.product_sort_name := product_sort_name(NEW.product_id);
      RETURN NEW;
    END $$;
    CREATE TRIGGER stock_batches_sort_name BEFORE INSERT OR UPDATE OF product_id, deleted_at ON stock_batches
      FOR EACH ROW EXECUTE FUNCTION stock_batches_sort_name();
    ALTER TABLE stock_batches ENABLE ALWAYS TRIGGER stock_batches_sort_name;

    CREATE FUNCTION products_sort_name_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE stock_batches SET product_sort_name = lower(NEW.name) WHERE product_id = NEW.id AND deleted_at IS NULL;
      RETURN NULL;
    END $$;
    CREATE TRIGGER products_sort_name_follow AFTER UPDATE OF name ON products
      FOR EACH ROW WHEN (lower(OLD.name) IS DISTINCT FROM lower(NEW.name))
      EXECUTE FUNCTION products_sort_name_follow();

    -- The low stock report: lowest balance first, then the product's name and the batch.
    CREATE INDEX stock_batches_low ON stock_batches (balance, product_sort_name, id)
      WHERE deleted_at IS NULL AND balance <= min_stock_level;
    -- The stock balance report: by the product's name, then stock date and batch.
    CREATE INDEX stock_batches_product_name ON stock_batches (product_sort_name, stock_date, id)
      WHERE deleted_at IS NULL;
    -- The stock aging report: the oldest batches with stock first (most old batches are long emptied).
    CREATE INDEX stock_batches_aging ON stock_batches (stock_date, id) WHERE deleted_at IS NULL AND balance > 0;

    CREATE SEQUENCE stock_totals_stripe;
    CREATE TABLE stock_totals (
      stock_date date NOT NULL,
      stripe integer NOT NULL,
      batches integer NOT NULL,
      in_stock integer NOT NULL,
      low integer NOT NULL,
      received_cost bigint NOT NULL,
      value bigint NOT NULL,
      low_value bigint NOT NULL,
      cost numeric NOT NULL,
      PRIMARY KEY (stock_date, stripe)
    -- Every sale rewrites a row: room on each page keeps the new version beside the old (a HOT update), so the table
    -- stays a few hundred kilobytes between vacuums rather than growing a page per commit.
    ) WITH (fillfactor = 50);

    ${lineFunction()}

    CREATE FUNCTION stock_totals_note() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      lines text := '';
    BEGIN
      IF TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL THEN lines := stock_totals_line(OLD, -1); END IF;
      IF TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL THEN lines := lines || stock_totals_line(NEW, 1); END IF;
      IF lines <> '' THEN
        PERFORM set_config('duka.stock_totals_pending',
          coalesce(current_setting('duka.stock_totals_pending', true), '') || lines, true);
      END IF;
      RETURN NULL;
    END $$;

    ${applyFunction()}

    CREATE TRIGGER stock_totals_noted AFTER INSERT OR DELETE ON stock_batches
      FOR EACH ROW EXECUTE FUNCTION stock_totals_note();
    ${updateTriggers(FOLLOWED)}
    CREATE CONSTRAINT TRIGGER stock_totals_applied AFTER INSERT OR DELETE ON stock_batches
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION stock_totals_apply();

    -- One row per day straight from the live batches: what the rows must add up to.
    CREATE FUNCTION stock_totals_recomputed() RETURNS SETOF stock_totals LANGUAGE sql STABLE BEGIN ATOMIC
      SELECT stock_date, 0, count(*)::int, (count(*) FILTER (WHERE balance > 0))::int,
             (count(*) FILTER (WHERE balance <= min_stock_level))::int, coalesce(sum(total_cost), 0)::bigint,
             coalesce(sum(round(balance * unit_price)), 0)::bigint,
             coalesce(sum(round(balance * unit_price)) FILTER (WHERE balance <= min_stock_level), 0)::bigint,
             coalesce(sum(balance * unit_price), 0)
        FROM stock_batches WHERE deleted_at IS NULL GROUP BY stock_date;
    END;

    ${rebuildFunction()}

    SELECT rebuild_stock_totals();
    ANALYZE stock_batches, stock_totals;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER stock_totals_applied_update ON stock_batches;
    DROP TRIGGER stock_totals_applied ON stock_batches;
    DROP TRIGGER stock_totals_noted_update ON stock_batches;
    DROP TRIGGER stock_totals_noted ON stock_batches;
    DROP FUNCTION rebuild_stock_totals, stock_totals_recomputed, stock_totals_apply, stock_totals_note,
      stock_totals_line;
    DROP TABLE stock_totals;
    DROP SEQUENCE stock_totals_stripe;
    DROP TRIGGER products_sort_name_follow ON products;
    DROP TRIGGER stock_batches_sort_name ON stock_batches;
    DROP FUNCTION products_sort_name_follow, stock_batches_sort_name;
    DROP INDEX stock_batches_aging, stock_batches_product_name, stock_batches_low;
    ALTER TABLE stock_batches DROP COLUMN product_sort_name;
    DROP FUNCTION product_sort_name;
  `.execute(db);
}
