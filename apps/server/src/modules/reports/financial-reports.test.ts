// The five financial reports on one seeded month (sales at two costs, discounts, a sale either side of the month's
// edges in shop time, expenses in three categories, a write-off): every figure reconciles with the others, the sales
// and stock reports and the dashboard, to the shilling; the previous period sits beside; keys, 422s and exports.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DENIED, UNAUTHENTICATED, withCashierKeys } from '../../../test/catalogue-fixtures.ts';
import { signedInApp } from '../../../test/crud-contract.ts';
import { exportedRows, saleAt, wholeReport } from '../../../test/report-fixtures.ts';
import { xlsxDay } from '../../../test/spreadsheets.ts';
import { type Batch, makeCatalogue, receiveBatch } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { shopDay } from '../../platform/period.ts';

let t: TestApp;
let admin: string;
let cashier: string;
const MARCH = { report_type: 'custom', date_range: '2025-03-01,2025-03-31' };
const PATHS = ['revenue', 'profitloss', 'expense', 'supplier', 'tax'];
const sales: Record<string, { id: number; total: number }> = {};
const b: Record<string, Batch> = {};
const supplierOf: Record<string, number> = {};

async function expense(body: object) {
  const res = await t.call('POST', '/api/expensestore', {
    token: admin,
    body: { description: 'Month close test', payment_method: 'CASH', ...body },
  });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data.id as number;
}

beforeAll(async () => {
  ({ t, admin, cashier } = await signedInApp());
  const cement = await makeCatalogue(t, admin, 'Cement 50kg');
  const nails = await makeCatalogue(t, admin, 'Roofing Nails');
  supplierOf.cement = cement.supplier_id;
  supplierOf.nails = nails.supplier_id;
  // Cement at two costs; nails by the kilogram at a cost that rounds.
  b.cheap = await receiveBatch(t, admin, cement, { quantity: 20, unit_price: 30_000, stock_date: '2025-03-02' });
  b.dear = await receiveBatch(t, admin, cement, { quantity: 10, unit_price: 31_500, stock_date: '2025-03-10' });
  b.nails = await receiveBatch(t, admin, nails, {
    quantity: 45.5,
    unit_price: 7_333,
    sale_price: 9_000,
    stock_date: '2025-03-05',
  });
  b.february = await receiveBatch(t, admin, cement, { quantity: 5, unit_price: 29_000, stock_date: '2025-02-10' });

  sales.early = await saleAt(t, admin, '2025-02-28T21:30:00Z', [[b.cheap as Batch, 1]]); // 00:30 on 1 March in Kampala
  sales.mixed = await saleAt(
    t,
    admin,
    '2025-03-03T09:00:00Z',
    [
      [b.cheap as Batch, 3],
      [b.nails as Batch, 2.5],
    ],
    5,
  );
  sales.dear = await saleAt(t, admin, '2025-03-15T20:30:00Z', [[b.dear as Batch, 2]], 2.5);
  sales.late = await saleAt(t, admin, '2025-03-31T21:30:00Z', [[b.dear as Batch, 1]]); // 1 April in Kampala
  sales.previous = await saleAt(t, admin, '2025-02-12T10:00:00Z', [[b.february as Batch, 2]]);
  await sql`UPDATE sales SET payment_method = 'MOBILE_MONEY' WHERE id = ${sales.dear?.id}`.execute(t.db);
  // How a sale was paid lives in its payments (sale_payments), no longer on the sale.
  await sql`UPDATE sale_payments SET method = 'MOBILE_MONEY', reference = 'MP1' WHERE sale_id = ${sales.dear?.id}`.execute(
    t.db,
  );

  await expense({ expense_date: '2025-03-01', category: 'Rent', amount: 400_000, payment_method: 'BANK' });
  await expense({ expense_date: '2025-03-12', category: 'Transport', amount: 35_000 });
  await expense({ expense_date: '2025-03-31', category: 'Salaries and wages', amount: 600_000 });
  await expense({ expense_date: '2025-03-20', category: 'transport', amount: 15_000 });
  await expense({ expense_date: '2025-02-15', category: 'Rent', amount: 380_000 });
  await expense({ expense_date: '2025-04-01', category: 'Rent', amount: 400_000 });
  const trashed = await expense({ expense_date: '2025-03-05', category: 'Other', amount: 99_000 });
  await t.call('DELETE', `/api/expensedelete/${trashed}`, { token: admin });

  const writeOff = await t.call('POST', '/api/stockadjustmentstore', {
    token: admin,
    body: { batch_id: b.cheap?.id, reason: 'DAMAGE', quantity: 1.5, adjustment_date: '2025-03-20', note: 'Wet bags' },
  });
  if (writeOff.status !== 200) throw new Error(JSON.stringify(writeOff.body));
});
afterAll(() => t.close());

const report = (slug: string, query: Record<string, string> = MARCH) =>
  wholeReport(t, admin, `report${slug}list`, query);
const inMarch = () => [sales.early, sales.mixed, sales.dear].map((s) => s?.total ?? 0);
const sum = (values: number[]) => values.reduce((a, n) => a + n, 0);
const MARCH_COGS = Math.round(1 * 30_000 + 3 * 30_000 + 2.5 * 7_333 + 2 * 31_500);
const MARCH_EXPENSES = 400_000 + 35_000 + 600_000 + 15_000;
const MARCH_LOSS = 1.5 * 30_000;

describe('reconciliation over one month', () => {
  it('revenue report total = P&L revenue = consolidated sales total = dashboard revenue', async () => {
    const revenue = sum(inMarch());
    const [byDay, statement, consolidated, dashboard] = await Promise.all([
      report('revenue'),
      report('profitloss'),
      report('consolidatedsales'),
      t.call('GET', '/api/dashboard?startDate=2025-03-01&endDate=2025-03-31', { token: admin }),
    ]);
    expect(byDay.total_revenue).toBe(revenue);
    expect(statement.revenue).toBe(revenue);
    expect(consolidated.total_sales).toBe(revenue);
    expect(dashboard.body.data.total_revenue).toBe(revenue);
    // The P&L's gross profit and losses are the dashboard's.
    expect(statement.cost_of_goods_sold).toBe(MARCH_COGS);
    expect(statement.gross_profit).toBe(revenue - MARCH_COGS);
    expect(dashboard.body.data.gross_profit).toBe(statement.gross_profit);
    expect(dashboard.body.data.total_loss).toBe(statement.total_loss);
  });

  it('revenue: one row per shop day, gross − discounts = revenue, by payment method', async () => {
    const res = await report('revenue');
    const rows = await t.db
      .selectFrom('sales')
      .select(['subtotal', 'discount_amount', 'total_amount'])
      .where('id', 'in', [sales.early?.id ?? 0, sales.mixed?.id ?? 0, sales.dear?.id ?? 0])
      .execute();
    const discount = sum(rows.map((r) => r.discount_amount));
    expect(discount).toBeGreaterThan(0);
    expect(res).toMatchObject({
      report_start: '2025-03-01',
      report_end: '2025-03-31',
      total_discount: discount,
      by_payment_method: {
        CASH: (sales.early?.total ?? 0) + (sales.mixed?.total ?? 0),
        MOBILE_MONEY: sales.dear?.total,
        BANK: 0,
        CARD: 0,
      },
    });
    expect(res.data.data.map((r: { day: string }) => r.day)).toEqual(['2025-03-15', '2025-03-03', '2025-03-01']);
    for (const row of res.data.data) {
      expect(row.gross - row.discounts).toBe(row.revenue);
      expect(row.cash + row.mobile_money + row.bank + row.card).toBe(row.revenue);
    }
    expect(res.data.data[0]).toMatchObject({ sales_count: 1, mobile_money: sales.dear?.total, cash: 0 });
  });

  it('P&L: the statement with expenses by category, losses by reason, net profit, and the previous period', async () => {
    const res = await report('profitloss');
    const revenue = sum(inMarch());
    const net = revenue - MARCH_COGS - MARCH_EXPENSES - MARCH_LOSS;
    expect(res).toMatchObject({
      report_start: '2025-03-01',
      report_end: '2025-03-31',
      previous_start: '2025-01-29',
      previous_end: '2025-02-28',
      total_expenses: MARCH_EXPENSES,
      total_loss: MARCH_LOSS,
      net_profit: net,
      gross_margin: Math.round(((revenue - MARCH_COGS) / revenue) * 10_000) / 100,
    });
    const previousRevenue = sales.previous?.total ?? 0;
    const previousGross = previousRevenue - 2 * 29_000;
    const lines = res.data.data.map((r: { line: string; amount: number; previous_amount: number }) => [
      r.line,
      r.amount,
      r.previous_amount,
    ]);
    expect(lines).toEqual([
      ['Revenue', revenue, previousRevenue],
      ['Cost of goods sold', MARCH_COGS, 2 * 29_000],
      ['Gross profit', revenue - MARCH_COGS, previousGross],
      ['Expense: Rent', 400_000, 380_000],
      ['Expense: Salaries and wages', 600_000, 0],
      ['Expense: Transport', 50_000, 0],
      ['Total expenses', MARCH_EXPENSES, 380_000],
      ['Stock loss: Damage', MARCH_LOSS, 0],
      ['Total stock losses', MARCH_LOSS, 0],
      ['Net profit', net, previousGross - 380_000],
    ]);
    expect(res.data.data.at(-1).change).toBe(net - (previousGross - 380_000));
  });

  it('expenses: the period’s live expenses, total and by category', async () => {
    const res = await report('expense');
    expect(res.total_expenses).toBe(MARCH_EXPENSES);
    expect(res.by_category).toEqual([
      { category: 'Salaries and wages', total: 600_000 },
      { category: 'Rent', total: 400_000 },
      { category: 'Transport', total: 50_000 },
    ]);
    expect(res.data.total).toBe(4);
    expect(res.data.data[0]).toMatchObject({
      expense_date: '2025-03-31',
      category: 'Salaries and wages',
      payment: 'Cash',
      user: { name: 'Administrator' },
    });
    const searched = await report('expense', { ...MARCH, search: 'transport' });
    expect(searched.total_expenses).toBe(50_000);
  });

  it('suppliers: received cost totals to the stock report; sales and stock value per supplier', async () => {
    const [suppliers, stock] = await Promise.all([report('supplier'), report('stock')]);
    const received = 20 * 30_000 + 10 * 31_500 + Math.round(45.5 * 7_333);
    expect(stock.total_stocks).toBe(received);
    expect(suppliers.total_purchases).toBe(received);
    const byId = new Map(suppliers.data.data.map((r: { id: number }) => [r.id, r]));
    const cementSupplier = byId.get(supplierOf.cement) as Record<string, number>;
    expect(cementSupplier).toMatchObject({ batches_received: 2, received_cost: 20 * 30_000 + 10 * 31_500 });
    const nailsSupplier = byId.get(supplierOf.nails) as Record<string, number>;
    expect(nailsSupplier).toMatchObject({ batches_received: 1, quantity_sold: 2.5 });
    // Sales by supplier add up to the month's revenue; stock value is what is on hand now.
    expect(sum(suppliers.data.data.map((r: { revenue: number }) => r.revenue))).toBe(sum(inMarch()));
    expect(nailsSupplier.stock_value).toBe(Math.round(43 * 7_333));
    // Searched, the total is the searched rows' received cost.
    const searched = await report('supplier', { ...MARCH, search: String(cementSupplier.supplier_number) });
    const searchedRows = searched.data.data as { id: number; received_cost: number }[];
    expect(searchedRows.map((r) => r.id)).toContain(supplierOf.cement);
    expect(searchedRows.length).toBeLessThan(suppliers.data.data.length);
    expect(searched.total_purchases).toBe(sum(searchedRows.map((r) => r.received_cost)));
  });

  it('tax: per day, VAT as the receipts stored it, taxable = sales − VAT', async () => {
    const res = await report('tax');
    const stored = await t.db
      .selectFrom('sales')
      .select(sql<number>`sum(vat_amount)::bigint`.as('vat'))
      .where('id', 'in', [sales.early?.id ?? 0, sales.mixed?.id ?? 0, sales.dear?.id ?? 0])
      .executeTakeFirstOrThrow();
    expect(res.total_tax).toBe(Number(stored.vat));
    expect(res.total_taxable).toBe(sum(inMarch()) - Number(stored.vat));
    expect(res.data.data.map((r: { day: string }) => r.day)).toEqual(['2025-03-15', '2025-03-03', '2025-03-01']);
    for (const row of res.data.data) expect(row.taxable + row.vat).toBe(row.sales);
  });
});

describe('access, validation and files', () => {
  it('answers 401 without a token, 403 to a user without the key, 422 for a bad period', async () => {
    for (const slug of PATHS) {
      const path = `/api/report${slug}list`;
      expect(await t.call('GET', path), slug).toMatchObject({ status: 401, body: UNAUTHENTICATED });
      expect(await t.call('GET', path, { token: cashier }), slug).toMatchObject({ status: 403, body: DENIED });
      expect((await t.download(`/api/report${slug}csv`, cashier)).status, slug).toBe(403);
      const custom = await t.call('GET', `${path}?report_type=custom`, { token: admin });
      expect(custom.body, slug).toEqual({
        success: false,
        message: 'Please select a date range for a custom report.',
        errors: { date_range: ['Please select a date range for a custom report.'] },
      });
      const reversed = await t.call('GET', `${path}?report_type=custom&date_range=2025-03-31,2025-03-01`, {
        token: admin,
      });
      expect(reversed.body.errors, slug).toEqual({
        date_range: ['The end of the date range cannot be before its start.'],
      });
    }
    // The list key alone opens today's report, but not another period.
    await withCashierKeys(t, ['reportProfitLossList'], async () => {
      expect((await t.call('GET', '/api/reportprofitlosslist', { token: cashier })).status).toBe(200);
      const filtered = await t.call('GET', `/api/reportprofitlosslist?${new URLSearchParams(MARCH)}`, {
        token: cashier,
      });
      expect(filtered).toMatchObject({ status: 403, body: DENIED });
    });
  });

  it('exports the statement and the revenue with the period and total in the header rows', async () => {
    const query = new URLSearchParams(MARCH).toString();
    const net = sum(inMarch()) - MARCH_COGS - MARCH_EXPENSES - MARCH_LOSS;
    for (const format of ['xlsx', 'csv'] as const) {
      const cell = (v: number) => (format === 'csv' ? String(v) : v);
      const day = (d: string) => (format === 'csv' ? d : xlsxDay(d));
      const pl = await exportedRows(t, admin, `reportprofitloss${format}?${query}`, format);
      expect(pl.headers.get('content-disposition')).toMatch(new RegExp(`_profitloss_report\\.${format}"$`));
      expect(pl.rows.slice(0, 3)).toEqual([
        ['Profit and Loss Report'],
        ['Period', day('2025-03-01'), day('2025-03-31')],
        ['Net Profit (UGX)', cell(net)],
      ]);
      expect(pl.rows.find((r) => r[0] === 'Line')).toEqual(['Line', 'This Period', 'Previous Period', 'Change']);
      expect(pl.rows.at(-1)?.slice(0, 2)).toEqual(['Net profit', cell(net)]);
      const revenue = await exportedRows(t, admin, `reportrevenue${format}?${query}`, format);
      expect(revenue.rows[2]).toEqual(['Total Revenue (UGX)', cell(sum(inMarch()))]);
      expect(revenue.rows.at(-1)?.[0]).toEqual(day('2025-03-01'));
    }
  });
});

describe('the debt book beside the revenue', () => {
  const MAY = { report_type: 'custom', date_range: '2025-05-01,2025-05-31' };
  const PRICE = 40_000;

  it('counts what the period’s sales put on account and what customers paid to their accounts on its days', async () => {
    const sheets = await receiveBatch(t, admin, await makeCatalogue(t, admin, 'Iron Sheets'), {
      quantity: 10,
      unit_price: 30_000,
      sale_price: PRICE,
      stock_date: '2025-05-01',
    });
    const made = await t.call('POST', '/api/customerstore', {
      token: admin,
      body: { name: 'Namono Contractors', phone_number: '0704411223', credit_limit: 1_000_000, payment_terms_days: 30 },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const customer_id = made.body.data.id as number;
    const sellAt = async (instant: string, quantity: number, payments: { method: string; amount: number }[]) => {
      const res = await t.call('POST', '/api/salesstore', {
        token: admin,
        body: {
          customerName: 'Namono Contractors',
          customerPhone: '0704411223',
          items: [{ batchNumber: sheets.batch_number, quantity }],
          payments,
          customer_id,
          idempotencyKey: randomUUID(),
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await sql`UPDATE sales SET created_at = ${instant}::timestamptz WHERE id = ${res.body.data.id}`.execute(t.db);
    };
    // Taken today and dated back (the form takes dates up to a year back; these days are further).
    const pay = async (amount: number, payment_date: string) => {
      const res = await t.call('POST', '/api/customerpaymentstore', {
        token: admin,
        body: { customer_id, amount, method: 'CASH' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await sql`UPDATE customer_payments SET payment_date = ${payment_date}::date WHERE id = ${res.body.data.id}`.execute(
        t.db,
      );
      return res.body.data.id as number;
    };
    // 2 sheets wholly on account on 5 May; 1 on 10 May, half in cash and half on account; 1 on 1 June on account.
    await sellAt('2025-05-05T09:00:00Z', 2, [{ method: 'ACCOUNT', amount: 2 * PRICE }]);
    await sellAt('2025-05-10T09:00:00Z', 1, [
      { method: 'CASH', amount: PRICE / 2 },
      { method: 'ACCOUNT', amount: PRICE / 2 },
    ]);
    await sellAt('2025-05-31T21:30:00Z', 1, [{ method: 'ACCOUNT', amount: PRICE }]); // 1 June in Kampala
    const may = await pay(50_000, '2025-05-20');
    await pay(10_000, '2025-06-02');
    // Reversed today: the reversal counts on its own day, never rewriting May.
    const reversed = await t.call('POST', `/api/customerpaymentreverse/${may}`, {
      token: admin,
      body: { reason: 'Cheque bounced' },
    });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);

    const [revenue, statement, dashboard] = await Promise.all([
      report('revenue', MAY),
      report('profitloss', MAY),
      t.call('GET', '/api/dashboard?startDate=2025-05-01&endDate=2025-05-31', { token: admin }),
    ]);
    // Revenue counts a sale on account as any other sale, and the P&L and the dashboard with it.
    expect(revenue.total_revenue).toBe(3 * PRICE);
    expect(statement.revenue).toBe(3 * PRICE);
    expect(dashboard.body.data.total_revenue).toBe(3 * PRICE);
    expect(revenue).toMatchObject({
      on_account: 2 * PRICE + PRICE / 2,
      account_payments: 50_000,
      by_payment_method: { CASH: PRICE / 2, MOBILE_MONEY: 0, BANK: 0, CARD: 0 },
    });
    // The four methods and what went on account add up to the revenue.
    const methods = Object.values(revenue.by_payment_method as Record<string, number>);
    expect(sum(methods) + revenue.on_account).toBe(revenue.total_revenue);

    const june = await report('revenue', { report_type: 'custom', date_range: '2025-06-01,2025-06-30' });
    expect(june).toMatchObject({ total_revenue: PRICE, on_account: PRICE, account_payments: 10_000 });
    const today = shopDay('Africa/Kampala');
    const now = await report('revenue', { report_type: 'custom', date_range: `${today},${today}` });
    expect(now).toMatchObject({ on_account: 0, account_payments: -50_000 });
    // March had neither.
    expect(await report('revenue')).toMatchObject({ on_account: 0, account_payments: 0 });
  });
});
