// Stock discrepancies: the list and the two resolutions. The offline sale will create the rows later; here
// they are inserted directly, each against a real sale.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DENIED, expectKeyNeeded, lastAudit, withCashierKeys } from '../../../test/catalogue-fixtures.ts';
import { signedInApp } from '../../../test/crud-contract.ts';
import { saleAt } from '../../../test/report-fixtures.ts';
import { batchState } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { shortOfflineSale } from '../../../test/till-fixtures.ts';

let t: TestApp;
let admin: string;
let cashier: string;
let refs: { product_id: number; brand_id: number; measurement_id: number; supplier_id: number };
let shortBatch: { id: number; batch_number: string };
let otherBatch: { id: number; batch_number: string };
let saleId: number;
let saleNumber: string;
let otherProductBatch: { id: number; batch_number: string };

beforeAll(async () => {
  const { make, ...app } = await signedInApp();
  ({ t, admin, cashier } = app);
  const { category_id, ...chain } = await make.chain('Discrepancy');
  refs = chain;
  shortBatch = await make.stock(refs);
  otherBatch = await make.stock(refs);
  const other = await make.product('Discrepancy Other', category_id);
  otherProductBatch = await make.stock({
    ...refs,
    product_id: other,
    brand_id: await make.brand('Other Brand', other),
  });
  saleId = (await saleAt(t, admin, new Date().toISOString(), [[{ ...refs, ...shortBatch }, 10]])).id;
  saleNumber = (await t.db.selectFrom('sales').select('sale_number').where('id', '=', saleId).executeTakeFirstOrThrow())
    .sale_number;
});
afterAll(() => t.close());

/** A shortfall of `quantity` on the sold-out batch, as the offline sale will record it. */
const discrepancy = async (quantity: number) =>
  (
    await t.db
      .insertInto('stock_discrepancies')
      .values({ product_id: refs.product_id, batch_id: shortBatch.id, quantity, sale_id: saleId })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

const list = async (query = '') => {
  const res = await t.call('GET', `/api/stockdiscrepancylist${query}`, { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const resolve = (id: number, body: unknown, token = admin) =>
  t.call('PUT', `/api/stockdiscrepancyresolve/${id}`, { token, body });

describe('GET /api/stockdiscrepancylist', () => {
  it('lists open discrepancies, newest first, with the product, batch and sale, paged and searchable', async () => {
    const first = await discrepancy(2);
    const second = await discrepancy(1.5);
    const page = await list('?pagination_size=5');
    expect(page).toMatchObject({ success: true, current_page: 1, total: 2, per_page: 5, from: 1, to: 2 });
    expect(page.data.map((row: { id: number }) => row.id)).toEqual([second, first]);
    expect(page.data[1]).toMatchObject({
      id: first,
      product_id: refs.product_id,
      product_name: 'Discrepancy Product',
      batch_id: shortBatch.id,
      batch_number: shortBatch.batch_number,
      batch_balance: 0,
      measurement_name: 'Discrepancy Unit',
      measurement_plural: null,
      quantity: 2,
      sale_id: saleId,
      sale_number: saleNumber,
      resolved_at: null,
      resolved_by: null,
      resolution_kind: null,
    });
    expect((await list(`?search=${shortBatch.batch_number.toLowerCase()}`)).total).toBe(2);
    expect((await list('?search=no-such-thing')).total).toBe(0);
    expect((await list('?status=resolved')).total).toBe(0);

    const count = await t.call('GET', '/api/stockdiscrepancycount', { token: admin });
    expect(count.body.data.open).toBeGreaterThanOrEqual(2);
  });

  it('refuses a status it does not know with 422', async () => {
    const res = await t.call('GET', '/api/stockdiscrepancylist?status=closed', { token: admin });
    expect(res).toMatchObject({ status: 422, body: { message: 'Status must be open, resolved or all.' } });
  });
});

describe('PUT /api/stockdiscrepancyresolve/{id}', () => {
  it('writes the shortfall off another batch of the product as a count correction, audited, in one go', async () => {
    const id = await discrepancy(3);
    const batches = await t.call('GET', `/api/stockdiscrepancybatches/${id}`, { token: admin });
    expect(batches.body.data.map((b: { id: number }) => b.id)).toEqual([otherBatch.id]);
    const res = await resolve(id, { kind: 'WRITE_OFF', batch_id: otherBatch.id, note: 'Sold from the newer bags' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const adjustment = await t.db
      .selectFrom('stock_adjustments')
      .selectAll()
      .where('id', '=', res.body.data.stock_adjustment_id)
      .executeTakeFirstOrThrow();
    expect(adjustment).toMatchObject({ batch_id: otherBatch.id, reason: 'COUNT_CORRECTION', quantity: 3 });
    expect(adjustment.note).toContain(`Stock discrepancy #${id}`);
    const batch = await t.db
      .selectFrom('stock_batches')
      .select('balance')
      .where('id', '=', otherBatch.id)
      .executeTakeFirstOrThrow();
    expect(Number(batch.balance)).toBe(7);
    expect((await lastAudit(t)).activity).toBe('Resolve discrepancy');

    const row = (await list('?status=resolved')).data.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({ resolution_kind: 'WRITE_OFF', resolution_note: 'Sold from the newer bags' });
    expect(row.resolved_by.name).toBeTruthy();
    expect(row.resolved_at).toBeTruthy();

    // Resolved once: a second resolution (another manager at the same time) is refused and changes nothing.
    const again = await resolve(id, { kind: 'STOCK_RECEIVED', note: 'Twice' });
    expect(again).toMatchObject({ status: 409, body: { message: 'This discrepancy has already been resolved.' } });
  });

  it('leaves nothing behind when the write-off cannot be made', async () => {
    const id = await discrepancy(50);
    const tooMuch = await resolve(id, { kind: 'WRITE_OFF', batch_id: otherBatch.id, note: 'More than there is' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toMatch(/^Only 7 left in batch/);
    const wrongProduct = await resolve(id, { kind: 'WRITE_OFF', batch_id: otherProductBatch.id, note: 'Wrong one' });
    expect(wrongProduct).toMatchObject({
      status: 422,
      body: { errors: { batch_id: ['Choose a batch of Discrepancy Product.'] } },
    });
    const row = await t.db.selectFrom('stock_discrepancies').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.resolved_at).toBeNull();
  });

  it('records stock received with its note', async () => {
    const id = await discrepancy(1);
    const res = await resolve(id, { kind: 'STOCK_RECEIVED', note: 'Delivery of 12 Nov entered late' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ id, resolution_kind: 'STOCK_RECEIVED', stock_adjustment_id: null });
  });

  it('refuses bad input with 422 and an unknown discrepancy with 404', async () => {
    const id = await discrepancy(1);
    expect(await resolve(id, { kind: 'STOCK_RECEIVED', note: '  ' })).toMatchObject({
      status: 422,
      body: { message: 'Note is required.' },
    });
    expect(await resolve(id, { kind: 'WRITE_OFF', note: 'No batch' })).toMatchObject({
      status: 422,
      body: { message: 'Choose the batch to write the shortfall off.' },
    });
    expect((await resolve(id, { kind: 'FORGIVE', note: 'x' })).status).toBe(422);
    expect(await resolve(999_999, { kind: 'STOCK_RECEIVED', note: 'x' })).toMatchObject({
      status: 404,
      body: { message: 'Stock discrepancy not found.' },
    });
  });
});

describe('a discrepancy that returns reduced', () => {
  it('lists what came back and writes off only what is still missing', async () => {
    // The offline sale of 4 found 2 of the batch's 5 left: it gave 2 and is short by 2.
    const short = await shortOfflineSale(t, admin, cashier, { received: 5, soldSince: 3, quantity: 4 });
    // 3 come back: the 2 the batch gave go back into it, 1 it never gave comes off the discrepancy.
    const back = await t.call('POST', `/api/salesreturnstore/${short.offlineSaleId}`, {
      token: cashier,
      body: { items: [{ sale_item_id: short.lineId, quantity: 3 }], reason: 'Too many', refund_method: 'CASH' },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const row = (await list(`?search=${short.batch.batch_number}`)).data[0];
    expect(row).toMatchObject({ id: short.discrepancyId, quantity: 2, returned_quantity: 1, batch_balance: 2 });
    expect(row.resolved_at).toBeNull();
    const res = await resolve(short.discrepancyId, { kind: 'WRITE_OFF', batch_id: short.batch.id, note: 'Miscounted' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const adjustment = await t.db
      .selectFrom('stock_adjustments')
      .select('quantity')
      .where('id', '=', res.body.data.stock_adjustment_id)
      .executeTakeFirstOrThrow();
    expect(adjustment.quantity).toBe(1);
    expect(await batchState(t, short.batch.id)).toMatchObject({ balance: 1, quantity_adjusted: 1 });
    expect((await lastAudit(t)).details).toContain('Resolved stock discrepancy');
    expect((await lastAudit(t)).details).toContain('(1 of ');
  });
});

describe('access', () => {
  it('answers 401 without a session and 403 without each key', async () => {
    await expectKeyNeeded(t, 'GET', '/api/stockdiscrepancylist', cashier);
    const id = await discrepancy(1);
    const body = { kind: 'STOCK_RECEIVED', note: 'Counted again' };
    expect(await resolve(id, body, cashier)).toMatchObject({ status: 403, body: DENIED });
    await withCashierKeys(t, ['stockDiscrepancyList'], async () => {
      expect((await t.call('GET', '/api/stockdiscrepancylist', { token: cashier })).status).toBe(200);
      expect(await resolve(id, body, cashier)).toMatchObject({ status: 403, body: DENIED });
    });
    await withCashierKeys(t, ['stockDiscrepancyResolve'], async () => {
      expect((await resolve(id, body, cashier)).status).toBe(200);
    });
  });
});
