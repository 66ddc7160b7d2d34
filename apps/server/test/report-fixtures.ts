// Sales for the report tests: made through the API, then moved to the moment the test needs. Each sale's lines get
// their share of its discount by spreadDiscount, as the sale transaction is to store it (until that is wired in,
// this does it after the sale; once it is, this writes the same numbers again).
import { randomUUID } from 'node:crypto';
import { spreadDiscount } from '@duka/shared';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { xlsxRows } from './spreadsheets.ts';
import type { Batch } from './stock-fixtures.ts';
import type { TestApp } from './test-app.ts';

export async function spreadSaleDiscount(t: TestApp, saleId: number) {
  const sale = await t.db
    .selectFrom('sales')
    .select('discount_amount')
    .where('id', '=', saleId)
    .executeTakeFirstOrThrow();
  const lines = await t.db
    .selectFrom('sale_items')
    .select(['id', 'total_price'])
    .where('sale_id', '=', saleId)
    .orderBy('id')
    .execute();
  const shares = spreadDiscount(
    lines.map((l) => l.total_price),
    sale.discount_amount,
  );
  for (const [i, line] of lines.entries()) {
    await t.db.updateTable('sale_items').set({ discount_amount: shares[i] }).where('id', '=', line.id).execute();
  }
}

/** A sale of `lines` (batch, quantity) with a discount, made at `instant` (ISO, UTC). Returns its id and total. */
export async function saleAt(
  t: TestApp,
  token: string,
  instant: string,
  lines: [Batch, number][],
  discount = 0,
): Promise<{ id: number; total: number }> {
  const res = await t.call('POST', '/api/salesstore', {
    token,
    body: {
      customerName: 'Okello Builders',
      customerPhone: '0772123456',
      items: lines.map(([batch, quantity]) => ({ batchNumber: batch.batch_number, quantity })),
      discount,
      paymentMethod: 'CASH',
      idempotencyKey: randomUUID(),
    },
  });
  if (res.status !== 200) throw new Error(`sale failed: ${res.status} ${JSON.stringify(res.body)}`);
  const id = res.body.data.id as number;
  await sql`UPDATE sales SET created_at = ${instant}::timestamptz WHERE id = ${id}`.execute(t.db);
  await spreadSaleDiscount(t, id);
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
