import { type Kysely, sql } from 'kysely';

// Products get an optional barcode (what a scanner types; unique among live products) and SKU (issue 15). The POS
// search matches name, brand, barcode, SKU and batch number with a typo allowed, so each gets a trigram index;
// pg_trgm itself comes from 001. The exact-match barcode lookup a scanner makes uses the unique index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE products ADD COLUMN barcode text, ADD COLUMN sku text;
    CREATE UNIQUE INDEX products_barcode_live ON products (barcode) WHERE deleted_at IS NULL AND barcode IS NOT NULL;
    CREATE INDEX products_barcode_trgm ON products USING gin (barcode gin_trgm_ops);
    CREATE INDEX products_sku_trgm ON products USING gin (sku gin_trgm_ops);
    CREATE INDEX products_sku_lower ON products (lower(sku)) WHERE deleted_at IS NULL;
    CREATE INDEX stock_batches_number_trgm ON stock_batches USING gin (batch_number gin_trgm_ops);
    CREATE INDEX stock_batches_in_stock ON stock_batches (product_id, brand_id, measurement_id, stock_date, id)
      WHERE deleted_at IS NULL AND balance > 0;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX stock_batches_in_stock, stock_batches_number_trgm;
    ALTER TABLE products DROP COLUMN barcode, DROP COLUMN sku;
  `.execute(db);
}
