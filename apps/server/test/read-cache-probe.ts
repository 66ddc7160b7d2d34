import { sql } from 'kysely';
import type { Database } from '../src/db/connection.ts';
import { CACHEABLE } from '../src/db/read-cache.ts';

/**
 * A read the pool may answer from memory (db/read-cache.ts), answering when it was read: clock_timestamp() differs at
 * every execution, so an equal answer can only come from memory.
 */
export const readRolesAt = (db: Database) =>
  db
    .selectFrom('roles')
    .select([sql<string>`clock_timestamp()::text`.as('at'), CACHEABLE])
    .limit(1)
    .executeTakeFirstOrThrow()
    .then((row) => row.at);
