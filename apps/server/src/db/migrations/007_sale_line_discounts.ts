import { type Kysely, sql } from 'kysely';

// Each sale line stores its share of the sale's discount amount, so a report's lines add up to its sales' totals
// to the shilling. Existing sales get it by the rule of spreadDiscount (packages/shared): each line's
// share rounded down, then one shilling each to the largest remainders, the earlier line first on a tie. The
// default keeps inserts of a node still on the previous version working during a rolling upgrade.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sale_items ADD COLUMN discount_amount bigint NOT NULL DEFAULT 0 CHECK (discount_amount >= 0)`.execute(
    db,
  );
  await spreadStoredDiscounts(db);
}

/** Sets every discounted sale's line shares; exported so a test can hold it against spreadDiscount. */
export async function spreadStoredDiscounts(db: Kysely<any>): Promise<void> {
  await sql`
    WITH lines AS (
      SELECT i.id, i.sale_id, sa.discount_amount::numeric * i.total_price AS exact,
             sum(i.total_price) OVER (PARTITION BY i.sale_id)::numeric AS subtotal,
             sa.discount_amount::numeric AS discount
      FROM sale_items i JOIN sales sa ON sa.id = i.sale_id
      WHERE sa.discount_amount > 0
    ), floored AS (
      SELECT id, sale_id, discount, div(exact, subtotal) AS base, mod(exact, subtotal) AS remainder
      FROM lines WHERE subtotal > 0
    ), ranked AS (
      SELECT id, base, discount - sum(base) OVER (PARTITION BY sale_id) AS left_over,
             row_number() OVER (PARTITION BY sale_id ORDER BY remainder DESC, id) AS rank
      FROM floored
    )
    UPDATE sale_items i
    SET discount_amount = (r.base + CASE WHEN r.rank <= r.left_over THEN 1 ELSE 0 END)::bigint
    FROM ranked r WHERE r.id = i.id;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sale_items DROP COLUMN discount_amount`.execute(db);
}
