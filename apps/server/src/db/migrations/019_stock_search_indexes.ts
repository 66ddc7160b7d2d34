import { type Kysely, sql } from 'kysely';

// The stock list and stock levels search (at 100,000 batches): each searched name is matched in its own
// table and its batches are then read by index (stock.queries.ts batchesMatching), so every searched column of
// stock_batches needs an index: the brand, unit and supplier of live batches (the product's is
// stock_batches_product), and trigrams on the batch number for ILIKE '%…%'.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX stock_batches_brand ON stock_batches (brand_id) WHERE deleted_at IS NULL;
    CREATE INDEX stock_batches_measurement ON stock_batches (measurement_id) WHERE deleted_at IS NULL;
    CREATE INDEX stock_batches_supplier ON stock_batches (supplier_id) WHERE deleted_at IS NULL;
    CREATE INDEX stock_batches_number_trgm ON stock_batches USING gin (batch_number gin_trgm_ops);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX stock_batches_number_trgm, stock_batches_supplier, stock_batches_measurement, stock_batches_brand;
  `.execute(db);
}
