import { type Kysely, sql } from 'kysely';

// pg_prewarm reads a table or index into PostgreSQL's cache (db/warm.ts: the till's search tables after a start).
// It ships with PostgreSQL, the embedded one included, and is added when the database user is a superuser; where it
// cannot be added, the server starts without it and the warming is skipped.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DO $$
    BEGIN
      IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_prewarm')
         AND (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        CREATE EXTENSION IF NOT EXISTS pg_prewarm;
      END IF;
    EXCEPTION WHEN OTHERS THEN
      RAISE NOTICE 'pg_prewarm not added: %', SQLERRM;
    END $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP EXTENSION IF EXISTS pg_prewarm`.execute(db);
}
