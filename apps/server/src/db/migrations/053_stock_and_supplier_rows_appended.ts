import { type Kysely, sql } from 'kysely';
import { lineRollupsFunction, rebuildRollupsFunction, supplierMovedFunction } from './021_sale_line_rollups.ts';
import { applyFunction, rebuildFunction } from './039_stock_report_order.ts';
import { supplierValuesApplied, supplierValuesRebuilt } from './043_supplier_stock_values.ts';

// The stock's day totals, the suppliers' stock values and the sale lines per day and supplier, added to without
// rewriting a row every sale rewrites too (as the sale totals since migration 051).
//
// Each sale's commit rewrote a row of its batch's stock date in `stock_totals`, one of its supplier's in
// `supplier_stock_values` and one of its day and supplier in `sale_supplier_days`. A shop sells from a few deliveries
// and suppliers at a time, so a handful of rows were rewritten by every sale: while a backup's snapshot was open (25
// minutes into one at a chain's size, 168,000 dead versions of each), every rewrite walked the versions kept since it
// began, and the tills' sales per second fell as the backup went on (bench/measurements.md, the backup while 20 tills
// sell).
//
// Now a sale only inserts rows:
// - `stock_totals` and `supplier_stock_values` already held several rows per day or supplier, summed by every
//   reader; a commit now adds its sums as new rows rather than adding them to a row no other commit holds;
// - `sale_supplier_days` is a view summing the kept rows (`sale_supplier_days_kept`, the former table) and the new
//   ones (`sale_supplier_days_pending`), as the sale totals are.
// The server folds them every few seconds (`fold_stock_totals()`, `fold_sale_supplier_days()`): one statement deletes
// the rows it folds and inserts their sums, so a row is counted before or after the fold, never both, and never
// missed; a row inserted meanwhile is not deleted and waits for the next fold. Two folds at once are safe too: a row
// is returned only by the fold that deleted it. A rebuild (after a bulk load) locks its tables against every write
// first: a sale committed between its delete and its recomputation would otherwise be counted by both.
//
// Each table's stripes now come from a sequence its column owns, so a restore moves it past the restored rows (a sale
// after a restore took a stripe a restored row of its day already held, and was refused).

/** The stock's figures after a day's stock date and stripe, with their columns' types. */
const STOCK_FIGURES = [
  ['batches', 'int'],
  ['in_stock', 'int'],
  ['low', 'int'],
  ['received_cost', 'bigint'],
  ['value', 'bigint'],
  ['low_value', 'bigint'],
  ['cost', 'numeric'],
] as const;
/** Σ each figure, read by `column` from its name, type and place in the pending line (the day is the first). */
const stockFiguresSummed = (column: (figure: string, type: string, field: number) => string) =>
  sql.raw(STOCK_FIGURES.map(([figure, type], i) => `sum(${column(figure, type, i + 2)})`).join(', '));

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER SEQUENCE stock_totals_stripe OWNED BY stock_totals.stripe;
    CREATE SEQUENCE supplier_stock_values_stripe OWNED BY supplier_stock_values.stripe;
    SELECT setval('supplier_stock_values_stripe', coalesce(max(stripe), 0) + 1, false) FROM supplier_stock_values;
    -- No sale rewrites a row of theirs now: no room kept on each page for a new version beside the old.
    ALTER TABLE stock_totals SET (fillfactor = 100);
    ALTER TABLE supplier_stock_values SET (fillfactor = 100);

    -- At commit: the transaction's sums per day and per supplier, each a new row.
    CREATE OR REPLACE FUNCTION stock_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      lines text[] := string_to_array(rtrim(coalesce(current_setting('duka.stock_totals_pending', true), ''), ';'), ';');
    BEGIN
      IF cardinality(lines) = 0 THEN RETURN NULL; END IF;
      PERFORM set_config('duka.stock_totals_pending', '', true);
      INSERT INTO stock_totals
      SELECT split_part(line, ' ', 1)::date, nextval('stock_totals_stripe'),
             ${stockFiguresSummed((_, type, field) => `split_part(line, ' ', ${field})::${type}`)}
        FROM unnest(lines) line GROUP BY 1;
      INSERT INTO supplier_stock_values
      SELECT split_part(line, ' ', 9)::int, nextval('supplier_stock_values_stripe'), sum(split_part(line, ' ', 6)::bigint)
        FROM unnest(lines) line GROUP BY 1 HAVING sum(split_part(line, ' ', 6)::bigint) <> 0;
      RETURN NULL;
    END $$;

    -- Each day's and supplier's rows, where there are several, replaced by their sum. Returns the rows inserted.
    CREATE FUNCTION fold_stock_totals() RETURNS integer LANGUAGE plpgsql AS $$
    DECLARE
      days integer;
      suppliers integer;
    BEGIN
      WITH gone AS (
        DELETE FROM stock_totals
         WHERE stock_date IN (SELECT stock_date FROM stock_totals GROUP BY 1 HAVING count(*) > 1)
        RETURNING *)
      INSERT INTO stock_totals
      SELECT stock_date, nextval('stock_totals_stripe'), ${stockFiguresSummed((figure) => figure)}
        FROM gone GROUP BY stock_date;
      GET DIAGNOSTICS days = ROW_COUNT;
      WITH gone AS (
        DELETE FROM supplier_stock_values
         WHERE supplier_id IN (SELECT supplier_id FROM supplier_stock_values GROUP BY 1 HAVING count(*) > 1)
        RETURNING *)
      INSERT INTO supplier_stock_values
      SELECT supplier_id, nextval('supplier_stock_values_stripe'), sum(value) FROM gone GROUP BY supplier_id;
      GET DIAGNOSTICS suppliers = ROW_COUNT;
      RETURN days + suppliers;
    END $$;
    CREATE OR REPLACE FUNCTION rebuild_stock_totals() RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      LOCK TABLE stock_totals, supplier_stock_values IN EXCLUSIVE MODE;
      DELETE FROM stock_totals;
      INSERT INTO stock_totals SELECT * FROM stock_totals_recomputed();
      ${supplierValuesRebuilt}
      PERFORM set_config('duka.stock_totals_pending', '', true);
    END $$;

    ALTER TABLE sale_supplier_days RENAME TO sale_supplier_days_kept;
    ALTER TABLE sale_supplier_days_kept RENAME CONSTRAINT sale_supplier_days_pkey TO sale_supplier_days_kept_pkey;
    CREATE TABLE sale_supplier_days_pending (LIKE sale_supplier_days_kept);
    CREATE INDEX sale_supplier_days_pending_day ON sale_supplier_days_pending (day);
    CREATE VIEW sale_supplier_days AS
      SELECT day, supplier_id, sum(quantity) AS quantity, sum(revenue)::bigint AS revenue, sum(cost) AS cost
        FROM (SELECT * FROM sale_supplier_days_kept UNION ALL SELECT * FROM sale_supplier_days_pending) u
       GROUP BY day, supplier_id;
    ${lineRollupsFunction('sale_supplier_days_pending')}
    ${supplierMovedFunction('sale_supplier_days_pending')}

    -- Every pending row added to its kept day and supplier. Returns the kept rows written.
    CREATE FUNCTION fold_sale_supplier_days() RETURNS integer LANGUAGE plpgsql AS $$
    DECLARE
      n integer;
    BEGIN
      ${supplierDaysFolded}
      GET DIAGNOSTICS n = ROW_COUNT;
      RETURN n;
    END $$;

    ${rebuildRollupsFunction({
      first: sql`LOCK TABLE sale_product_months, sale_supplier_days_kept, sale_supplier_days_pending IN EXCLUSIVE MODE;`,
      supplierDays: sql`DELETE FROM sale_supplier_days_kept; DELETE FROM sale_supplier_days_pending;`,
      last: sql`PERFORM fold_sale_supplier_days();`,
    })}
  `.execute(db);
}

/** The pending rows moved into the kept ones, summed per day and supplier. */
const supplierDaysFolded = sql`
      WITH gone AS (DELETE FROM sale_supplier_days_pending RETURNING *)
      INSERT INTO sale_supplier_days_kept AS t
      SELECT day, supplier_id, sum(quantity), sum(revenue), sum(cost) FROM gone GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (day, supplier_id) DO UPDATE SET quantity = t.quantity + excluded.quantity,
        revenue = t.revenue + excluded.revenue, cost = t.cost + excluded.cost;`;

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Every pending row into the kept ones, no sale adding one meanwhile.
    LOCK TABLE sale_supplier_days_pending IN EXCLUSIVE MODE;
    ${supplierDaysFolded}
    DROP FUNCTION fold_sale_supplier_days, fold_stock_totals;
    DROP VIEW sale_supplier_days;
    DROP TABLE sale_supplier_days_pending;
    ALTER TABLE sale_supplier_days_kept RENAME TO sale_supplier_days;
    ALTER TABLE sale_supplier_days RENAME CONSTRAINT sale_supplier_days_kept_pkey TO sale_supplier_days_pkey;
    ${lineRollupsFunction()}
    ${supplierMovedFunction()}
    ${rebuildRollupsFunction()}
    ${applyFunction(supplierValuesApplied)}
    ${rebuildFunction(supplierValuesRebuilt)}
    -- The supplier values' stripes come from the stock totals' sequence again: past both tables' rows.
    ALTER TABLE stock_totals SET (fillfactor = 50);
    ALTER TABLE supplier_stock_values SET (fillfactor = 50);
    DROP SEQUENCE supplier_stock_values_stripe;
    ALTER SEQUENCE stock_totals_stripe OWNED BY NONE;
    SELECT setval('stock_totals_stripe', greatest(s.last_value, (SELECT coalesce(max(stripe), 0) FROM supplier_stock_values)))
      FROM stock_totals_stripe s;
  `.execute(db);
}
