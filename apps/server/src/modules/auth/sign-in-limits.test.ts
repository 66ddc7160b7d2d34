// Failed sign-ins are counted per account and address: an address is locked out of an account, the account itself
// only slowed for addresses it never signed in from, so nobody can lock the Administrator out of their own machine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { DEMO_ADMIN, DEMO_CASHIER } from '../../db/seed/demo.ts';

let t: TestApp;
beforeAll(async () => {
  // One trusted proxy (the test's own loopback): X-Forwarded-For names the client's address.
  t = await createTestApp({ trustProxy: 1 });
});
afterAll(() => t.close());

const OWN_MACHINE = '198.51.100.7';
const from = (address: string, email: string, password: string, app = t) =>
  app.call('POST', '/api/login', { body: { email, password }, headers: { 'x-forwarded-for': address } });
const userId = async (email: string) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
/** Time passes: the slowed account's next turn for a new address has come. */
const turnComes = (email: string) =>
  t.db
    .updateTable('users')
    .set({ slowed_until: new Date(Date.now() - 1000) })
    .where('email', '=', email)
    .execute();

describe('wrong passwords from many addresses', () => {
  it('do not lock the Administrator out of their own machine; the owner is e-mailed once', async () => {
    expect((await from(OWN_MACHINE, DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
    for (let i = 1; i <= 5; i++) {
      expect((await from(`203.0.113.${i}`, DEMO_ADMIN.email, `wrong-${i}`)).status).toBe(401);
    }
    expect((await from(OWN_MACHINE, DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
    expect((await from(OWN_MACHINE, DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
    const notices = await t.db
      .selectFrom('outbox')
      .select('subject')
      .where('to_address', '=', DEMO_ADMIN.email)
      .where('subject', '=', 'Failed sign-ins to your account')
      .execute();
    expect(notices).toHaveLength(1);
  });

  it('let a new address try only one at a time while the account is over its failures', async () => {
    // The previous test left the Administrator with five failures in the last 15 minutes.
    expect((await from('203.0.113.50', DEMO_ADMIN.email, 'wrong-50')).status).toBe(401);
    const waiting = await from('203.0.113.51', DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(waiting.status).toBe(429);
    expect(waiting.body.message).toMatch(/^Too many failed sign-ins on this account\. Please wait \d+ seconds/);
    await turnComes(DEMO_ADMIN.email);
    expect((await from('203.0.113.51', DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
    // Signed in once from there, that address is the owner's too: no more waiting.
    expect((await from('203.0.113.51', DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
  });
});

describe('the policy number of wrong passwords from one address', () => {
  it('locks that address out of the account, the right password too, and no other address', async () => {
    const id = await userId(DEMO_CASHIER.email);
    for (let i = 0; i < 5; i++) expect((await from('203.0.113.9', DEMO_CASHIER.email, `wrong-${i}`)).status).toBe(401);
    const locked = await from('203.0.113.9', DEMO_CASHIER.email, DEMO_CASHIER.password);
    expect(locked).toMatchObject({ status: 401, body: { message: 'Invalid email or password. Please try again.' } });
    const lock = await t.db
      .selectFrom('audit_logs')
      .select(['user_id', 'details'])
      .where('activity', '=', 'Lock')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(lock).toEqual({
      user_id: id,
      details: 'Address 203.0.113.9 locked out of this account for 15 minutes after 5 failed sign-ins',
    });
    expect((await from('203.0.113.10', DEMO_CASHIER.email, DEMO_CASHIER.password)).status).toBe(200);
    // Fifteen minutes later the address may sign in again.
    await t.db
      .updateTable('sign_in_addresses')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('user_id', '=', id)
      .execute();
    await turnComes(DEMO_CASHIER.email);
    expect((await from('203.0.113.9', DEMO_CASHIER.email, DEMO_CASHIER.password)).status).toBe(200);
  });

  it('is lifted by an administrator unlocking the user', async () => {
    const id = await userId(DEMO_CASHIER.email);
    // A quarter of an hour after the previous test's failures: the account's count starts again.
    await t.db
      .updateTable('users')
      .set({ failures_since: new Date(Date.now() - 16 * 60_000) })
      .where('id', '=', id)
      .execute();
    for (let i = 0; i < 5; i++) await from('203.0.113.20', DEMO_CASHIER.email, `wrong-${i}`);
    expect((await from('203.0.113.20', DEMO_CASHIER.email, DEMO_CASHIER.password)).status).toBe(401);
    // The Administrator, from their own machine (the first test's failures still slow new addresses).
    const admin = (await from(OWN_MACHINE, DEMO_ADMIN.email, DEMO_ADMIN.password)).body.data.token;
    // The users list shows the account as locked while an address is locked out of it: one click unlocks.
    expect((await t.call('GET', `/api/usershow/${id}`, { token: admin })).body.data.is_locked).toBe(1);
    const unlock = await t.call('PUT', `/api/userlockunlock/${id}`, { token: admin });
    expect(unlock.body.message).toBe('User unlocked successfully!');
    expect((await from('203.0.113.20', DEMO_CASHIER.email, DEMO_CASHIER.password)).status).toBe(200);
  });
});

describe('two nodes on one database', () => {
  it('share the per-address limit on sign-in calls and the counted failures', async () => {
    const first = await createTestApp({ authRateLimit: 8, trustProxy: 1 });
    const second = await createTestApp({ authRateLimit: 8, trustProxy: 1, sameDatabaseAs: first });
    try {
      const nodes = [first, second];
      const statuses: number[] = [];
      for (let i = 0; i < 9; i++) {
        statuses.push((await from('192.0.2.1', 'nobody@duka.test', 'whatever-1', nodes[i % 2])).status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 429]);
      // Three wrong passwords through one node and two through the other lock the address out of both.
      for (let i = 0; i < 5; i++) {
        expect((await from('192.0.2.2', DEMO_CASHIER.email, `wrong-${i}`, nodes[i < 3 ? 0 : 1])).status).toBe(401);
      }
      for (const node of nodes) {
        expect((await from('192.0.2.2', DEMO_CASHIER.email, DEMO_CASHIER.password, node)).status).toBe(401);
      }
    } finally {
      await second.close();
      await first.close();
    }
  });
});
