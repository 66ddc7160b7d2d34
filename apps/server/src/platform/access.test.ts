import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEMO_CASHIER } from '../db/seed/demo.ts';

// Walks the whole route table: every protected route refuses a missing token, and every permission-keyed route
// refuses a signed-in user without that key.
let t: TestApp;
let cashierToken: string;
let routes: { method: string; url: string; access: unknown }[];

beforeAll(async () => {
  t = await createTestApp();
  cashierToken = await t.signIn(DEMO_CASHIER.email, DEMO_CASHIER.password);
  // A signed-in user holding no key at all.
  await t.db.deleteFrom('role_permissions').execute();
  const { buildApp } = await import('../app.ts');
  const app = await buildApp({
    db: t.db,
    secrets: {} as never,
    mail: {} as never,
    authRateLimit: 1,
    timeZone: 'Africa/Kampala',
  });
  await app.ready();
  routes = app.routeTable;
  await app.close();
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace(/:\w+/g, '1');

describe('route table', () => {
  it('declares access on every route and has the shell routes', () => {
    const urls = routes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toContain('POST /api/login');
    expect(urls).toContain('GET /api/securitysettingslist');
    expect(routes.every((r) => r.access)).toBe(true);
  });

  it('answers 401 without a token on every protected route', async () => {
    const protectedRoutes = routes.filter((r) => r.access !== 'public');
    expect(protectedRoutes.length).toBeGreaterThan(5);
    for (const route of protectedRoutes) {
      const res = await t.call(route.method, concrete(route.url), { body: route.method === 'GET' ? undefined : {} });
      expect(res.status, `${route.method} ${route.url}`).toBe(401);
      expect(res.body).toEqual({ success: false, message: 'Unauthenticated.' });
    }
  });

  it('answers 403 on every permission route to a user without the key', async () => {
    const keyed = routes.filter((r) => typeof r.access === 'object');
    expect(keyed.length).toBeGreaterThan(3);
    for (const route of keyed) {
      const res = await t.call(route.method, concrete(route.url), {
        token: cashierToken,
        body: route.method === 'GET' ? undefined : {},
      });
      expect(res.status, `${route.method} ${route.url}`).toBe(403);
      expect(res.body).toEqual({ success: false, message: 'Access denied' });
    }
  });

  it('refuses an unknown or malformed token', async () => {
    for (const header of ['Bearer nonsense', 'Bearer ', 'Basic abc']) {
      const res = await t.call('GET', '/api/loggedinuser', { headers: { authorization: header } });
      expect(res.status).toBe(401);
    }
  });

  it('serves health and the OpenAPI description', async () => {
    expect((await t.call('GET', '/api/health')).body).toEqual({ success: true, status: 'ok' });
    const docs = await t.call('GET', '/api/docs');
    expect(docs.body.openapi).toMatch(/^3\./);
    expect(Object.keys(docs.body.paths)).toContain('/api/login');
  });
});
