// One month closed with VAT on: the business is VAT-registered at 18 % before any sale, so every sale
// stores its VAT. Sales at two costs with discounts, expenses in three categories and a write-off; every figure of the
// financial reports agrees with the four sales reports, the dashboard and the receipts (GET /saleshow), to the shilling.
import { vatIncluded } from '@duka/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveVat } from '../../../test/business-fixtures.ts';
import { signedInApp } from '../../../test/crud-contract.ts';
import { saleAt, wholeReport } from '../../../test/report-fixtures.ts';
import { type Batch, makeCatalogue, receiveBatch } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: string;
const MARCH = { report_type: 'custom', date_range: '2025-03-01,2025-03-31' };
/** A Monday-to-Sunday week wholly inside March, for the weekly sales report. */
const WEEK = { start: '2025-03-03', end: '2025-03-09' };
const inMarch: { id: number; total: number }[] = [];
const received = { cost: 0 };

async function ok(res: Promise<{ status: number; body: any }>) {
  const r = await res;
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return r.body;
}

beforeAll(async () => {
  ({ t, admin } = await signedInApp());
  await saveVat(t, admin, 'Yes', 18);
  const cement = await makeCatalogue(t, admin, 'Cement 50kg VAT');
  const nails = await makeCatalogue(t, admin, 'Roofing Nails VAT');
  // Cement at two costs, nails by the kilogram at a cost and price whose VAT and discounts round.
  const cheap = await receiveBatch(t, admin, cement, {
    quantity: 20,
    unit_price: 30_000,
    sale_price: 35_400,
    stock_date: '2025-03-02',
  });
  const dear = await receiveBatch(t, admin, cement, {
    quantity: 10,
    unit_price: 31_500,
    sale_price: 37_000,
    stock_date: '2025-03-10',
  });
  const wire = await receiveBatch(t, admin, nails, {
    quantity: 45.5,
    unit_price: 7_333,
    sale_price: 9_137,
    stock_date: '2025-03-05',
  });
  received.cost = 20 * 30_000 + 10 * 31_500 + Math.round(45.5 * 7_333);

  const sell = (instant: string, lines: [Batch, number][], discount = 0) => saleAt(t, admin, instant, lines, discount);
  inMarch.push(
    await sell('2025-02-28T21:30:00Z', [[cheap, 1]]), // 00:30 on 1 March in the shop's zone
    await sell(
      '2025-03-03T09:00:00Z',
      [
        [cheap, 3],
        [wire, 2.5],
      ],
      5,
    ),
    await sell('2025-03-05T08:00:00Z', [[wire, 1.75]], 3),
    await sell('2025-03-05T15:00:00Z', [[cheap, 2]]),
    await sell('2025-03-12T20:30:00Z', [[dear, 2]], 2.5),
  );
  await sell('2025-03-31T21:30:00Z', [[dear, 1]]); // 1 April in the shop's zone: outside the month

  const expense = (expense_date: string, category: string, amount: number) =>
    ok(
      t.call('POST', '/api/expensestore', {
        token: admin,
        body: { expense_date, category, amount, description: 'Month close', payment_method: 'CASH' },
      }),
    );
  await expense('2025-03-01', 'Rent', 400_000);
  await expense('2025-03-12', 'Transport', 35_000);
  await expense('2025-03-31', 'Salaries and wages', 600_000);
  await ok(
    t.call('POST', '/api/stockadjustmentstore', {
      token: admin,
      body: { batch_id: cheap.id, reason: 'DAMAGE', quantity: 1.5, adjustment_date: '2025-03-20', note: 'Wet bags' },
    }),
  );
});
afterAll(() => t.close());

const report = (path: string, query: Record<string, string> = MARCH) => wholeReport(t, admin, path, query);
const sum = (values: number[]) => values.reduce((a, n) => a + n, 0);
const monthRevenue = () => sum(inMarch.map((s) => s.total));

describe('a month with VAT on reconciles', () => {
  it('revenue report = P&L revenue = dashboard revenue = the four sales reports for the same days', async () => {
    const [byDay, statement, dashboard, monthly, consolidated, weekly, weekRevenue] = await Promise.all([
      report('reportrevenuelist'),
      report('reportprofitlosslist'),
      ok(t.call('GET', '/api/dashboard?startDate=2025-03-01&endDate=2025-03-31', { token: admin })),
      report('reportmonthlysaleslist', { month: '2025-03' }),
      report('reportconsolidatedsaleslist'),
      report('reportweeklysaleslist', { week_start: WEEK.start }),
      report('reportrevenuelist', { report_type: 'custom', date_range: `${WEEK.start},${WEEK.end}` }),
    ]);
    const revenue = monthRevenue();
    expect(revenue).toBeGreaterThan(0);
    expect(byDay.total_revenue).toBe(revenue);
    expect(statement.revenue).toBe(revenue);
    expect(dashboard.data.total_revenue).toBe(revenue);
    expect(monthly.total_sales).toBe(revenue);
    expect(consolidated.total_sales).toBe(revenue);
    expect(weekly.total_sales).toBe(weekRevenue.total_revenue);
    // Each shop day of the revenue report is the daily sales report of that day.
    expect(byDay.data.data.map((r: { day: string }) => r.day)).toEqual([
      '2025-03-12',
      '2025-03-05',
      '2025-03-03',
      '2025-03-01',
    ]);
    for (const row of byDay.data.data as { day: string; revenue: number }[]) {
      const daily = await report('reportdailysaleslist', { Date: row.day });
      expect(daily.total_sales, row.day).toBe(row.revenue);
    }
  });

  it('P&L net profit = dashboard net profit, with three expense categories and the write-off', async () => {
    const [statement, dashboard] = await Promise.all([
      report('reportprofitlosslist'),
      ok(t.call('GET', '/api/dashboard?startDate=2025-03-01&endDate=2025-03-31', { token: admin })),
    ]);
    const cogs = Math.round(1 * 30_000 + 3 * 30_000 + 2.5 * 7_333 + 1.75 * 7_333 + 2 * 30_000 + 2 * 31_500);
    const expenses = 400_000 + 35_000 + 600_000;
    const loss = 1.5 * 30_000;
    expect(statement).toMatchObject({ cost_of_goods_sold: cogs, total_expenses: expenses, total_loss: loss });
    expect(statement.net_profit).toBe(monthRevenue() - cogs - expenses - loss);
    expect(dashboard.data.net_profit).toBe(statement.net_profit);
  });

  it('tax report total = Σ VAT on the receipts as GET /saleshow gives them', async () => {
    const shown = await Promise.all(
      inMarch.map(async (s) => (await ok(t.call('GET', `/api/saleshow/${s.id}`, { token: admin }))).data),
    );
    for (const sale of shown) {
      expect(sale.vat_rate).toBe(18);
      expect(sale.vat_amount).toBe(vatIncluded(sale.total_amount, 18));
    }
    const vat = sum(shown.map((s) => s.vat_amount));
    expect(vat).toBeGreaterThan(0);
    const tax = await report('reporttaxlist');
    expect(tax.total_tax).toBe(vat);
    expect(tax.total_taxable).toBe(monthRevenue() - vat);
  });

  it('the supplier report’s received cost = the stock report’s total', async () => {
    const [suppliers, stock] = await Promise.all([report('reportsupplierlist'), report('reportstocklist')]);
    expect(stock.total_stocks).toBe(received.cost);
    expect(suppliers.total_purchases).toBe(received.cost);
    expect(sum(suppliers.data.data.map((r: { received_cost: number }) => r.received_cost))).toBe(received.cost);
  });
});
