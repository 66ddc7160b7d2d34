import { type Kysely, sql } from 'kysely';

// Offline sales bounded by what their batch held, and returns of what a batch never gave.
// - A stock discrepancy counts what came back of its shortfall: a return of goods the batch never gave reduces it,
//   and one reduced to nothing is resolved as RETURNED.
// - An offline sale short of stock reads what left its batch since the sale was made: the batch's lines and
//   write-offs by time.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE stock_discrepancies
      ADD COLUMN returned_quantity numeric(14,3) NOT NULL DEFAULT 0,
      ADD CONSTRAINT stock_discrepancies_returned CHECK (returned_quantity >= 0 AND returned_quantity <= quantity),
      DROP CONSTRAINT stock_discrepancies_resolution_kind_check,
      ADD CONSTRAINT stock_discrepancies_resolution_kind_check
        CHECK (resolution_kind IN ('WRITE_OFF', 'STOCK_RECEIVED', 'RETURNED'));
    -- Serves every read by batch as the old index did, and the lines of a batch after an instant.
    CREATE INDEX sale_items_batch_time ON sale_items (batch_id, created_at);
    DROP INDEX sale_items_batch;
    CREATE INDEX stock_adjustments_batch_time ON stock_adjustments (batch_id, created_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX stock_adjustments_batch_time;
    CREATE INDEX sale_items_batch ON sale_items (batch_id);
    DROP INDEX sale_items_batch_time;
    DELETE FROM stock_discrepancies WHERE resolution_kind = 'RETURNED';
    ALTER TABLE stock_discrepancies
      DROP CONSTRAINT stock_discrepancies_resolution_kind_check,
      ADD CONSTRAINT stock_discrepancies_resolution_kind_check
        CHECK (resolution_kind IN ('WRITE_OFF', 'STOCK_RECEIVED')),
      DROP CONSTRAINT stock_discrepancies_returned,
      DROP COLUMN returned_quantity;
  `.execute(db);
}
