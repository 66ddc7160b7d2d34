import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCashierKeys, withoutCashierKeys } from '../../../test/catalogue-fixtures.ts';
import { makeCatalogue, receiveBatch } from '../../../test/stock-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { DEMO_CASHIER } from '../../db/seed/demo.ts';

let t: TestApp;
let admin: string;
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Kampala' }).format(new Date());

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn();
});
afterAll(() => t.close());

describe('GET /api/dashboard', () => {
  it('is refused without the key', async () => {
    expect((await t.call('GET', '/api/dashboard')).status).toBe(401);
    const cashier = await t.signIn(DEMO_CASHIER.email, DEMO_CASHIER.password);
    const refused = await withoutCashierKeys(t, ['dashboard'], () =>
      t.call('GET', '/api/dashboard', { token: cashier }),
    );
    expect(refused.status).toBe(403);
  });

  it('computes stock value, revenue after discount, gross and net profit, losses and the top products', async () => {
    const nails = await receiveBatch(t, admin, await makeCatalogue(t, admin, 'Nails'), {
      quantity: 10,
      unit_price: 1_000,
      sale_price: 1_500,
    });
    const wire = await receiveBatch(t, admin, await makeCatalogue(t, admin, 'Wire'), {
      quantity: 4,
      unit_price: 2_000,
      sale_price: 3_000,
    });
    const sell = (items: { batchNumber: string; quantity: number }[], discount: number) =>
      t.call('POST', '/api/salesstore', {
        token: admin,
        body: {
          customerName: 'A',
          customerPhone: '0700000000',
          items,
          discount,
          paymentMethod: 'CASH',
          idempotencyKey: randomUUID(),
        },
      });
    // 4 nails × 1,500 + 1 wire × 3,000 = 9,000, less 10 % = 8,100 revenue; cost 4 × 1,000 + 2,000 = 6,000.
    expect(
      (
        await sell(
          [
            { batchNumber: nails.batch_number, quantity: 4 },
            { batchNumber: wire.batch_number, quantity: 1 },
          ],
          10,
        )
      ).status,
    ).toBe(200);
    await t.call('POST', '/api/stockadjustmentstore', {
      token: admin,
      body: { batch_id: wire.id, reason: 'DAMAGE', quantity: 1, adjustment_date: today, note: 'Rusted' },
    });
    const res = await t.call('GET', '/api/dashboard', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      stock_value: 6 * 1_000 + 2 * 2_000,
      total_revenue: 8_100,
      gross_profit: 2_100,
      total_loss: 2_000,
      net_profit: 100,
      chart_data: [
        { label: 'Nails', y: 4 },
        { label: 'Wire', y: 1 },
      ],
    });
    const lastYear = await t.call('GET', '/api/dashboard?startDate=2025-01-01&endDate=2025-01-31', { token: admin });
    expect(lastYear.body.data).toMatchObject({ total_revenue: 0, total_loss: 0, chart_data: [] });

    // The Cashier holds the dashboard but not the Profit and Loss report: revenue and the chart only.
    const cashier = await t.signIn(DEMO_CASHIER.email, DEMO_CASHIER.password);
    const theirs = await t.call('GET', '/api/dashboard', { token: cashier });
    expect(theirs.status).toBe(200);
    expect(Object.keys(theirs.body.data).sort()).toEqual(['chart_data', 'period', 'total_revenue']);
    expect(theirs.body.data).toMatchObject({ total_revenue: 8_100, chart_data: res.body.data.chart_data });
    // Once their role holds the report's key, the profit cards come with it.
    const granted = await withCashierKeys(t, ['reportProfitLossList'], () =>
      t.call('GET', '/api/dashboard', { token: cashier }),
    );
    expect(granted.body.data).toEqual(res.body.data);
  });
});
