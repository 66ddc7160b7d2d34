import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { DEMO_ADMIN, DEMO_CASHIER } from '../../db/seed/demo.ts';
import { type TrustedProxies, trustProxyOption } from '../../platform/trusted-proxies.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string) => t.call('POST', '/api/login', { body: { email, password } });
const userId = async (email: string) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
const lastAudit = (activity: string) =>
  t.db.selectFrom('audit_logs').selectAll().where('activity', '=', activity).orderBy('id', 'desc').executeTakeFirst();

describe('POST /api/login', () => {
  it('answers 422 with the original client messages', async () => {
    const empty = await t.call('POST', '/api/login', { body: {} });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ email: ['Email is required.'], password: ['Password is required.'] });
    const bad = await login('not an email', 'x');
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ success: false, message: 'Invalid email format.' });
  });

  it('gives the same 401 for an unknown e-mail and a wrong password, and audits both', async () => {
    const unknown = await login('nobody@duka.test', 'whatever-123');
    const wrong = await login(DEMO_CASHIER.email, 'wrong-password');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.message).toBe('Invalid email or password. Please try again.');
    const audit = await lastAudit('Failed sign-in');
    expect(audit?.user_id).toBe(await userId(DEMO_CASHIER.email));
    expect(audit?.details).not.toContain('wrong-password');
    await t.db.updateTable('users').set({ failed_attempts: 0 }).execute();
  });

  it('signs in, names the user and role, and audits browser, platform and IP', async () => {
    const res = await login(DEMO_ADMIN.email.toUpperCase(), DEMO_ADMIN.password);
    expect(res.status).toBe(200);
    expect(res.body.data.token).toMatch(/^[\w-]{43}$/);
    const me = await t.call('GET', '/api/loggedinuser', { token: res.body.data.token });
    expect(me.body.data.user).toMatchObject({ name: 'Administrator', role_name: 'Administrator', is_admin: true });
    const audit = await lastAudit('Sign in');
    expect(audit).toMatchObject({ type: 'Authentication', browser: 'Chrome 140', platform: 'Linux', ip: '127.0.0.1' });
    const stored = await t.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(res.body.data.token);
  });

  it('locks the address out after the policy number of failures, even for the right password', async () => {
    const id = await userId(DEMO_CASHIER.email);
    for (let i = 0; i < 5; i++) expect((await login(DEMO_CASHIER.email, `wrong-${i}`)).status).toBe(401);
    const during = await login(DEMO_CASHIER.email, DEMO_CASHIER.password);
    expect(during.status).toBe(401);
    expect(during.body.message).toBe('Invalid email or password. Please try again.');
    expect((await lastAudit('Lock'))?.user_id).toBe(id);
    // Fifteen minutes later the lock is over (sign-in-limits.test.ts: per address, and what the account does).
    await t.db
      .updateTable('sign_in_addresses')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('user_id', '=', id)
      .execute();
    expect((await login(DEMO_CASHIER.email, DEMO_CASHIER.password)).status).toBe(200);
  });

  it('refuses a user locked by an administrator and locks a dormant account', async () => {
    const id = await userId(DEMO_CASHIER.email);
    await t.db.updateTable('users').set({ is_locked: true }).where('id', '=', id).execute();
    const locked = await login(DEMO_CASHIER.email, DEMO_CASHIER.password);
    expect(locked.status).toBe(401);
    expect(locked.body.message).toBe('Your account is locked. Please contact your administrator.');
    const longAgo = new Date(Date.now() - 91 * 86_400_000);
    await t.db.updateTable('users').set({ is_locked: false, last_login_at: longAgo }).where('id', '=', id).execute();
    expect((await login(DEMO_CASHIER.email, DEMO_CASHIER.password)).status).toBe(401);
    const user = await t.db.selectFrom('users').select('is_locked').where('id', '=', id).executeTakeFirstOrThrow();
    expect(user.is_locked).toBe(true);
    await t.db.updateTable('users').set({ is_locked: false, last_login_at: new Date() }).where('id', '=', id).execute();
  });

  it('never locks the last Administrator as dormant, so the shop keeps a way in', async () => {
    const id = await userId(DEMO_ADMIN.email);
    const longAgo = new Date(Date.now() - 400 * 86_400_000);
    await t.db.updateTable('users').set({ last_login_at: longAgo }).where('id', '=', id).execute();
    expect((await login(DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
    const admin = await t.db.selectFrom('users').select('is_locked').where('id', '=', id).executeTakeFirstOrThrow();
    expect(admin.is_locked).toBe(false);
  });
});

describe('sessions', () => {
  it('reports the remaining minutes without sliding the idle window, and expires idle sessions', async () => {
    const token = await t.signIn();
    const session = await t.call('GET', '/api/session', { token });
    expect(session.body).toEqual({ success: true, remaining_time_in_minutes: 119 });
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 100 * 60_000) })
      .execute();
    expect((await t.call('GET', '/api/session', { token })).body.remaining_time_in_minutes).toBe(19);
    expect((await t.call('GET', '/api/session', { token })).body.remaining_time_in_minutes).toBe(19);
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 121 * 60_000) })
      .execute();
    expect((await t.call('GET', '/api/loggedinuser', { token })).status).toBe(401);
  });

  it('ends at the absolute expiry however active', async () => {
    const token = await t.signIn();
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await t.call('GET', '/api/loggedinuser', { token })).status).toBe(401);
  });

  it('logs out: the token stops working and the sign-out is audited', async () => {
    const token = await t.signIn();
    const out = await t.call('POST', '/api/logout', { token, body: {} });
    expect(out.body).toEqual({ success: true, message: 'Logged out successfully.' });
    expect((await t.call('GET', '/api/loggedinuser', { token })).status).toBe(401);
    expect(await lastAudit('Sign out')).toBeDefined();
  });

  it('answers accessmenus with only the keys the role holds', async () => {
    const token = await t.signIn(DEMO_CASHIER.email, DEMO_CASHIER.password);
    const res = await t.call('POST', '/api/accessmenus', {
      token,
      body: { menuArray: ['salesPOS', 'userAdd', 'settings', 'noSuchKey'] },
    });
    expect(res.body).toEqual({ success: true, hasAccess: ['salesPOS'] });
    const admin = await t.call('POST', '/api/accessmenus', {
      token: await t.signIn(),
      body: { menuArray: ['userAdd', 'settings'] },
    });
    expect(admin.body.hasAccess).toEqual(['userAdd', 'settings']);
  });

  it('sets the CSRF cookie the original client asks for', async () => {
    const res = await t.call('GET', '/sanctum/csrf-cookie');
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toContain('XSRF-TOKEN');
  });
});

describe('rate limits', () => {
  it('refuses sign-in attempts past the per-IP limit with 429', async () => {
    const limited = await createTestApp({ authRateLimit: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (await limited.call('POST', '/api/login', { body: { email: 'x@duka.test', password: 'y' } })).status,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });

  it('does not let a client pick its own address with X-Forwarded-For unless a proxy is trusted', async () => {
    const attempt = (app: typeof t, i: number) =>
      app.call('POST', '/api/login', {
        body: { email: 'x@duka.test', password: 'y' },
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
    // Three failed sign-ins from three forwarded addresses on an app allowing two a minute: the answers, and the
    // address the last audit row kept.
    const threeAttempts = async (trustProxy?: TrustedProxies) => {
      const app = await createTestApp({ authRateLimit: 2, ...(trustProxy !== undefined && { trustProxy }) });
      try {
        const statuses = [];
        for (let i = 0; i < 3; i++) statuses.push((await attempt(app, i)).status);
        const audit = await app.db.selectFrom('audit_logs').select('ip').orderBy('id', 'desc').executeTakeFirst();
        return { statuses, ip: audit?.ip };
      } finally {
        await app.close();
      }
    };
    expect(await threeAttempts()).toEqual({ statuses: [401, 401, 429], ip: '127.0.0.1' });
    expect(await threeAttempts(1)).toEqual({ statuses: [401, 401, 401], ip: '203.0.113.2' });
    // Proxies named by address: the test's loopback client is believed when it is one of them, and otherwise is a
    // client that reached the node directly, whose header is its own invention.
    expect(await threeAttempts(['127.0.0.1'])).toEqual({ statuses: [401, 401, 401], ip: '203.0.113.2' });
    expect(await threeAttempts(['10.9.9.9', '192.0.2.0/24'])).toEqual({ statuses: [401, 401, 429], ip: '127.0.0.1' });
  });

  it('believes a number of proxies only when they run on this machine', () => {
    const believes = trustProxyOption(1) as (address: string, hop: number) => boolean;
    expect(believes('127.0.0.1', 0)).toBe(true);
    expect(believes('::1', 0)).toBe(true);
    expect(believes('::ffff:127.0.0.1', 0)).toBe(true);
    // A client reaching the node from another machine, its X-Forwarded-For forged.
    expect(believes('192.0.2.7', 0)).toBe(false);
    expect(believes('10.0.0.5', 0)).toBe(false);
    // The hop behind the one proxy is the client itself.
    expect(believes('127.0.0.1', 1)).toBe(false);
    expect(trustProxyOption(0)).toBe(false);
  });
});
