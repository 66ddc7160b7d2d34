import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedNames } from '../../test/prepared-probe.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { POS_SEARCH_RELATIONS, searchEachForm, searchPos } from '../modules/sales/pos-search.queries.ts';
import { POOL_SIZE } from './connection.ts';
import { warmConnections, warmRelations } from './warm.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pagesOf = async (relation: string) => {
  const { rows } = await sql<{ pages: number }>`
    SELECT pg_relation_size(${relation}::regclass) / current_setting('block_size')::int AS pages`.execute(t.db);
  return rows[0]?.pages;
};

describe('warming the till’s search after a start', () => {
  it('names only tables and indexes that exist, and reads each into the cache', async () => {
    const missing = await sql<{ name: string }>`
      SELECT name FROM unnest(${[...POS_SEARCH_RELATIONS]}::text[]) AS name WHERE to_regclass(name) IS NULL`.execute(
      t.db,
    );
    expect(missing.rows).toEqual([]);
    const prewarm = await sql<{ found: boolean }>`SELECT to_regproc('pg_prewarm') IS NOT NULL AS found`.execute(t.db);
    expect(prewarm.rows, 'pg_prewarm was not added: the database user must be a superuser').toEqual([{ found: true }]);
    // pg_prewarm's count of the pages it read, each relation's whole size.
    const warmed = await warmRelations(t.db, [...POS_SEARCH_RELATIONS, 'password_history', 'no_such_table']);
    const expected = await Promise.all(
      [...POS_SEARCH_RELATIONS, 'password_history'].map(async (relation) => ({
        relation,
        pages: await pagesOf(relation),
      })),
    );
    expect(warmed).toEqual(expected);
    expect(warmed.find((w) => w.relation === 'password_history')?.pages).toBeGreaterThan(0);
  });

  it('runs on as many different connections as asked, each held until all are', async () => {
    const pids: number[] = [];
    await warmConnections(t.db, 4, async (connection) => {
      const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(connection);
      pids.push(rows[0]?.pid as number);
    });
    expect(new Set(pids).size).toBe(4);
  });

  it('goes on without a connection busy elsewhere', async () => {
    let started = () => {};
    let free = () => {};
    const busyStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const busy = t.db.connection().execute(
      () =>
        new Promise<void>((resolve) => {
          free = resolve;
          started();
        }),
    );
    await busyStarted;
    try {
      const pids: number[] = [];
      // Every connection of the pool asked for, one of them busy all along: the others are warmed after a moment's
      // wait, and the last call takes one of them once it is free again.
      await warmConnections(t.db, POOL_SIZE, async (connection) => {
        const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(connection);
        pids.push(rows[0]?.pid as number);
      });
      expect(pids.length).toBe(POOL_SIZE);
      expect(new Set(pids).size).toBe(POOL_SIZE - 1);
    } finally {
      free();
      await busy;
    }
  });

  it('plans on a connection every statement the till’s searches send', async () => {
    await t.db.connection().execute(async (connection) => {
      expect(await preparedNames(connection)).toEqual([]);
      await searchEachForm(connection);
      const planned = await preparedNames(connection);
      expect(planned.length).toBeGreaterThanOrEqual(4);
      // A barcode, a code's beginning, a word, a typo, a SKU, a batch number's start, two words, three letters:
      // nothing more to plan.
      for (const text of ['6001234567890', '600123', 'cement', 'cemnet', 'SKU-12', 'BN3F', 'portland cement', 'cem']) {
        await searchPos(connection, text);
      }
      expect(await preparedNames(connection)).toEqual(planned);
    });
  });
});
