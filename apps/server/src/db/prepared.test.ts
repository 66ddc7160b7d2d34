import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedNames } from '../../test/prepared-probe.ts';
import { readRolesAt } from '../../test/read-cache-probe.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { PREPARED, prefixEnd } from './prepared.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('prepared statements', () => {
  it('sends a marked statement by name, and keeps it on the connection for the next call', async () => {
    await t.db.connection().execute(async (db) => {
      const before = await preparedNames(db);
      const marked = (n: number) => sql<{ n: number }>`${PREPARED} SELECT ${n}::int + 1 AS n`.execute(db);
      expect((await marked(1)).rows).toEqual([{ n: 2 }]);
      const after = await preparedNames(db);
      expect(after.length).toBe(before.length + 1);
      // The same text with another value: the same statement, nothing more prepared.
      expect((await marked(41)).rows).toEqual([{ n: 42 }]);
      await sql`SELECT 1`.execute(db);
      expect(await preparedNames(db)).toEqual(after);
    });
  });

  it('runs a marked statement by its kept plan, and leaves the connection planning every other one for its values', async () => {
    await t.db.connection().execute(async (db) => {
      const mode = (on: typeof db = db) =>
        sql<{ mode: string }>`SELECT current_setting('plan_cache_mode') AS mode`
          .execute(on)
          .then((r) => r.rows[0]?.mode);
      const during = sql<{ mode: string }>`${PREPARED} SELECT current_setting('plan_cache_mode') AS mode`;
      expect((await during.execute(db)).rows).toEqual([{ mode: 'force_generic_plan' }]);
      expect(await mode()).toBe('auto');
      // After a marked statement that fails, the next statement runs without the setting all the same.
      await expect(sql`${PREPARED} SELECT 1 / ${0}::int`.execute(db)).rejects.toThrow(/division by zero/);
      expect(await mode()).toBe('auto');
      // Two marked statements in a row keep it; what comes next on the connection does not: a transaction, or an
      // export's cursor (whose statements the cursor sends itself).
      await during.execute(db);
      expect((await during.execute(db)).rows).toEqual([{ mode: 'force_generic_plan' }]);
      expect(await db.transaction().execute((trx) => mode(trx))).toBe('auto');
      await during.execute(db);
      const streamed = [];
      for await (const row of db.selectNoFrom(sql<string>`current_setting('plan_cache_mode')`.as('mode')).stream())
        streamed.push(row.mode);
      expect(streamed).toEqual(['auto']);
    });
  });

  it("leaves the read cache's answers as they were: a marked statement writes no table", async () => {
    const first = await readRolesAt(t.db);
    await sql`${PREPARED} SELECT 1`.execute(t.db);
    expect(await readRolesAt(t.db)).toBe(first);
  });

  it('bounds exactly the texts that start with a prefix, in the order of a text_pattern_ops index', async () => {
    const prefixes = ['600', 'SKU-1', 'a%_\\', 'é', 'x\u{d7ff}', '😀', 'z'];
    const codes = ['6', '60', '600', '6000', '6001', '601', 'SKU-1', 'SKU-10', 'SKU-2', 'a%_\\b', 'a%_b', 'f'];
    const others = [
      'é',
      'éa',
      'x\u{d7ff}',
      'x\u{d7ff}y',
      'x\u{e000}',
      '😀',
      '😀!',
      '😁',
      'z',
      'z\u{10ffff}',
      '{',
      'zz',
    ];
    const texts = [...codes, ...others];
    for (const prefix of prefixes) {
      const end = prefixEnd(prefix) as string;
      const { rows } = await sql<{ text: string; inRange: boolean }>`
        SELECT t AS text, (t ~>=~ ${prefix} AND t ~<~ ${end}) AS "inRange" FROM unnest(${texts}::text[]) t`.execute(
        t.db,
      );
      for (const row of rows) expect(row.inRange, `${row.text} in ${prefix}`).toBe(row.text.startsWith(prefix));
    }
  });

  it('has no end for a prefix whose last character has no successor', () => {
    expect(prefixEnd('')).toBeNull();
    expect(prefixEnd('a\u{10ffff}')).toBeNull();
    expect(prefixEnd('abc')).toBe('abd');
  });
});
