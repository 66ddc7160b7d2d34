import { type Kysely, sql } from 'kysely';

// A code belongs to one sign-in: resends carry its start and its wrong tries forward, so resending can neither
// reset the five tries nor stretch the sign-in beyond its window; a verified code ends the sign-in.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE otps ADD COLUMN sign_in_started_at timestamptz;
    UPDATE otps SET sign_in_started_at = created_at;
    ALTER TABLE otps ALTER COLUMN sign_in_started_at SET NOT NULL;
    ALTER TABLE otps ADD COLUMN verified_at timestamptz;
  `.execute(db);
}
