import { type Kysely, sql } from 'kysely';

// Indexes for a busy shop's two years (the bench's shop: 20,000 products, 100,000 batches, 1M sales, 3M lines), each
// measured with EXPLAIN (ANALYZE, BUFFERS) on the bench data set (npm run bench):
// - sales (created_at, id): the sales list's order (created_at DESC, id DESC) read straight from the index, no
//   incremental sort over every row before the page; it covers the period sums (totals, discounts, VAT, method), so
//   revenue, tax and the dashboard read only the index. It replaces sales (created_at).
// - sale_items (sale_id) covering quantity, cost and amounts: a period's lines by index-only scans instead of a hash
//   join over all 3M lines (cost of goods sold, gross profit, totals of the sales reports). Replaces (sale_id).
// - products (name, id): stock levels in product-name order from the index (top-N instead of sorting a join of all
//   batches); products (created_at, id) and stock_batches (stock_date, id) the same for the product and stock lists.
// - trigram indexes on the sales list's other searched columns (sale number, phone), so its ILIKE search is one
//   bitmap OR of three indexes rather than a scan of a million sales.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX sales_created_id ON sales (created_at, id)
      INCLUDE (subtotal, discount_amount, total_amount, vat_amount, payment_method);
    DROP INDEX sales_created;
    CREATE INDEX sale_items_sale_covering ON sale_items (sale_id)
      INCLUDE (quantity, unit_cost, total_price, discount_amount, product_id, measurement_id);
    DROP INDEX sale_items_sale;
    CREATE INDEX products_name_id ON products (name, id);
    CREATE INDEX products_created_id ON products (created_at, id);
    CREATE INDEX stock_batches_date_id ON stock_batches (stock_date, id) WHERE deleted_at IS NULL;
    CREATE INDEX sales_number_trgm ON sales USING gin (sale_number gin_trgm_ops);
    CREATE INDEX sales_phone_trgm ON sales USING gin (customer_phone gin_trgm_ops);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX sales_phone_trgm, sales_number_trgm, stock_batches_date_id, products_created_id, products_name_id;
    CREATE INDEX sale_items_sale ON sale_items (sale_id);
    DROP INDEX sale_items_sale_covering;
    CREATE INDEX sales_created ON sales (created_at);
    DROP INDEX sales_created_id;
  `.execute(db);
}
