import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRolesAt } from '../../test/read-cache-probe.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEMO_CASHIER } from './seed/demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const readRoles = (db = t.db) => readRolesAt(db);

describe('read cache', () => {
  it('answers a repeat from memory until a table it reads is written', async () => {
    const first = await readRoles();
    expect(await readRoles()).toBe(first);
    // A write that changes no row still names the table: the cache cannot know it changed nothing.
    await t.db.updateTable('roles').set({ name: sql`name` }).where('id', '=', -1).execute();
    const afterWrite = await readRoles();
    expect(afterWrite).not.toBe(first);
    expect(await readRoles()).toBe(afterWrite);
  });

  it('never answers from memory inside a transaction', async () => {
    await readRoles();
    await t.db.transaction().execute(async (trx) => {
      const inside = await readRoles(trx);
      expect(await readRoles(trx)).not.toBe(inside);
    });
  });

  it('lets a signed-in request see a sign-out, a removed key and a lock on the very next request', async () => {
    const cashier = await t.db
      .selectFrom('users')
      .select(['id', 'role_id'])
      .where('email', '=', DEMO_CASHIER.email)
      .executeTakeFirstOrThrow();
    const stockLevel = (token: string) => t.call('GET', '/api/stocklevel', { token });

    // Each token is used twice first, so its session lookup is in memory when the change is made.
    const signedOut = await t.signIn(DEMO_CASHIER.email, DEMO_CASHIER.password);
    expect((await stockLevel(signedOut)).status).toBe(200);
    expect((await stockLevel(signedOut)).status).toBe(200);
    expect((await t.call('POST', '/api/logout', { token: signedOut })).status).toBe(200);
    expect((await stockLevel(signedOut)).status).toBe(401);

    const token = await t.signIn(DEMO_CASHIER.email, DEMO_CASHIER.password);
    expect((await stockLevel(token)).status).toBe(200);
    expect((await stockLevel(token)).status).toBe(200);
    await t.db
      .deleteFrom('role_permissions')
      .where('role_id', '=', cashier.role_id)
      .where('permission_key', '=', 'stockLevel')
      .execute();
    expect((await stockLevel(token)).status).toBe(403);

    expect((await t.call('GET', '/api/loggedinuser', { token })).status).toBe(200);
    await t.db.updateTable('users').set({ is_locked: true }).where('id', '=', cashier.id).execute();
    expect((await t.call('GET', '/api/loggedinuser', { token })).status).toBe(401);
  });
});
