import { defineEndpoint, ENDPOINTS, ok } from '@duka/shared';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { holdToContracts, route } from './route.ts';

// The server registers its routes from the contracts: a route without one, or one without a route, stops it.

const thing = defineEndpoint({
  method: 'GET',
  path: '/thing',
  access: 'public',
  resource: 'thing',
  answer: ok(z.object({ name: z.string() })),
});
const other = defineEndpoint({ ...thing, path: '/other' });

const bareApp = () => {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
};

describe('routes from contracts', () => {
  it('refuses a route under /api without a contract', async () => {
    const app = bareApp();
    holdToContracts(app, [thing]);
    await expect(app.register(async (api) => api.get('/loose', async () => ({})), { prefix: '/api' })).rejects.toThrow(
      /GET \/api\/loose has no contract/,
    );
  });

  it('refuses a contract without a route, and passes when each has its route', async () => {
    const app = bareApp();
    const hold = holdToContracts(app, [thing, other]);
    await app.register(
      async (api) => route(api, thing, async () => ({ success: true as const, data: { name: 'x' } })),
      {
        prefix: '/api',
      },
    );
    expect(() => hold.assertAllRegistered()).toThrow('Contracts without a route: GET /other');
    await app.register(
      async (api) => route(api, other, async () => ({ success: true as const, data: { name: 'y' } })),
      {
        prefix: '/api',
      },
    );
    expect(() => hold.assertAllRegistered()).not.toThrow();
  });

  it('sends only what the answer declares', async () => {
    const app = bareApp();
    await app.register(
      async (api) =>
        route(api, thing, async () => ({ success: true as const, data: { name: 'Cement', secret: 'x' } as never })),
      { prefix: '/api' },
    );
    const res = await app.inject({ method: 'GET', url: '/api/thing' });
    expect(res.json()).toEqual({ success: true, data: { name: 'Cement' } });
  });

  describe('the app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('starts with every contract registered, each route once', async () => {
      const res = await t.call('GET', '/api/docs/json');
      const operations = Object.values(res.body.paths as Record<string, object>).flatMap((p) => Object.keys(p));
      expect(operations.length).toBe(ENDPOINTS.length);
    });
  });
});
