import { type Kysely, sql } from 'kysely';

// Products get an optional barcode (what a scanner types; unique among live products) and SKU. The POS
// search matches names and brands with a typo allowed (their trigram indexes exist since 003) and codes — barcode,
// SKU, batch number — whole or by their beginning. Codes get prefix indexes (text_pattern_ops), not trigrams: a
// trigram lookup is slow among barcodes of digits, as every code shares "600" and "000" (bench/measurements.md,
// product codes).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE products ADD COLUMN barcode text, ADD COLUMN sku text;
    CREATE UNIQUE INDEX products_barcode_live ON products (barcode) WHERE deleted_at IS NULL AND barcode IS NOT NULL;
    CREATE INDEX products_barcode_prefix ON products (barcode text_pattern_ops) WHERE deleted_at IS NULL;
    CREATE INDEX products_sku_prefix ON products (lower(sku) text_pattern_ops) WHERE deleted_at IS NULL;
    CREATE INDEX stock_batches_number_prefix ON stock_batches (batch_number text_pattern_ops)
      WHERE deleted_at IS NULL AND balance > 0;
    CREATE INDEX stock_batches_in_stock ON stock_batches (product_id, brand_id, measurement_id, stock_date, id)
      WHERE deleted_at IS NULL AND balance > 0;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX stock_batches_in_stock, stock_batches_number_prefix;
    ALTER TABLE products DROP COLUMN barcode, DROP COLUMN sku;
  `.execute(db);
}
