import { type Kysely, sql } from 'kysely';

// A recount of a saved cash-up: the drawer counted again by a holder of salesCashUpRecount, kept as a new cash_ups
// row that refers to the first (recount_of) with its reason; the first stays as it was saved. A recount counts no
// sale or return of its own (no rows in cash_up_sales or cash_up_returns, no last ids): the first counted them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE cash_ups
      ADD COLUMN recount_of integer REFERENCES cash_ups(id),
      ADD COLUMN reason text,
      ADD CONSTRAINT cash_ups_recount_reason CHECK ((recount_of IS NULL) = (reason IS NULL));
    CREATE INDEX cash_ups_recounts ON cash_ups (recount_of) WHERE recount_of IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM cash_ups WHERE recount_of IS NOT NULL`.execute(db);
  await sql`ALTER TABLE cash_ups DROP COLUMN recount_of, DROP COLUMN reason`.execute(db);
}
