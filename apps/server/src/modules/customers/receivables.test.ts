// The receivables report: who owes, by how far past its due date each unpaid sale is (the customer's terms from the
// sale's shop day), totals over every row, search, over-limit customers, the keys and the files; and the invariant
// that each row's balance is its customer's kept balance and its buckets add up to it.
import { randomUUID } from 'node:crypto';
import { formatDay, receivablesReport } from '@duka/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectReportKeys, exportedRows, wholeReport } from '../../../test/report-fixtures.ts';
import type { Batch } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { tillShop } from '../../../test/till-fixtures.ts';
import { addDays, daysBetween, shopDay } from '../../platform/period.ts';
import { agingByCustomer } from './receivables.queries.ts';

const ZONE = 'Africa/Kampala';
let t: TestApp;
let admin: string;
let cashier: string;
let nails: Batch;
let today: string;
const ago = (days: number) => addDays(today, -days);

interface Row {
  customer_id: number;
  customer_number: string;
  name: string;
  phone_number: string;
  credit_limit: number;
  balance: number;
  current: number;
  d1_30: number;
  d31_60: number;
  d61_90: number;
  over_90: number;
  over_limit: boolean;
}
const BUCKETS = ['current', 'd1_30', 'd31_60', 'd61_90', 'over_90'] as const;

let phones = 0;
async function customer(name: string, credit_limit: number, payment_terms_days: number) {
  phones += 1;
  const phone_number = `07028${String(phones).padStart(5, '0')}`;
  const res = await t.call('POST', '/api/customerstore', {
    token: admin,
    body: { name, phone_number, credit_limit, payment_terms_days },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...(res.body.data as { id: number; name: string; customer_number: string }), phone_number };
}

/**
 * A sale of `quantity` nails (7,500 each) wholly on the customer's account, made through the API now and, for an
 * earlier `day`, moved to `localTime` on that shop day (Kampala is UTC+3 all year), as a sale made then would be.
 */
async function onAccount(customerId: number, quantity: number, day: string, localTime = '10:00', extra = {}) {
  const res = await t.call('POST', '/api/salesstore', {
    token: admin,
    body: {
      customerName: 'Site office',
      customerPhone: '0772123456',
      items: [{ batchNumber: nails.batch_number, quantity }],
      payments: [{ method: 'ACCOUNT', amount: 7_500 * quantity }],
      customer_id: customerId,
      idempotencyKey: randomUUID(),
      ...extra,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const id = res.body.data.id as number;
  if (day === today) return id;
  await sql`UPDATE sales SET created_at = ${`${day}T${localTime}:00+03:00`}::timestamptz WHERE id = ${id}`.execute(
    t.db,
  );
  return id;
}

async function pay(customerId: number, amount: number) {
  const res = await t.call('POST', '/api/customerpaymentstore', {
    token: admin,
    body: { customer_id: customerId, amount, method: 'CASH' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

interface Report {
  rows: Row[];
  data: { total: number };
  total_receivables: number;
  over_limit_count: number;
}
const report = async (query: Record<string, string> = {}): Promise<Report> => {
  const body = await wholeReport(t, admin, 'reportreceivableslist', query);
  return { ...body, rows: body.data.data };
};
const rowOf = async (customerId: number) => (await report()).rows.find((r) => r.customer_id === customerId);
const aging = (row: Row | undefined) =>
  row && { current: row.current, d1_30: row.d1_30, d31_60: row.d31_60, d61_90: row.d61_90, over_90: row.over_90 };

let terms30: Awaited<ReturnType<typeof customer>>;
let edges: Awaited<ReturnType<typeof customer>>;
let cashOnDelivery: Awaited<ReturnType<typeof customer>>;
let settled: Awaited<ReturnType<typeof customer>>;
let ahead: Awaited<ReturnType<typeof customer>>;
/** Four who owe one box of nails each: seven rows in all, so pages of 5 leave two on the second. */
const small: Awaited<ReturnType<typeof customer>>[] = [];

beforeAll(async () => {
  ({ t, admin, cashier, nails } = await tillShop());
  today = shopDay(ZONE);

  // 30 days' terms: sales made today, 40, 95 and 150 days ago (oldest first, as they happened), then 40,000 paid:
  // the oldest sale (150 days, 37,500) is settled and 2,500 of the next (95 days, 30,000) with it.
  terms30 = await customer('Okello Builders', 1_000_000, 30);
  await onAccount(terms30.id, 5, ago(150));
  await onAccount(terms30.id, 4, ago(95));
  await onAccount(terms30.id, 3, ago(40));
  await onAccount(terms30.id, 2, today);
  await pay(terms30.id, 40_000);

  // 7 days' terms, each bucket's two edges, sales made just after the shop's midnight (the UTC day before): 7 days
  // ago is due today (current), 8 days ago one day late; 37 and 38, 67 and 68, 97 and 98 days ago likewise.
  edges = await customer('Edge Case Traders', 5_000_000, 7);
  for (const [days, quantity] of [
    [98, 8],
    [97, 7],
    [68, 6],
    [67, 5],
    [38, 4],
    [37, 3],
    [8, 2],
    [7, 1],
  ] as const)
    await onAccount(edges.id, quantity, ago(days), '00:30');

  // No terms: due the day it is made. 50,000 of credit, and a holder of the override key let 75,000 through.
  cashOnDelivery = await customer('Cash On Delivery Ltd', 50_000, 0);
  await onAccount(cashOnDelivery.id, 2, ago(1));
  await onAccount(cashOnDelivery.id, 8, today, '', { credit_override_reason: 'Site manager vouched' });

  // Paid in full, and one who paid ahead: neither owes.
  settled = await customer('Settled Stores', 100_000, 30);
  await onAccount(settled.id, 2, ago(20));
  await pay(settled.id, 15_000);
  ahead = await customer('Paid Ahead Co', 100_000, 30);
  await onAccount(ahead.id, 1, ago(10));
  await pay(ahead.id, 20_000);

  for (const n of [1, 2, 3, 4]) {
    small.push(await customer(`Small Debtor ${n}`, 100_000, 30));
    await onAccount(small[n - 1]?.id as number, 1, today);
  }
});
afterAll(() => t.close());

describe('receivables report', () => {
  it('answers 401 without a token and 403 without reportReceivablesList; the files need reportReceivablesExport', async () => {
    await expectReportKeys(t, cashier, receivablesReport, null);
  });

  it('ages each unpaid amount from the sale’s shop day plus the customer’s terms', async () => {
    // 150 days ago: settled. 95 days ago: due 65 days ago, 27,500 left. 40 days ago: 10 days late. Today: current.
    expect(aging(await rowOf(terms30.id))).toEqual({
      current: 15_000,
      d1_30: 22_500,
      d31_60: 0,
      d61_90: 27_500,
      over_90: 0,
    });
    // 7 days ago → 0 days late (current); 8 → 1; 37 → 30; 38 → 31; 67 → 60; 68 → 61; 97 → 90; 98 → 91.
    expect(aging(await rowOf(edges.id))).toEqual({
      current: 7_500,
      d1_30: (2 + 3) * 7_500,
      d31_60: (4 + 5) * 7_500,
      d61_90: (6 + 7) * 7_500,
      over_90: 8 * 7_500,
    });
    // No terms: yesterday's sale is a day late, today's is due today.
    expect(aging(await rowOf(cashOnDelivery.id))).toEqual({
      current: 60_000,
      d1_30: 15_000,
      d31_60: 0,
      d61_90: 0,
      over_90: 0,
    });
  });

  it('lists every customer who owes, largest balance first; nobody who owes nothing or holds an advance', async () => {
    const { rows, data } = await report();
    const owing = await t.db
      .selectFrom('customers')
      .select(['id', 'balance'])
      .where('balance', '>', 0)
      .orderBy('balance', 'desc')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.customer_id)).toEqual(owing.map((c) => c.id));
    expect(data.total).toBe(owing.length);
    expect(rows.map((r) => r.customer_id)).toEqual([
      edges.id,
      cashOnDelivery.id,
      terms30.id,
      ...small.map((c) => c.id),
    ]);
    expect(rows.map((r) => r.customer_id)).not.toContain(settled.id);
    expect(rows.map((r) => r.customer_id)).not.toContain(ahead.id);
    expect(rows[2]).toMatchObject({
      customer_number: terms30.customer_number,
      name: 'Okello Builders',
      phone_number: terms30.phone_number,
      credit_limit: 1_000_000,
      balance: 65_000,
      over_limit: false,
    });
  });

  it('totals every customer who owes, whatever the page; counts those past their limit', async () => {
    const all = await report();
    const sum = all.rows.reduce((s, r) => s + r.balance, 0);
    expect(sum).toBe(36 * 7_500 + 65_000 + 75_000 + 4 * 7_500);
    expect(all.total_receivables).toBe(sum);
    expect(all.over_limit_count).toBe(1);
    expect(all.rows.find((r) => r.customer_id === cashOnDelivery.id)).toMatchObject({
      balance: 75_000,
      credit_limit: 50_000,
      over_limit: true,
    });
    expect(all.rows.filter((r) => r.over_limit).map((r) => r.customer_id)).toEqual([cashOnDelivery.id]);

    const pages = [];
    for (const page of ['1', '2']) {
      const res = await t.call('GET', `/api/reportreceivableslist?pagination_size=5&page=${page}`, { token: admin });
      expect(res.status).toBe(200);
      expect(res.body.total_receivables).toBe(sum);
      expect(res.body.over_limit_count).toBe(1);
      expect(res.body.data).toMatchObject({ total: 7, last_page: 2 });
      pages.push(...(res.body.data.data as Row[]));
    }
    expect(pages.length).toBe(7);
    expect(pages.map((r) => r.customer_id)).toEqual(all.rows.map((r) => r.customer_id));
  });

  it('finds customers by name, phone or customer number; the totals follow the search', async () => {
    const ids = async (search: string) => (await report({ search })).rows.map((r) => r.customer_id);
    expect(await ids('okello')).toEqual([terms30.id]);
    expect(await ids(cashOnDelivery.phone_number)).toEqual([cashOnDelivery.id]);
    expect(await ids(edges.customer_number)).toEqual([edges.id]);
    expect(await ids('Settled')).toEqual([]);
    const found = await report({ search: 'delivery' });
    expect(found.total_receivables).toBe(75_000);
    expect(found.over_limit_count).toBe(1);
    expect((await report({ search: 'okello' })).over_limit_count).toBe(0);
  });

  it('a credited return and a payment move the row as they move the balance', async () => {
    const id = await onAccount(cashOnDelivery.id, 1, today, '', { credit_override_reason: 'Returning one' });
    const line = await t.db.selectFrom('sale_items').select('id').where('sale_id', '=', id).executeTakeFirstOrThrow();
    const back = await t.call('POST', `/api/salesreturnstore/${id}`, {
      token: admin,
      body: { items: [{ sale_item_id: line.id, quantity: 1 }], reason: 'Wrong size', refund_method: 'CASH' },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data.credited_amount).toBe(7_500);
    // 20,000 settles yesterday's 15,000 first, then 5,000 of today's.
    await pay(cashOnDelivery.id, 20_000);
    const row = await rowOf(cashOnDelivery.id);
    expect(row).toMatchObject({ balance: 55_000, current: 55_000, d1_30: 0, over_limit: true });
    const { total_receivables } = await report();
    expect(total_receivables).toBe(36 * 7_500 + 65_000 + 55_000 + 4 * 7_500);
  });

  it('agingByCustomer ages to another day and for chosen customers only', async () => {
    // A month on, today's sale for 30 days' terms is a day late and the 40-day one is 41 days late.
    const later = await agingByCustomer(t.db, ZONE, { customerIds: [terms30.id], asOf: addDays(today, 31) }).execute();
    expect(later).toEqual([
      { customer_id: terms30.id, current: 0, d1_30: 15_000, d31_60: 22_500, d61_90: 0, over_90: 27_500 },
    ]);
    expect(await agingByCustomer(t.db, ZONE, { customerIds: [] }).execute()).toEqual([]);
    expect(await agingByCustomer(t.db, ZONE, { customerIds: [settled.id] }).execute()).toEqual([]);
  });

  it('writes the files with the title, the day, the total and one line per customer who owes', async () => {
    const { rows, total_receivables } = await report();
    const header = [
      'Customer Number',
      'Customer',
      'Phone',
      'Balance',
      'Current',
      '1–30 Days',
      '31–60 Days',
      '61–90 Days',
      'Over 90 Days',
    ];
    const xlsx = await exportedRows(t, admin, 'reportreceivablesxlsx', 'xlsx');
    expect(xlsx.headers.get('content-disposition')).toMatch(/_receivables_report\.xlsx"$/);
    expect(xlsx.rows.slice(0, 3)).toEqual([
      ['Receivables Report'],
      ['As of', today],
      ['Total Receivables (UGX)', total_receivables],
    ]);
    expect(xlsx.rows[3]).toEqual(header);
    expect(xlsx.rows.slice(4)).toEqual(
      rows.map((r) => [r.customer_number, r.name, r.phone_number, r.balance, ...BUCKETS.map((b) => r[b])]),
    );
    const csv = await exportedRows(t, admin, 'reportreceivablescsv?search=okello', 'csv');
    const lines = csv.rows.filter((r) => r.some((cell) => cell !== ''));
    expect(lines).toEqual([
      ['Receivables Report'],
      ['As of', today],
      ['Total Receivables (UGX)', '65000'],
      header,
      [terms30.customer_number, 'Okello Builders', terms30.phone_number, '65000', '15000', '22500', '0', '27500', '0'],
    ]);
  });
  it('each row’s balance is its customer’s kept balance, its buckets add up to it, and they match a recount', async () => {
    const { rows } = await report();
    const sales = await t.db
      .selectFrom('sales as s')
      .innerJoin('customers as c', 'c.id', 's.customer_id')
      .select(['s.customer_id', 's.created_at', 's.account_due', 'c.payment_terms_days'])
      .where('s.account_due', '>', 0)
      .execute();
    for (const row of rows) {
      const kept = await sql<{ balance: number; from_history: string }>`
        SELECT c.balance,
          coalesce((SELECT sum(on_account) FROM sales WHERE customer_id = c.id), 0)
            - coalesce((SELECT sum(amount) FROM customer_payments WHERE customer_id = c.id), 0)
            - coalesce((SELECT sum(r.credited_amount) FROM sale_returns r JOIN sales s ON s.id = r.sale_id
                        WHERE s.customer_id = c.id), 0) AS from_history
        FROM customers c WHERE c.id = ${row.customer_id}`.execute(t.db);
      expect(row.balance, row.name).toBe(kept.rows[0]?.balance);
      expect(row.balance, row.name).toBe(Number(kept.rows[0]?.from_history));
      expect(
        BUCKETS.reduce((s, b) => s + row[b], 0),
        row.name,
      ).toBe(row.balance);
      // The same buckets counted here, day by day, from each unpaid sale.
      const recount = { current: 0, d1_30: 0, d31_60: 0, d61_90: 0, over_90: 0 };
      for (const s of sales.filter((s) => s.customer_id === row.customer_id)) {
        const late = daysBetween(addDays(formatDay(s.created_at, ZONE), s.payment_terms_days), today);
        const bucket =
          late <= 0 ? 'current' : late <= 30 ? 'd1_30' : late <= 60 ? 'd31_60' : late <= 90 ? 'd61_90' : 'over_90';
        recount[bucket] += s.account_due;
      }
      expect(aging(row), row.name).toEqual(recount);
    }
  });
});
