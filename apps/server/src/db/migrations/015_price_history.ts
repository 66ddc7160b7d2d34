import { type Kysely, sql } from 'kysely';

// Price history: a sale made offline arrives later and is charged "with the prices of the batches at that
// time", so each batch keeps the sale prices it has had, each from the instant it took effect; likewise the VAT rate
// charged (the business's rate while VAT-registered, else 0). A price's row is written in the transaction that sets it.
// Existing batches start with their current price from when they were received; the VAT history starts with the rate
// in force now, from the beginning of time (its past changes were never kept).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE batch_sale_prices (
      -- A batch purged from the trash (never sold, never written off) takes its prices with it.
      batch_id integer NOT NULL REFERENCES stock_batches(id) ON DELETE CASCADE,
      sale_price bigint NOT NULL CHECK (sale_price >= 0),
      valid_from timestamptz NOT NULL,
      PRIMARY KEY (batch_id, valid_from)
    );
    INSERT INTO batch_sale_prices (batch_id, sale_price, valid_from)
      SELECT id, sale_price, created_at FROM stock_batches;

    CREATE TABLE vat_rates (
      valid_from timestamptz PRIMARY KEY,
      vat_rate numeric(5, 2) NOT NULL CHECK (vat_rate BETWEEN 0 AND 100)
    );
    INSERT INTO vat_rates (valid_from, vat_rate)
      SELECT '-infinity', CASE WHEN value->>'vat_registered' = 'Yes' THEN (value->>'vat_rate')::numeric ELSE 0 END
      FROM settings WHERE key = 'business';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE vat_rates; DROP TABLE batch_sale_prices`.execute(db);
}
