import { type Kysely, sql } from 'kysely';

// The cash-up's exact cut-off: a saved cash-up keeps the highest id of its cashier's sales and returns it
// counted. A sale or return of that cashier committed after the save (begun before the cut-off, or an offline sale
// dated before it) has a higher id and belongs to the next cash-up, so each is counted in exactly one. Null on
// cash-ups saved before this.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE cash_ups ADD COLUMN last_sale_id integer, ADD COLUMN last_return_id integer`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE cash_ups DROP COLUMN last_sale_id, DROP COLUMN last_return_id`.execute(db);
}
