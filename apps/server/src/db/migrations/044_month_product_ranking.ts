import { type Kysely, sql } from 'kysely';

// The dashboard's top products of one month (its default view) read the month's products in quantity order and
// stop after the tenth, instead of summing every product the month sold: 55,000 rows a month at a chain's size
// (modules/dashboard/top-products.ts, topOfOneMonth).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX sale_product_months_ranked ON sale_product_months (month, quantity DESC)
      INCLUDE (product_id, measurement_id)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX sale_product_months_ranked`.execute(db);
}
