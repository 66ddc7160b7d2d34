import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the app's database connections", () => {
  it('plan without parallel workers, in every connection of the pool', async () => {
    // Held at once, so each answer comes from a connection of its own.
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        t.db.transaction().execute(async (trx) => {
          const { rows } = await sql<{ workers: string }>`
            SELECT current_setting('max_parallel_workers_per_gather') AS workers, pg_sleep(0.05)`.execute(trx);
          return rows[0]?.workers;
        }),
      ),
    );
    expect(answers).toEqual(['0', '0', '0']);
  });
});
