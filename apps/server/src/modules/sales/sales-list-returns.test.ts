// The sales list after returns: each sale's refunds and net, and totals that are the revenue report's and the
// dashboard's for the same days, on the screen's call and in both files.
import { saleList } from '@duka/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportedRows, saleAt, wholeReport } from '../../../test/report-fixtures.ts';
import { xlsxDay } from '../../../test/spreadsheets.ts';
import type { Batch } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { tillShop } from '../../../test/till-fixtures.ts';
import { migrations } from '../../db/migrations/index.ts';

let t: TestApp;
let admin: string;
let cashier: string;
let cement: Batch;
let nails: Batch;

/** Sale A (2 cement, 4 nails, 5 % off) and B (1 nail) on 10 April; A's nail back that day, a cement on 3 May. */
const shop = {
  a: { id: 0, total: 0, number: '' },
  b: { id: 0, total: 0 },
  nailRefund: 0,
  cementRefund: 0,
};

beforeAll(async () => {
  ({ t, admin, cashier, cement, nails } = await tillShop());
  // Made now (a return is allowed within its window from today), then moved to the days the test reads.
  const a = await saleAt(
    t,
    cashier,
    new Date().toISOString(),
    [
      [cement, 2],
      [nails, 4],
    ],
    5,
  );
  const b = await saleAt(t, cashier, new Date().toISOString(), [[nails, 1]]);
  const shown = await t.call('GET', `/api/saleshow/${a.id}`, { token: admin });
  const line = (batch: Batch) =>
    shown.body.data.items.find((i: { batch_number: string }) => i.batch_number === batch.batch_number).id as number;
  const giveBack = async (batch: Batch, at: string) => {
    const res = await t.call('POST', `/api/salesreturnstore/${a.id}`, {
      token: cashier,
      body: { items: [{ sale_item_id: line(batch), quantity: 1 }], reason: 'Not needed', refund_method: 'CASH' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await sql`UPDATE sale_returns SET created_at = ${at}::timestamptz WHERE id = ${res.body.data.id}`.execute(t.db);
    const row = await t.db
      .selectFrom('sale_returns')
      .select('refund_amount')
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    return row.refund_amount;
  };
  shop.nailRefund = await giveBack(nails, '2025-04-10T15:00:00Z');
  shop.cementRefund = await giveBack(cement, '2025-05-03T08:00:00Z');
  for (const id of [a.id, b.id]) {
    await sql`UPDATE sales SET created_at = '2025-04-10T09:00:00Z' WHERE id = ${id}`.execute(t.db);
  }
  shop.a = { ...a, number: shown.body.data.sale_number };
  shop.b = b;
});
afterAll(() => t.close());

const list = async (query: Record<string, string>) => {
  const res = await t.call('GET', `/api/saleslist?${new URLSearchParams(query)}`, { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
/** The revenue report's and the dashboard's revenue over the days. */
const revenueOver = async (startDate: string, endDate: string) => {
  const report = await wholeReport(t, admin, 'reportrevenuelist', {
    report_type: 'custom',
    date_range: `${startDate},${endDate}`,
  });
  const dashboard = await t.call('GET', `/api/dashboard?startDate=${startDate}&endDate=${endDate}`, { token: admin });
  return { report: report.total_revenue as number, dashboard: dashboard.body.data.total_revenue as number };
};

describe('the sales list after returns', () => {
  it('shows what each sale had refunded and its net', async () => {
    // 5 % off each line: the nail refunds 7,125 and the cement 33,250, to the shilling as the sale stored them.
    expect([shop.nailRefund, shop.cementRefund]).toEqual([7_125, 33_250]);
    const { data } = await list({ startDate: '2025-04-10', endDate: '2025-04-10' });
    const byId = new Map(data.map((s: { id: number }) => [s.id, s]));
    expect(byId.get(shop.a.id)).toMatchObject({
      total_amount: 95_000,
      returned_amount: 7_125 + 33_250,
      net_amount: 95_000 - 7_125 - 33_250,
    });
    expect(byId.get(shop.b.id)).toMatchObject({ total_amount: 7_500, returned_amount: 0, net_amount: 7_500 });
  });

  it('keeps on each sale the sum of its returns, and the migration computes the same from the returns', async () => {
    const kept = () =>
      sql<{ id: number; kept: number; summed: number }>`
        SELECT sa.id, sa.returned_amount AS kept,
               (SELECT coalesce(sum(r.refund_amount), 0) FROM sale_returns r WHERE r.sale_id = sa.id)::bigint AS summed
          FROM sales sa ORDER BY sa.id`
        .execute(t.db)
        .then((r) => r.rows);
    const before = await kept();
    expect(before.find((s) => s.id === shop.a.id)).toEqual({ id: shop.a.id, kept: 40_375, summed: 40_375 });
    for (const sale of before) expect(sale.kept, `sale ${sale.id}`).toBe(sale.summed);

    const migration = migrations['047_sale_returned_amount'];
    await migration?.down?.(t.db);
    await migration?.up(t.db);
    expect(await kept()).toEqual(before);
  });

  it("totals the period's sales less the returns made in it: the revenue report's and the dashboard's figure", async () => {
    const april = await list({ startDate: '2025-04-01', endDate: '2025-04-30' });
    expect(april.totals).toEqual({
      total_sales: 95_000 + 7_500,
      total_returns: 7_125,
      net_sales: 95_000 + 7_500 - 7_125,
    });
    expect(await revenueOver('2025-04-01', '2025-04-30')).toEqual({
      report: april.totals.net_sales,
      dashboard: april.totals.net_sales,
    });

    // May has no sale, only the cement's return: its revenue is the refund taken off.
    const may = await list({ startDate: '2025-05-01', endDate: '2025-05-31' });
    expect(may.total).toBe(0);
    expect(may.totals).toEqual({ total_sales: 0, total_returns: 33_250, net_sales: -33_250 });
    expect(await revenueOver('2025-05-01', '2025-05-31')).toEqual({ report: -33_250, dashboard: -33_250 });

    // Over both months every return of April's sales is counted once.
    const both = await list({ startDate: '2025-04-01', endDate: '2025-05-31' });
    expect(both.totals.net_sales).toBe(95_000 + 7_500 - 7_125 - 33_250);
    expect(await revenueOver('2025-04-01', '2025-05-31')).toEqual({
      report: both.totals.net_sales,
      dashboard: both.totals.net_sales,
    });
  });

  it('totals what a search finds: its sales and the returns made against them in the period', async () => {
    const found = await list({ startDate: '2025-04-01', endDate: '2025-04-30', search: shop.a.number });
    expect(found.data.map((s: { id: number }) => s.id)).toEqual([shop.a.id]);
    expect(found.totals).toEqual({ total_sales: 95_000, total_returns: 7_125, net_sales: 95_000 - 7_125 });
    const none = await list({ startDate: '2025-04-01', endDate: '2025-04-30', search: 'nobody-at-all' });
    expect(none.totals).toEqual({ total_sales: 0, total_returns: 0, net_sales: 0 });
  });

  it('writes the returned and net columns and the three totals in the XLSX and the CSV', async () => {
    const query = 'startDate=2025-04-01&endDate=2025-04-30';
    for (const format of ['xlsx', 'csv'] as const) {
      const { rows } = await exportedRows(t, admin, `sale${format}?${query}`, format);
      const cell = (v: number) => (format === 'csv' ? String(v) : v);
      const day = (d: string) => (format === 'csv' ? d : xlsxDay(d));
      expect(rows.slice(0, 5)).toEqual([
        ['Sales'],
        ['Period', day('2025-04-01'), day('2025-04-30')],
        ['Total sales (UGX)', cell(102_500)],
        ['Returns in the period (UGX)', cell(7_125)],
        ['Net sales (UGX)', cell(95_375)],
      ]);
      const header = rows.find((r) => r[0] === 'Sale Number') as string[];
      expect(header).toEqual(saleList.columns.map((c) => c.header));
      const saleA = rows.find((r) => r[0] === shop.a.number) as unknown[];
      const field = (name: string) => saleA[header.indexOf(name)];
      expect([field('Total Amount'), field('Returned'), field('Net Amount')]).toEqual([
        cell(95_000),
        cell(40_375),
        cell(54_625),
      ]);
    }
  });
});
