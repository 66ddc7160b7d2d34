// After a start PostgreSQL's cache is empty: the till's first searches read their pages one by one, and on the bench's
// machine a page read into that cache for the first time cost about 40 µs, against 3 µs to read it from the system's
// file cache (which a machine just switched on does not have either). Read in one go once the server is up, the
// tables the till searches are in the cache before the first customer (bench/measurements.md, warming the till).
import { sql } from 'kysely';
import type { Database } from './connection.ts';

/** The share of PostgreSQL's cache the warming may fill: the rest is left to what reports and lists read. */
const SHARE_OF_CACHE = 0.5;

/** How long connections held for warming wait for the others before they go on. */
const WAIT_FOR_CONNECTIONS_MS = 250;

export interface Warmed {
  relation: string;
  pages: number;
}

/**
 * Reads `relations` (tables and indexes by name, the most worth it first) into PostgreSQL's cache, each that still
 * fits in its share, skipping one that does not or does not exist. None without pg_prewarm (migration 055).
 */
export async function warmRelations(db: Database, relations: readonly string[]): Promise<Warmed[]> {
  const { rows } = await sql<{ available: boolean; buffers: number }>`
    SELECT to_regproc('pg_prewarm') IS NOT NULL AS available,
           (SELECT setting::bigint FROM pg_settings WHERE name = 'shared_buffers') AS buffers`.execute(db);
  if (!rows[0]?.available) return [];
  let room = Math.floor(rows[0].buffers * SHARE_OF_CACHE);
  // Every relation's size in one statement, in the order given (null for one that does not exist).
  const sizes = await sql<{ relation: string; pages: number | null }>`
    SELECT name AS relation, pg_relation_size(to_regclass(name)) / current_setting('block_size')::int AS pages
    FROM unnest(${[...relations]}::text[]) WITH ORDINALITY AS r(name, place) ORDER BY place`.execute(db);
  const warmed: Warmed[] = [];
  for (const { relation, pages } of sizes.rows) {
    if (pages === null || pages > room) continue;
    const read = await sql<Warmed>`
      SELECT ${relation} AS relation, pg_prewarm(${relation}::regclass) AS pages`.execute(db);
    room -= pages;
    warmed.push(...read.rows);
  }
  return warmed;
}

/**
 * Runs `warm` on `count` connections of the pool, held all at once so that each is a different one: a connection's
 * first use of a statement plans it (a kept plan per connection, db/prepared.ts), which took the till's search 40 ms
 * on a new connection, against 3 ms after.
 */
export async function warmConnections(db: Database, count: number, warm: (connection: Database) => Promise<void>) {
  let arrived = 0;
  let release = () => {};
  // Those held go on after a moment without the rest: a connection busy elsewhere (an export) may take minutes, and
  // meanwhile the held ones would keep the requests arriving waiting.
  const allHeld = new Promise<void>((resolve) => {
    release = resolve;
    setTimeout(resolve, WAIT_FOR_CONNECTIONS_MS).unref();
  });
  const held = Array.from({ length: count }, () =>
    db.connection().execute(async (connection) => {
      if (++arrived === count) release();
      await allHeld;
      await warm(connection);
    }),
  );
  // A connection that could not be had must not keep the others waiting.
  for (const one of held) one.catch(release);
  await Promise.all(held);
}
