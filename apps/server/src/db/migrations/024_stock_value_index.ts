import { type Kysely, sql } from 'kysely';

// The dashboard's stock value, Σ balance × unit cost over the batches in stock, read every 100,000 batches of the
// table (a sequential scan on the bench data). Only batches with a balance add anything (46,000 of them there), and
// this index holds just their two figures, so the sum is an index-only scan of those. With the supplier beside
// them, the supplier report's stock value per supplier is read the same way (bench/measurements.md, stock value).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX stock_batches_value ON stock_batches (balance, unit_price) INCLUDE (supplier_id)
      WHERE deleted_at IS NULL AND balance > 0
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX stock_batches_value`.execute(db);
}
