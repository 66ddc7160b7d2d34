import { type Kysely, sql } from 'kysely';

// A code belongs to one sign-in: resends carry its start and its wrong tries forward, so resending can neither
// reset the five tries nor stretch the sign-in beyond its window; a verified code ends the sign-in. The default
// keeps inserts of a node still on the previous version working during a rolling upgrade.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE otps ADD COLUMN sign_in_started_at timestamptz NOT NULL DEFAULT now();
    UPDATE otps SET sign_in_started_at = created_at;
    ALTER TABLE otps ADD COLUMN verified_at timestamptz;
  `.execute(db);
}
