import { type Kysely, sql } from 'kysely';

// A sale key is bound to the user and the cart it first carried: the sale keeps a hash of its
// validated request and its user, so a replay can be told from a different sale that reuses the key. Sales made
// before this have no hash and stay bound to their user only.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sales ADD COLUMN request_hash text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sales DROP COLUMN request_hash`.execute(db);
}
