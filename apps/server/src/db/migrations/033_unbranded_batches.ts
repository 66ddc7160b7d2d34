import { type Kysely, sql } from 'kysely';

// Goods sold without a brand (sand, ballast): a batch, and so its sale lines, may have no brand. Every screen and
// file shows NO_BRAND ("No brand", packages/shared) in its place. The indexes on brand_id keep working: a btree holds
// NULLs and answers `brand_id IS NULL`.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE stock_batches ALTER COLUMN brand_id DROP NOT NULL;
    ALTER TABLE sale_items ALTER COLUMN brand_id DROP NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE sale_items ALTER COLUMN brand_id SET NOT NULL;
    ALTER TABLE stock_batches ALTER COLUMN brand_id SET NOT NULL;
  `.execute(db);
}
