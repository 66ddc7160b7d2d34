import { type Kysely, sql } from 'kysely';

// Sale lines summed per UTC month and product (the dashboard's top products) and per UTC day and supplier (the
// supplier report), so a year of them is read from a few hundred thousand rows instead of 1.5M lines. A period of
// shop days is then its whole UTC months (or days) from these tables plus its two edges from the lines themselves
// (modules/reports/line-rollups.ts): exact in any zone. Kept by statement triggers on sale_items in the writing
// transaction: each statement adds its new lines and takes off its old ones (a sale re-dated moves its lines), one
// upsert per table in key order, so two sales never wait on each other in opposite orders. A batch moved to
// another supplier moves its lines' sums with it.
// (Since migration 053 the lines per day and supplier are inserted as new rows, folded by the server.)

/**
 * Where lines are added per UTC day and supplier: upserted into `sale_supplier_days`, or inserted as new rows into the
 * pending table named (migration 053).
 */
const supplierDaysInsert = (pending?: string) => ({
  into: `INSERT INTO ${pending ?? 'sale_supplier_days'} AS t (day, supplier_id, quantity, revenue, cost)`,
  onConflict: pending
    ? ''
    : `ON CONFLICT (day, supplier_id) DO UPDATE SET quantity = t.quantity + excluded.quantity,
          revenue = t.revenue + excluded.revenue, cost = t.cost + excluded.cost`,
});

/** The statements adding a query's lines (their columns and a sign) to the month-product and day-supplier tables. */
export const lineRollupsFunction = (pending?: string) => {
  const { into, onConflict } = supplierDaysInsert(pending);
  return sql`
    CREATE OR REPLACE FUNCTION sale_line_rollups(lines text) RETURNS text[] LANGUAGE sql IMMUTABLE RETURN ARRAY[
      format($q$
        WITH l AS (%s)
        INSERT INTO sale_product_months AS t (month, product_id, measurement_id, quantity)
        SELECT date_trunc('month', l.created_at AT TIME ZONE 'UTC')::date, l.product_id, l.measurement_id,
               sum(l.sign * l.quantity)
          FROM l GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT (month, product_id, measurement_id) DO UPDATE SET quantity = t.quantity + excluded.quantity
      $q$, lines),
      format($q$
        WITH l AS (%s)
        ${sql.raw(into)}
        SELECT (l.created_at AT TIME ZONE 'UTC')::date, b.supplier_id, sum(l.sign * l.quantity),
               sum(l.sign * (l.total_price - l.discount_amount)), sum(l.sign * l.quantity * l.unit_cost)
          FROM l JOIN stock_batches b ON b.id = l.batch_id
         WHERE b.supplier_id IS NOT NULL
         GROUP BY 1, 2 ORDER BY 1, 2
        ${sql.raw(onConflict)}
      $q$, lines)];`;
};

/** A batch moved to another supplier: its lines' sums taken off the one it leaves, added to the other's. */
export const supplierMovedFunction = (pending?: string) => {
  const { into, onConflict } = supplierDaysInsert(pending);
  return sql`
    CREATE OR REPLACE FUNCTION batch_supplier_moved() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${sql.raw(into)}
      SELECT (i.created_at AT TIME ZONE 'UTC')::date, s.supplier_id, sum(s.sign * i.quantity),
             sum(s.sign * (i.total_price - i.discount_amount)), sum(s.sign * i.quantity * i.unit_cost)
        FROM sale_items i
        CROSS JOIN (VALUES (OLD.supplier_id, -1), (NEW.supplier_id, 1)) AS s (supplier_id, sign)
       WHERE i.batch_id = NEW.id AND s.supplier_id IS NOT NULL
       GROUP BY 1, 2 ORDER BY 1, 2
      ${sql.raw(onConflict)};
      RETURN NULL;
    END $$;`;
};

/**
 * Both tables rebuilt from every line (after a bulk load); a later migration's `first` (a lock), the day-supplier
 * tables it clears (`supplierDays`) and `last` (a fold).
 */
export const rebuildRollupsFunction = ({
  first = sql``,
  supplierDays = sql`DELETE FROM sale_supplier_days;`,
  last = sql``,
} = {}) =>
  sql`
    CREATE OR REPLACE FUNCTION rebuild_sale_line_rollups() RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      statement text;
    BEGIN
      ${first}
      DELETE FROM sale_product_months;
      ${supplierDays}
      FOREACH statement IN ARRAY sale_line_rollups('SELECT *, 1 AS sign FROM sale_items') LOOP
        EXECUTE statement;
      END LOOP;
      ${last}
    END $$;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sale_product_months (
      month date NOT NULL,
      product_id integer NOT NULL,
      measurement_id integer NOT NULL,
      quantity numeric NOT NULL,
      PRIMARY KEY (month, product_id, measurement_id)
    );
    CREATE TABLE sale_supplier_days (
      day date NOT NULL,
      supplier_id integer NOT NULL,
      quantity numeric NOT NULL,
      revenue bigint NOT NULL,
      cost numeric NOT NULL,
      PRIMARY KEY (day, supplier_id)
    );

    -- The two upserts adding the lines of a query (their columns and a sign) to both tables. Run by the trigger
    -- function itself: a statement's transition tables are visible there only, not in a function it calls.
    ${lineRollupsFunction()}

    CREATE OR REPLACE FUNCTION sale_lines_rolled() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      statement text;
    BEGIN
      FOREACH statement IN ARRAY sale_line_rollups(CASE TG_OP
        WHEN 'INSERT' THEN 'SELECT *, 1 AS sign FROM added'
        WHEN 'DELETE' THEN 'SELECT *, -1 AS sign FROM removed'
        ELSE 'SELECT *, 1 AS sign FROM added UNION ALL SELECT *, -1 FROM removed' END)
      LOOP
        EXECUTE statement;
      END LOOP;
      RETURN NULL;
    END $$;
    CREATE TRIGGER sale_items_rolled_insert AFTER INSERT ON sale_items REFERENCING NEW TABLE AS added
      FOR EACH STATEMENT EXECUTE FUNCTION sale_lines_rolled();
    CREATE TRIGGER sale_items_rolled_update AFTER UPDATE ON sale_items
      REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION sale_lines_rolled();
    CREATE TRIGGER sale_items_rolled_delete AFTER DELETE ON sale_items REFERENCING OLD TABLE AS removed
      FOR EACH STATEMENT EXECUTE FUNCTION sale_lines_rolled();

    ${supplierMovedFunction()}
    CREATE TRIGGER stock_batches_supplier_moved AFTER UPDATE OF supplier_id ON stock_batches
      FOR EACH ROW WHEN (OLD.supplier_id IS DISTINCT FROM NEW.supplier_id) EXECUTE FUNCTION batch_supplier_moved();

    ${rebuildRollupsFunction()}
    SELECT rebuild_sale_line_rollups();
    ANALYZE sale_product_months, sale_supplier_days;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER stock_batches_supplier_moved ON stock_batches;
    DROP TRIGGER sale_items_rolled_insert ON sale_items;
    DROP TRIGGER sale_items_rolled_update ON sale_items;
    DROP TRIGGER sale_items_rolled_delete ON sale_items;
    DROP FUNCTION rebuild_sale_line_rollups, batch_supplier_moved, sale_lines_rolled, sale_line_rollups;
    DROP TABLE sale_supplier_days, sale_product_months;
  `.execute(db);
}
