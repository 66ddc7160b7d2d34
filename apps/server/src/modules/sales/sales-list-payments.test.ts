import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportedRows, postSale } from '../../../test/report-fixtures.ts';
import type { Batch } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { tillShop } from '../../../test/till-fixtures.ts';

// The sales list and the till: each sale's payment methods, and search by a mobile-money reference.
let t: TestApp;
let admin: string;
let cement: Batch;

beforeAll(async () => {
  ({ t, admin, cement } = await tillShop());
});
afterAll(() => t.close());

const sell = async (payments: { method: string; amount: number; reference?: string }[]) =>
  (await postSale(t, admin, [[cement, 1]], { payments })).id;

describe('GET /api/saleslist and the payments', () => {
  it('gives each sale its methods and finds a sale by its mobile-money reference', async () => {
    const cash = await sell([{ method: 'CASH', amount: 40_000 }]);
    const split = await sell([
      { method: 'CASH', amount: 20_000 },
      { method: 'MOBILE_MONEY', amount: 15_000, reference: 'MP2611ZX9' },
    ]);
    const all = await t.call('GET', '/api/saleslist', { token: admin });
    const row = (id: number) => all.body.data.find((s: { id: number }) => s.id === id);
    expect(row(cash)).toMatchObject({ payment_method: 'CASH', payment_methods: ['CASH'] });
    expect(row(split)).toMatchObject({ payment_method: 'SPLIT', payment_methods: ['CASH', 'MOBILE_MONEY'] });

    const found = await t.call('GET', '/api/saleslist?search=mp2611zx9', { token: admin });
    expect(found.body.data.map((s: { id: number }) => s.id)).toEqual([split]);
    const part = await t.call('GET', '/api/saleslist?search=2611ZX', { token: admin });
    expect(part.body.total).toBe(1);
    // Two characters hold no trigram: the reference is tested sale by sale, and still finds it.
    const short = await t.call('GET', '/api/saleslist?search=ZX', { token: admin });
    expect(short.body.data.map((s: { id: number }) => s.id)).toEqual([split]);
  });

  it("lists every sale's methods as its payments give them, a sale of no total included", async () => {
    const free = (await postSale(t, admin, [[cement, 1]], { discount: 100, paymentMethod: 'MOBILE_MONEY' })).id;
    const listed = new Map<number, string[]>();
    for (let page = 1; ; page++) {
      const res = await t.call('GET', `/api/saleslist?page=${page}&pagination_size=100`, { token: admin });
      for (const sale of res.body.data) listed.set(sale.id, sale.payment_methods);
      if (page >= res.body.last_page) break;
    }
    expect(listed.get(free)).toEqual([]);
    const paid = await sql<{ id: number; methods: string[] }>`
      SELECT sa.id, array(SELECT DISTINCT p.method FROM sale_payments p WHERE p.sale_id = sa.id ORDER BY p.method)
               AS methods
        FROM sales sa ORDER BY sa.id`.execute(t.db);
    expect(Object.fromEntries(listed)).toEqual(Object.fromEntries(paid.rows.map((sale) => [sale.id, sale.methods])));
  });

  it('names a split sale the same way on the list and in both files', async () => {
    const split = await sell([
      { method: 'CASH', amount: 5_000 },
      { method: 'BANK', amount: 30_000, reference: 'BK-SPLIT-7' },
    ]);
    const listed = await t.call('GET', '/api/saleslist?search=BK-SPLIT-7', { token: admin });
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id: split, payment_label: 'Split (Bank, Cash)', total_amount: 35_000 }),
    ]);
    for (const format of ['xlsx', 'csv'] as const) {
      const { rows } = await exportedRows(t, admin, `sale${format}?search=BK-SPLIT-7`, format);
      // The header row follows the title, period and total (and, in the CSV, a blank line).
      const at = rows.findIndex((row) => row[0] === 'Sale Number');
      const header = rows[at] as string[];
      expect(rows.slice(at + 1)).toHaveLength(1);
      expect(rows[at + 1][header.indexOf('Payment Method')]).toBe('Split (Bank, Cash)');
      expect(String(rows[at + 1][header.indexOf('Total Amount')])).toBe('35000');
    }
  });
});
