import { sql } from 'kysely';
import type { Database } from '../src/db/connection.ts';

/** The names of the statements the pool has prepared on this connection (db/prepared.ts), in name order. */
export const preparedNames = (db: Database) =>
  sql<{ name: string }>`SELECT name FROM pg_prepared_statements WHERE name LIKE 'duka\\_%' ORDER BY name`
    .execute(db)
    .then((r) => r.rows.map((row) => row.name));
