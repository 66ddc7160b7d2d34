import { stockLevelList, stockList, stockWriteOffList } from '@duka/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DENIED, withCashierKeys } from '../../test/catalogue-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEMO_CASHIER } from '../db/seed/demo.ts';

// Lists built from their declarations (packages/shared/src/lists) describe their answer in the OpenAPI document.
let t: TestApp;
let cashier: string;
beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.signIn(DEMO_CASHIER.email, DEMO_CASHIER.password);
});
afterAll(() => t.close());

describe('declared lists', () => {
  it('document the flat list envelope with the declared row', async () => {
    const docs = await t.call('GET', '/api/docs');
    for (const list of [stockLevelList, stockWriteOffList]) {
      const answer = docs.body.paths[`/api${list.path}`].get.responses['200'].content['application/json'].schema;
      expect(Object.keys(answer.properties)).toEqual(
        expect.arrayContaining(['success', 'data', 'current_page', 'last_page', 'total', 'per_page', 'from', 'to']),
      );
      expect(Object.keys(answer.properties.data.items.properties)).toEqual(
        expect.arrayContaining(list.columns.map((c) => c.field.split('.')[0])),
      );
    }
  });

  it("hold a filter other than its default to the list's Filter key, on the list and its files alike", async () => {
    // The cashier holds none of the stock list's keys.
    const list = `/api${stockList.path}`;
    const filtered = 'startDate=2026-01-01&endDate=2026-12-31';
    await withCashierKeys(t, [stockList.keys.list], async () => {
      expect((await t.call('GET', list, { token: cashier })).status).toBe(200);
      // Search is not a filter, and a blank filter is its default (none).
      expect((await t.call('GET', `${list}?search=nails&startDate=&endDate=`, { token: cashier })).status).toBe(200);
      expect(await t.call('GET', `${list}?${filtered}`, { token: cashier })).toMatchObject({
        status: 403,
        body: DENIED,
      });
      expect(await t.call('GET', `${list}?endDate=2026-12-31`, { token: cashier })).toMatchObject({
        status: 403,
        body: DENIED,
      });
    });
    await withCashierKeys(t, [stockList.keys.list, 'stockFilter'], async () => {
      expect((await t.call('GET', `${list}?${filtered}`, { token: cashier })).status).toBe(200);
    });
    await withCashierKeys(t, ['stockExport'], async () => {
      expect((await t.download(`/api${stockList.exports.csv}`, cashier)).status).toBe(200);
      expect((await t.download(`/api${stockList.exports.xlsx}?${filtered}`, cashier)).status).toBe(403);
    });
    await withCashierKeys(t, ['stockExport', 'stockFilter'], async () => {
      expect((await t.download(`/api${stockList.exports.csv}?${filtered}`, cashier)).status).toBe(200);
    });
    // A list without a Filter key (the write-offs): whoever may read it may filter it.
    expect(Object.keys(stockWriteOffList.keys)).not.toContain('filter');
    await withCashierKeys(t, [stockWriteOffList.keys.list], async () => {
      const res = await t.call('GET', `/api${stockWriteOffList.path}?${filtered}`, { token: cashier });
      expect(res.status).toBe(200);
    });
  });
});
