import os from 'node:os';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import { prepareMarked } from './prepared.ts';
import { cacheReads } from './read-cache.ts';
import type { DB } from './schema.ts';
import { attachCursors, SqlCursor } from './sql-cursor.ts';

// bigint (counts, bigserial ids) as JS numbers: our ids and counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
// numeric(14,3) quantities as JS numbers: exact enough (15 significant digits) for stock counts.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));
// Dates (stock_date) stay YYYY-MM-DD text: a calendar day has no time zone to shift it.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export type Database = Kysely<DB>;

/**
 * Connections in the app's pool: two per core and one more. More transactions at once than PostgreSQL has cores to
 * run them only queue on the same rows (the receipt counter, the day's totals) and spend the shared cores switching
 * between them: with 20 tills selling on two cores, a pool of 5 cost the database less CPU a sale than a pool of 10,
 * and the API sold nearer the pace of the same writes in raw SQL (bench/measurements.md, connection pool).
 * Requests beyond it wait for a connection; exports take at most EXPORT_TURNS of them (platform/exports.ts).
 */
export const POOL_SIZE = Math.max(5, 2 * os.availableParallelism() + 1);

/**
 * The app's queries run without parallel workers. Each one is small or reads kept sums, and starting workers took
 * longer than the work: the supplier report of a month on a chain's ten years took 90 ms, 70 of them waiting for two
 * workers that had a millisecond of rows each, and 18 ms without (bench/measurements.md, parallel workers). On a
 * shop's two cores the workers also take the CPU the other tills' requests need.
 */
const SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0';

export function createDatabase(connectionString: string, max = POOL_SIZE): Database {
  // Connections stay open when idle (the pool's default closes them after 10 s): a new one plans the till's search
  // again, warmed after the start (db/warm.ts). TCP keep-alives find one a firewall dropped meanwhile.
  const pool = new pg.Pool({ connectionString, max, options: SESSION_OPTIONS, idleTimeoutMillis: 0, keepAlive: true });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => {});
  // Each wraps the client's query() in turn: the read cache outermost, so what it answers from memory reaches neither
  // the setting of marked statements nor the connection.
  attachCursors(pool);
  prepareMarked(pool);
  cacheReads(pool);
  // .stream() (the exports) reads through a server-side cursor, a chunk at a time.
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool, cursor: SqlCursor }) });
}

/** Runs pending migrations; Kysely's Migrator holds an advisory lock, so several nodes may start together. */
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  // Unordered: issues take migration numbers ahead of time (008, 009 land after 010), so a database already at 010
  // must still run them.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error)?.message ?? error}`);
  }
}
