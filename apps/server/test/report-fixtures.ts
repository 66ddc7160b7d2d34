// Sales for the report tests: made through the API (which stores each line's share of the discount), then moved to
// the moment the test needs.
import { randomUUID } from 'node:crypto';
import type { DeclaredReport } from '@duka/shared';
import { parse } from 'csv-parse/sync';
import { type RawBuilder, sql } from 'kysely';
import { expect } from 'vitest';
import { DENIED, UNAUTHENTICATED, withCashierKeys } from './catalogue-fixtures.ts';
import { xlsxRows } from './spreadsheets.ts';
import type { Batch } from './stock-fixtures.ts';
import type { TestApp } from './test-app.ts';

/** How a sale is paid: one method for the whole total, or the till's list of payments; an optional discount. */
export type SalePayment =
  | { paymentMethod: string; discount?: number }
  | { payments: { method: string; amount: number; reference?: string }[]; discount?: number };

/** A sale of `lines` (batch, quantity) made now through the API as the till sends it; throws unless it is accepted. */
export async function postSale(t: TestApp, token: string, lines: [Batch, number][], pay: SalePayment) {
  const res = await t.call('POST', '/api/salesstore', {
    token,
    body: {
      customerName: 'Okello Builders',
      customerPhone: '0772123456',
      items: lines.map(([batch, quantity]) => ({ batchNumber: batch.batch_number, quantity })),
      ...pay,
      idempotencyKey: randomUUID(),
    },
  });
  if (res.status !== 200) throw new Error(`sale failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number };
}

/** A sale of `lines` (batch, quantity) with a discount, made at `instant` (ISO, UTC). Returns its id and total. */
export async function saleAt(
  t: TestApp,
  token: string,
  instant: string,
  lines: [Batch, number][],
  discount = 0,
): Promise<{ id: number; total: number }> {
  const { id } = await postSale(t, token, lines, { discount, paymentMethod: 'CASH' });
  await sql`UPDATE sales SET created_at = ${instant}::timestamptz WHERE id = ${id}`.execute(t.db);
  const { total_amount } = await t.db
    .selectFrom('sales')
    .select('total_amount')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { id, total: total_amount };
}

/** Every row of a report (one large page), with the envelope's extras. */
export async function wholeReport(t: TestApp, token: string, path: string, query: Record<string, string> = {}) {
  const res = await t.call('GET', `/api/${path}?${new URLSearchParams({ pagination_size: '100', ...query })}`, {
    token,
  });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  if (res.body.data.last_page !== 1) throw new Error(`${path} has more than one page of 100`);
  return res.body;
}

/** An export downloaded and read back: rows of cells, whatever the format. */
export async function exportedRows(t: TestApp, token: string, path: string, format: 'xlsx' | 'csv') {
  const file = await t.download(`/api/${path}`, token);
  if (file.status !== 200) throw new Error(`${path} answered ${file.status}: ${file.bytes.toString()}`);
  const rows =
    format === 'xlsx' ? await xlsxRows(file.bytes) : (parse(file.bytes, { relax_column_count: true }) as unknown[][]);
  return { rows, headers: file.headers };
}

/**
 * A report's keys as the cashier (who holds none of them) meets them, its calls read from its declaration: 401
 * without a token and 403 without the List key; the List key alone opens the list but neither `filter` (a query
 * that sets one of its filters; null when it has none) nor the files; List and Filter open the filter; the Export key
 * alone opens the files but not a filtered one.
 */
export async function expectReportKeys(t: TestApp, cashier: string, report: DeclaredReport, filter: string | null) {
  const { path, keys, exports } = report;
  const list = `/api${path}`;
  expect(await t.call('GET', list), path).toMatchObject({ status: 401, body: UNAUTHENTICATED });
  expect(await t.call('GET', list, { token: cashier }), path).toMatchObject({ status: 403, body: DENIED });
  await withCashierKeys(t, [keys.list], async () => {
    expect((await t.call('GET', list, { token: cashier })).status, path).toBe(200);
    if (filter) {
      const filtered = await t.call('GET', `${list}?${filter}`, { token: cashier });
      expect(filtered, `${path} filtered`).toMatchObject({ status: 403, body: DENIED });
    }
    expect((await t.download(`/api${exports.xlsx}`, cashier)).status, exports.xlsx).toBe(403);
  });
  if (filter && keys.filter)
    await withCashierKeys(t, [keys.list, keys.filter], async () => {
      expect((await t.call('GET', `${list}?${filter}`, { token: cashier })).status, path).toBe(200);
    });
  await withCashierKeys(t, [keys.export], async () => {
    expect((await t.download(`/api${exports.csv}`, cashier)).status, exports.csv).toBe(200);
    if (filter) expect((await t.download(`/api${exports.xlsx}?${filter}`, cashier)).status, exports.xlsx).toBe(403);
  });
  expect((await t.download(`/api${exports.csv}`)).status, exports.csv).toBe(401);
  expect((await t.download(`/api${exports.xlsx}`)).status, exports.xlsx).toBe(401);
}

/**
 * `count` sales written straight into the table (no lines or payments; the triggers keep the slot totals): thousands
 * through the API would take longer than the test. Sale g (1 to count) is made `at` and bought by `customer`, both
 * SQL over g.
 */
export const insertSales = (
  t: TestApp,
  count: number,
  sale: { key: string; customer: RawBuilder<string>; at: RawBuilder<Date>; total: number; method: string },
) =>
  sql`
    INSERT INTO sales (sale_number, idempotency_key, customer_name, customer_phone, discount_percent, subtotal,
                       discount_amount, total_amount, payment_method, created_by, created_at)
    SELECT 'SN' || lpad(upper(to_hex(g)), 14, '0'), ${sale.key} || g, ${sale.customer}, '0772123456', 0,
           ${sale.total}, 0, ${sale.total}, ${sale.method}, (SELECT id FROM users ORDER BY id LIMIT 1), ${sale.at}
    FROM generate_series(1, ${count}) g`.execute(t.db);
