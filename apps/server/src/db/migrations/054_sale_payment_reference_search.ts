import { type Kysely, sql } from 'kysely';

// The sales list finds a sale by any part of a payment's reference (the mobile-money transaction id from the SMS):
// a trigram index lets it read only the payments holding the text, as the sales' own name, phone and number do.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX sale_payments_reference_trgm ON sale_payments USING gin (reference gin_trgm_ops)
    WHERE reference IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX sale_payments_reference_trgm`.execute(db);
}
