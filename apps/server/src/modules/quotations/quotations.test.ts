import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveVat } from '../../../test/business-fixtures.ts';
import {
  DENIED,
  expectInvalid,
  lastAudit,
  okData,
  UNAUTHENTICATED,
  withCashierKeys,
} from '../../../test/catalogue-fixtures.ts';
import { type SignedIn, signedInApp } from '../../../test/crud-contract.ts';
import { pdfLines } from '../../../test/pdf-text.ts';
import { type Catalogue, makeCatalogue, receiveBatch } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { addDays, shopDay } from '../../platform/period.ts';

// Quotations over HTTP: who may quote, re-price and convert, today's prices by default, another price or one below
// cost only with their keys, the conversion through the POS's path with a deposit and the rest on account, once,
// an expired quotation converted only at today's prices.

let s: SignedIn;
let t: TestApp;
let admin: string;
let cashier: string;
let cement: Catalogue;
let today: string;
let customerId: number;

beforeAll(async () => {
  s = await signedInApp();
  ({ t, admin, cashier } = s);
  today = shopDay('Africa/Kampala');
  await saveVat(t, admin, 'No');
  cement = await makeCatalogue(t, admin, 'Quoted Cement');
  // 100 bags at 30,000 cost, sold at 35,000.
  await receiveBatch(t, admin, cement, { quantity: 100, unit_price: 30_000, sale_price: 35_000 });
  const customer = await t.call('POST', '/api/customerstore', {
    token: admin,
    body: { name: 'Kato Contractors', phone_number: '0701234567', credit_limit: 5_000_000, payment_terms_days: 30 },
  });
  expect(customer.status, JSON.stringify(customer.body)).toBe(200);
  customerId = customer.body.data.id;
});
afterAll(() => t.close());

const line = (overrides: Record<string, unknown> = {}) => ({
  product_id: cement.product_id,
  brand_id: cement.brand_id,
  measurement_id: cement.measurement_id,
  quantity: 10,
  ...overrides,
});
const body = (overrides: Record<string, unknown> = {}) => ({
  customer_id: customerId,
  valid_until: addDays(today, 7),
  discount: 0,
  notes: 'For the Mukono site',
  lines: [line()],
  ...overrides,
});
const store = (b: unknown, as: string | null = admin) =>
  t.call('POST', '/api/quotationstore', { token: as ?? undefined, body: b });
const show = (id: number) => okData(t.call('GET', `/api/quotationshow/${id}`, { token: admin }));
const convert = (id: number, b: Record<string, unknown>, as: string | null = admin) =>
  t.call('POST', `/api/quotationconvert/${id}`, {
    token: as ?? undefined,
    body: { payments: [{ method: 'CASH', amount: 350_000 }], idempotencyKey: randomUUID(), ...b },
  });

describe('keys', () => {
  it('answers 401 without a token and 403 to the cashier; each call opens with its key alone', async () => {
    const { id } = await okData(store(body()));
    for (const [key, path] of [
      ['quotationList', '/api/quotationlist'],
      ['quotationExport', '/api/quotationxlsx'],
      ['quotationExport', '/api/quotationcsv'],
      ['quotationList', `/api/quotationshow/${id}`],
      ['quotationList', `/api/quotationpdf/${id}`],
    ] as const) {
      expect((await t.download(path)).status, path).toBe(401);
      expect((await t.download(path, cashier)).status, path).toBe(403);
      expect((await withCashierKeys(t, [key], () => t.download(path, cashier))).status, path).toBe(200);
    }
    expect(await store(body(), null)).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    expect(await store({}, cashier)).toMatchObject({ status: 403, body: DENIED });
    expect((await withCashierKeys(t, ['quotationAdd'], () => store(body(), cashier))).status).toBe(200);
    const edit = () => t.call('PUT', `/api/quotationupdate/${id}`, { token: cashier, body: body() });
    expect(await edit()).toMatchObject({ status: 403, body: DENIED });
    expect((await withCashierKeys(t, ['quotationEdit'], edit)).status).toBe(200);
    expect(await lastAudit(t)).toMatchObject({ type: 'Quotation', activity: 'Update' });
    expect(await convert(id, {}, cashier)).toMatchObject({ status: 403, body: DENIED });
    const cancel = () => t.call('POST', `/api/quotationcancel/${id}`, { token: cashier, body: { reason: 'Lost' } });
    expect(await cancel()).toMatchObject({ status: 403, body: DENIED });
    expect((await withCashierKeys(t, ['quotationCancel'], cancel)).status).toBe(200);
    expect(await lastAudit(t)).toMatchObject({ type: 'Quotation', activity: 'Cancel' });
    expect((await lastAudit(t)).details).toMatch(/^Cancelled quotation QT-\d{6}: Lost$/);
    for (const path of ['/api/quotationshow/999999', '/api/quotationpdf/999999'])
      expect((await t.download(path, admin)).status, path).toBe(404);
    expect((await convert(999_999, {})).status).toBe(404);
  });
});

describe('POST /quotationstore', () => {
  it("quotes today's price by default, numbers QT-, totals with the discount, and audits", async () => {
    const made = await okData(store(body({ discount: 5, lines: [line(), line({ quantity: 2.5 })] })));
    expect(made.quotation_number).toMatch(/^QT-\d{6}$/);
    const q = await show(made.id);
    expect(q).toMatchObject({
      status: 'OPEN',
      customer: { id: customerId, name: 'Kato Contractors', phone_number: '0701234567' },
      subtotal: 437_500,
      discount_amount: 21_875,
      total_amount: 415_625,
    });
    expect(q.lines.map((l: { unit_price: number }) => l.unit_price)).toEqual([35_000, 35_000]);
    expect(await lastAudit(t)).toMatchObject({ type: 'Quotation', activity: 'Create' });
    expect((await lastAudit(t)).details).toContain(`Created quotation ${made.quotation_number} for Kato Contractors`);
    // A quotation holds no stock.
    const batch = await t.db
      .selectFrom('stock_batches')
      .select('balance')
      .where('product_id', '=', cement.product_id)
      .executeTakeFirstOrThrow();
    expect(batch.balance).toBe(100);
    const pdf = pdfLines((await t.download(`/api/quotationpdf/${made.id}`, admin)).bytes).join('\n');
    expect(pdf).toContain('QUOTATION');
    expect(pdf).toContain(made.quotation_number);
    expect(pdf).toContain('415,625');
  });

  it('refuses what is missing, another price without its key, and a price below cost without that key', async () => {
    expectInvalid(await store(body({ customer_id: undefined })), {
      customer_name: ['Customer name is required.'],
      customer_phone: ['Customer phone is required.'],
    });
    expectInvalid(await store(body({ valid_until: addDays(today, -1) })), {
      valid_until: ['The valid-until date cannot be in the past.'],
    });
    await withCashierKeys(t, ['quotationAdd'], async () => {
      const other = await store(body({ lines: [line({ unit_price: 34_000 })] }), cashier);
      expect(other.status).toBe(403);
      expect(other.body.message).toBe(
        "Quoting Quoted Cement at another price than today's (UGX 35,000) needs the Quotation Price Edit permission.",
      );
    });
    await withCashierKeys(t, ['quotationAdd', 'quotationPriceEdit'], async () => {
      expect((await store(body({ lines: [line({ unit_price: 34_000 })] }), cashier)).status).toBe(200);
      expectInvalid(await store(body({ lines: [line({ unit_price: 29_999 })] }), cashier), {
        'lines.0.unit_price': ['UGX 29,999 is below the cost of Quoted Cement, UGX 30,000.'],
      });
    });
    await withCashierKeys(t, ['quotationAdd', 'quotationPriceEdit', 'quotationBelowCost'], async () => {
      expect((await store(body({ lines: [line({ unit_price: 29_999 })] }), cashier)).status).toBe(200);
    });
  });
});

describe('POST /quotationconvert', () => {
  it('makes the sale at the quoted prices with a deposit and the rest on account, once', async () => {
    const { id, quotation_number } = await okData(store(body({ lines: [line({ unit_price: 34_000 })] })));
    const key = randomUUID();
    const payments = [
      { method: 'CASH', amount: 100_000 },
      { method: 'ACCOUNT', amount: 240_000 },
    ];
    const sale = await okData(convert(id, { payments, idempotencyKey: key }));
    const q = await show(id);
    expect(q).toMatchObject({ status: 'CONVERTED', sale: { id: sale.sale_id } });
    const made = await t.db
      .selectFrom('sales')
      .select(['total_amount', 'on_account', 'customer_id'])
      .where('id', '=', sale.sale_id)
      .executeTakeFirstOrThrow();
    expect(made).toEqual({ total_amount: q.total_amount, on_account: 240_000, customer_id: customerId });
    const items = await t.db
      .selectFrom('sale_items')
      .select(['unit_price', 'quantity'])
      .where('sale_id', '=', sale.sale_id)
      .execute();
    expect(items).toEqual([{ unit_price: 34_000, quantity: 10 }]);
    expect((await lastAudit(t)).details).toBe(
      `Converted quotation ${quotation_number} into sale ${sale.receipt_number}`,
    );
    // The same key again answers the same sale; another key is refused naming it.
    expect(await okData(convert(id, { payments, idempotencyKey: key }))).toEqual(sale);
    const again = await convert(id, { payments });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`${quotation_number} was converted already: sale ${sale.receipt_number}.`);
  });

  it("refuses an expired quotation unless re-priced, and then charges today's price", async () => {
    const { id, quotation_number } = await okData(store(body({ lines: [line({ quantity: 2 })] })));
    // Two weeks on: the quotation ran out yesterday, and the price went up.
    await t.db
      .updateTable('quotations')
      .set({ valid_until: addDays(today, -1) })
      .where('id', '=', id)
      .execute();
    await t.db
      .updateTable('stock_batches')
      .set({ sale_price: 36_000 })
      .where('product_id', '=', cement.product_id)
      .execute();
    expect((await show(id)).status).toBe('EXPIRED');
    expectInvalid(await convert(id, { payments: [{ method: 'CASH', amount: 72_000 }] }), {
      reprice: [`${quotation_number} expired on ${addDays(today, -1)}: convert it at today's prices.`],
    });
    const sale = await okData(convert(id, { payments: [{ method: 'CASH', amount: 72_000 }], reprice: true }));
    const made = await t.db
      .selectFrom('sales')
      .select('total_amount')
      .where('id', '=', sale.sale_id)
      .executeTakeFirstOrThrow();
    expect(made.total_amount).toBe(72_000);
    const list = await okData(t.call('GET', `/api/quotationlist?search=${quotation_number}`, { token: admin }));
    expect(list).toEqual([expect.objectContaining({ status: 'CONVERTED', sale_id: sale.sale_id })]);
  });

  it('cannot convert a cancelled quotation, nor change one', async () => {
    const { id, quotation_number } = await okData(store(body()));
    await okData(
      t.call('POST', `/api/quotationcancel/${id}`, { token: admin, body: { reason: 'Client went elsewhere' } }),
    );
    expect((await convert(id, {})).body.message).toBe(`${quotation_number} was cancelled; it cannot be sold.`);
    const edit = await t.call('PUT', `/api/quotationupdate/${id}`, { token: admin, body: body() });
    expect(edit.status).toBe(409);
    expect((await show(id)).status).toBe('CANCELLED');
  });
});
