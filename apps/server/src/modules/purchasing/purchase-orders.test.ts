import { UNIT_COST_MESSAGE } from '@duka/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveVat } from '../../../test/business-fixtures.ts';
import {
  DENIED,
  expectInvalid,
  lastAudit,
  UNAUTHENTICATED,
  withCashierKeys,
} from '../../../test/catalogue-fixtures.ts';
import { type SignedIn, signedInApp } from '../../../test/crud-contract.ts';
import { pdfLines } from '../../../test/pdf-text.ts';
import { exportedRows, postSale } from '../../../test/report-fixtures.ts';
import { type Catalogue, makeCatalogue, receiveBatch } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { AppError } from '../../platform/errors.ts';
import { shopDay } from '../../platform/period.ts';
import { recordReceived } from './received.ts';

// Purchase orders over HTTP: who may make, change, cancel, read and export them, what is refused and why, the
// figures they keep (an order in Bundles of iron sheets counted in Sheets), the PDF sent to the supplier, the reorder
// suggestions, and what goods received will do to an order's lines and status.

let s: SignedIn;
let t: TestApp;
let admin: string;
let cashier: string;
/** Iron sheets counted in Sheets, ordered by the Bundle of 10. */
let iron: Catalogue;
let sheet: number;
let bundle: number;
/** Nails, with no units declared: counted in the unit of their batches. */
let nails: Catalogue;

beforeAll(async () => {
  s = await signedInApp();
  ({ t, admin, cashier } = s);
  iron = await makeCatalogue(t, admin, 'Iron Sheet G28');
  nails = await makeCatalogue(t, admin, 'Wire Nails 4in');
  sheet = await s.make.measurement('Sheet');
  bundle = await s.make.measurement('Bundle');
  const units = await t.call('PUT', `/api/productunitsupdate/${iron.product_id}`, {
    token: admin,
    body: { base_measurement_id: sheet, units: [{ measurement_id: bundle, factor: 10, bulk_discount_percent: 0 }] },
  });
  expect(units.status, JSON.stringify(units.body)).toBe(200);
  iron = { ...iron, measurement_id: sheet };
  await saveVat(t, admin, 'No');
});
afterAll(() => t.close());

/** 3 Bundles of iron sheets at 380,000 a Bundle and 12.5 Bags of nails (no brand) at 1,999: UGX 1,164,988. */
const orderBody = (overrides: Record<string, unknown> = {}) => ({
  supplier_id: iron.supplier_id,
  expected_date: '2026-12-15',
  notes: 'Deliver to the Ntinda shop',
  lines: [
    { product_id: iron.product_id, brand_id: iron.brand_id, measurement_id: bundle, quantity: 3, unit_cost: 380_000 },
    {
      product_id: nails.product_id,
      brand_id: null,
      measurement_id: nails.measurement_id,
      quantity: 12.5,
      unit_cost: 1_999,
    },
  ],
  ...overrides,
});
const ORDER_TOTAL = 3 * 380_000 + 24_988;

/** As the admin; `as` names another caller, `null` none. */
const store = (body: unknown, as: string | null = admin) =>
  t.call('POST', '/api/purchaseorderstore', { token: as ?? undefined, body });
const show = (id: number, as: string | null = admin) =>
  t.call('GET', `/api/purchaseordershow/${id}`, { token: as ?? undefined });
const update = (id: number, body: unknown, as: string | null = admin) =>
  t.call('PUT', `/api/purchaseorderupdate/${id}`, { token: as ?? undefined, body });
const cancel = (id: number, body: unknown, as: string | null = admin) =>
  t.call('POST', `/api/purchaseordercancel/${id}`, { token: as ?? undefined, body });

async function newOrder(body = orderBody()) {
  const res = await store(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; po_number: string };
}

const orderCount = async () =>
  Number((await t.db.selectFrom('purchase_orders').select(t.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const lineIds = async (orderId: number) =>
  (
    await t.db
      .selectFrom('purchase_order_lines')
      .select('id')
      .where('purchase_order_id', '=', orderId)
      .orderBy('id')
      .execute()
  ).map((l) => l.id);
/** Goods received, as the receipt's transaction will record them. */
const receive = (lineId: number, quantity: number) =>
  t.db.transaction().execute((trx) => recordReceived(trx, lineId, quantity));

describe('keys', () => {
  it('answers 401 without a token and 403 to the cashier on every call, and each call opens with its key alone', async () => {
    const { id } = await newOrder();
    // The reads, each with the one key that opens it.
    const reads: [key: string, path: string][] = [
      ['purchaseOrderList', '/api/purchaseorderlist'],
      ['purchaseOrderExport', '/api/purchaseorderxlsx'],
      ['purchaseOrderExport', '/api/purchaseordercsv'],
      ['purchaseOrderList', `/api/purchaseordershow/${id}`],
      ['purchaseOrderList', `/api/purchaseorderpdf/${id}`],
      ['purchaseOrderAdd', `/api/purchaseordersuggestions?supplier_id=${iron.supplier_id}`],
    ];
    for (const [key, path] of reads) {
      expect((await t.download(path)).status, path).toBe(401);
      expect((await t.download(path, cashier)).status, path).toBe(403);
      expect((await withCashierKeys(t, [key], () => t.download(path, cashier))).status, `${path} with ${key}`).toBe(
        200,
      );
    }

    expect(await store(orderBody(), null)).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    expect(await store(orderBody(), cashier)).toMatchObject({ status: 403, body: DENIED });
    // Refused before validation: an empty body is still a 403.
    expect(await store({}, cashier)).toMatchObject({ status: 403, body: DENIED });
    const made = await withCashierKeys(t, ['purchaseOrderAdd'], () => store(orderBody(), cashier));
    expect(made.status).toBe(200);

    expect(await update(id, orderBody(), null)).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    expect(await update(id, orderBody(), cashier)).toMatchObject({ status: 403, body: DENIED });
    expect((await withCashierKeys(t, ['purchaseOrderEdit'], () => update(id, orderBody(), cashier))).status).toBe(200);

    expect(await cancel(id, { reason: 'x' }, null)).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    expect(await cancel(id, { reason: 'x' }, cashier)).toMatchObject({ status: 403, body: DENIED });
    const cancelled = await withCashierKeys(t, ['purchaseOrderCancel'], () =>
      cancel(id, { reason: 'Ordered twice' }, cashier),
    );
    expect(cancelled.status).toBe(200);
  });
});

describe('POST /purchaseorderstore', () => {
  it('refuses what is missing or wrong, naming the field, and makes nothing', async () => {
    const before = await orderCount();
    const line = orderBody().lines[0];
    expectInvalid(await store(orderBody({ supplier_id: '' })), { supplier_id: ['Supplier is required.'] });
    expectInvalid(await store(orderBody({ lines: [] })), { lines: ['Add at least one line.'] });
    expectInvalid(await store(orderBody({ lines: [{ ...line, quantity: 0 }] })), {
      'lines.0.quantity': ['Quantity must be above 0.'],
    });
    expectInvalid(await store(orderBody({ lines: [{ ...line, quantity: 1.2345 }] })), {
      'lines.0.quantity': ['Use at most 3 decimals.'],
    });
    expectInvalid(await store(orderBody({ lines: [{ ...line, unit_cost: 10.5 }] })), {
      'lines.0.unit_cost': [UNIT_COST_MESSAGE],
    });
    expectInvalid(await store(orderBody({ lines: [{ ...line, unit_cost: -1 }] })), {
      'lines.0.unit_cost': [UNIT_COST_MESSAGE],
    });
    expectInvalid(await store(orderBody({ supplier_id: 999_999 })), {
      supplier_id: ['The supplier was not found: choose one from the list.'],
    });
    // The Bag nails are counted in is no unit of the iron sheets.
    expectInvalid(await store(orderBody({ lines: [{ ...line, measurement_id: nails.measurement_id }] })), {
      'lines.0.measurement_id': ['Iron Sheet G28 is counted in Sheet; it may be ordered in Sheet or Bundle.'],
    });
    expectInvalid(await store(orderBody({ lines: [line, { ...line, brand_id: nails.brand_id }] })), {
      'lines.1.brand_id': ['Tororo is not a brand of Iron Sheet G28.'],
    });
    expect(await orderCount()).toBe(before);
  });

  it('numbers the order PO- and 6 digits, keeps each line in its unit, totals it and audits it', async () => {
    const { id, po_number } = await newOrder();
    expect(po_number).toMatch(/^PO-\d{6}$/);
    const next = await newOrder();
    expect(Number(next.po_number.slice(3))).toBe(Number(po_number.slice(3)) + 1);
    expect(await lastAudit(t)).toMatchObject({
      type: 'Purchase order',
      activity: 'Create',
      details: `Created purchase order ${next.po_number} to Hima Supplies: 2 lines, total UGX 1,164,988`,
    });
    const lines = await t.db
      .selectFrom('purchase_order_lines')
      .select(['measurement_id', 'factor', 'quantity', 'unit_cost', 'received_quantity', 'brand_id'])
      .where('purchase_order_id', '=', id)
      .orderBy('id')
      .execute();
    expect(lines).toEqual([
      {
        measurement_id: bundle,
        factor: 10,
        quantity: 3,
        unit_cost: 380_000,
        received_quantity: 0,
        brand_id: iron.brand_id,
      },
      {
        measurement_id: nails.measurement_id,
        factor: 1,
        quantity: 12.5,
        unit_cost: 1_999,
        received_quantity: 0,
        brand_id: null,
      },
    ]);
  });
});

describe('GET /purchaseordershow', () => {
  it('answers 404 for an unknown order, else its supplier and lines: ordered, received and remaining', async () => {
    expect(await show(999_999)).toMatchObject({ status: 404, body: { message: 'Purchase order not found.' } });
    const { id, po_number } = await newOrder();
    await receive((await lineIds(id))[0] as number, 1.5);
    const res = await show(id);
    expect(res.status).toBe(200);
    const order = res.body.data;
    expect(order).toMatchObject({
      po_number,
      status: 'PARTLY_RECEIVED',
      expected_date: '2026-12-15',
      notes: 'Deliver to the Ntinda shop',
      supplier: { id: iron.supplier_id, name: 'Hima Supplies', phone_number: '0772000111' },
      total_amount: ORDER_TOTAL,
      user: { name: expect.any(String) },
      cancelled_at: null,
    });
    expect(order.lines).toMatchObject([
      {
        product: { id: iron.product_id, name: 'Iron Sheet G28' },
        brand: { id: iron.brand_id, name: 'Tororo' },
        unit: { id: bundle, name: 'Bundle' },
        factor: 10,
        base_unit: { id: sheet, name: 'Sheet' },
        ordered: 3,
        received: 1.5,
        remaining: 1.5,
        unit_cost: 380_000,
        line_total: 1_140_000,
      },
      {
        product: { name: 'Wire Nails 4in' },
        brand: null,
        factor: 1,
        ordered: 12.5,
        received: 0,
        remaining: 12.5,
        unit_cost: 1_999,
        line_total: 24_988,
      },
    ]);
  });
});

describe('PUT /purchaseorderupdate', () => {
  it('refuses bad input (422), an unknown order (404), then replaces the lines and audits old and new', async () => {
    const { id, po_number } = await newOrder();
    expectInvalid(await update(id, orderBody({ lines: [] })), { lines: ['Add at least one line.'] });
    expect(await update(999_999, orderBody())).toMatchObject({
      status: 404,
      body: { message: 'Purchase order not found.' },
    });
    const changed = orderBody({
      expected_date: '',
      notes: '',
      lines: [{ ...orderBody().lines[0], measurement_id: sheet, quantity: 25, unit_cost: 39_000 }],
    });
    const res = await update(id, changed);
    expect(res).toMatchObject({ status: 200, body: { data: { id, po_number } } });
    expect(await lastAudit(t)).toMatchObject({
      type: 'Purchase order',
      activity: 'Update',
      details: `Updated purchase order ${po_number} to Hima Supplies: 1 line, total UGX 975,000 (was 2 lines, total UGX 1,164,988)`,
    });
    const order = (await show(id)).body.data;
    expect(order).toMatchObject({ expected_date: null, notes: null, total_amount: 975_000 });
    expect(order.lines).toMatchObject([{ unit: { name: 'Sheet' }, factor: 1, ordered: 25 }]);
  });

  it('is refused (409) once goods were received against the order, naming them', async () => {
    const { id, po_number } = await newOrder();
    await receive((await lineIds(id))[0] as number, 1);
    const res = await update(id, orderBody());
    expect(res).toMatchObject({
      status: 409,
      body: { message: `1 Bundle of Iron Sheet G28 were received against ${po_number}; it can no longer be changed.` },
    });
  });

  it('is refused (409) after the order was cancelled, changing nothing', async () => {
    const { id, po_number } = await newOrder();
    expect((await cancel(id, { reason: 'Supplier out of stock' })).status).toBe(200);
    const res = await update(id, orderBody({ lines: [orderBody().lines[1]] }));
    expect(res).toMatchObject({
      status: 409,
      body: { message: `${po_number} was cancelled; it can no longer be changed.` },
    });
    expect(await lineIds(id)).toHaveLength(2);
  });
});

describe('POST /purchaseordercancel', () => {
  it('needs a reason (422), answers 404 for an unknown order, cancels once and audits why', async () => {
    const { id, po_number } = await newOrder();
    expectInvalid(await cancel(id, { reason: '  ' }), { reason: ['Say why the order is cancelled.'] });
    expect(await cancel(999_999, { reason: 'Late' })).toMatchObject({ status: 404 });
    expect(await cancel(id, { reason: 'Found a cheaper supplier' })).toMatchObject({
      status: 200,
      body: { data: { id, po_number } },
    });
    expect(await lastAudit(t)).toMatchObject({
      type: 'Purchase order',
      activity: 'Cancel',
      details: `Cancelled purchase order ${po_number}: Found a cheaper supplier`,
    });
    expect((await show(id)).body.data).toMatchObject({
      status: 'CANCELLED',
      cancel_reason: 'Found a cheaper supplier',
      cancelled_at: expect.any(String),
    });
    expect(await cancel(id, { reason: 'Again' })).toMatchObject({
      status: 409,
      body: { message: `${po_number} is already cancelled.` },
    });
  });

  it('is refused (409) once the order was received in full, but a partly received one may be cancelled', async () => {
    const full = await newOrder();
    const [a, b] = (await lineIds(full.id)) as [number, number];
    await receive(a, 3);
    await receive(b, 12.5);
    expect(await cancel(full.id, { reason: 'Too late' })).toMatchObject({
      status: 409,
      body: { message: `${full.po_number} was received in full; it can no longer be cancelled.` },
    });
    const part = await newOrder();
    await receive((await lineIds(part.id))[0] as number, 2);
    expect((await cancel(part.id, { reason: 'The rest is not coming' })).status).toBe(200);
    expect((await lastAudit(t)).details).toBe(
      `Cancelled purchase order ${part.po_number} (partly received): The rest is not coming`,
    );
  });
});

describe('recordReceived', () => {
  it('adds to a line in its unit, refuses more than remains naming it, and moves the status to RECEIVED', async () => {
    const { id, po_number } = await newOrder();
    const [ironLine, nailsLine] = (await lineIds(id)) as [number, number];
    const status = async () =>
      (await t.db.selectFrom('purchase_orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    expect(await status()).toBe('OPEN');
    expect(await receive(ironLine, 1)).toEqual({ po_number, status: 'PARTLY_RECEIVED', remaining: 2 });
    const over = await receive(ironLine, 2.5).catch((e: unknown) => e);
    expect(over).toBeInstanceOf(AppError);
    expect(over).toMatchObject({
      code: 'invalid',
      message: `Only 2 Bundles of Iron Sheet G28 remain on ${po_number}.`,
      fields: { quantity: [`Only 2 Bundles of Iron Sheet G28 remain on ${po_number}.`] },
    });
    expect(await receive(ironLine, 2)).toMatchObject({ status: 'PARTLY_RECEIVED', remaining: 0 });
    expect(await receive(nailsLine, 12.5)).toEqual({ po_number, status: 'RECEIVED', remaining: 0 });
    expect(await status()).toBe('RECEIVED');
    await expect(receive(nailsLine, 0.001)).rejects.toMatchObject({
      message: `Nothing of Wire Nails 4in remains on ${po_number}: it came in full.`,
    });
    // A cancelled order takes nothing more.
    const other = await newOrder();
    await cancel(other.id, { reason: 'Not needed' });
    await expect(receive((await lineIds(other.id))[0] as number, 1)).rejects.toMatchObject({
      message: `${other.po_number} was cancelled; nothing more can be received against it.`,
    });
  });
});

describe('GET /purchaseorderlist and its files', () => {
  it('searches by number and supplier, filters by status and the day made, and exports the same rows', async () => {
    const mukwano = await s.make.supplier('Mukwano Traders', { phone_number: '0701555666' });
    const mine = await newOrder(orderBody({ supplier_id: mukwano.id }));
    const old = await newOrder(orderBody({ supplier_id: mukwano.id, expected_date: null }));
    await sql`UPDATE purchase_orders SET created_at = '2026-01-05T09:00:00+03:00' WHERE id = ${old.id}`.execute(t.db);
    await cancel(old.id, { reason: 'Old' });

    const list = (query: string) => t.call('GET', `/api/purchaseorderlist?${query}`, { token: admin });
    const bySupplier = await list('search=mukwano');
    expect(bySupplier.status).toBe(200);
    expect(bySupplier.body.data.map((r: { id: number }) => r.id)).toEqual([mine.id, old.id]);
    expect(bySupplier.body.data[0]).toMatchObject({
      po_number: mine.po_number,
      supplier_name: 'Mukwano Traders',
      status: 'OPEN',
      expected_date: '2026-12-15',
      line_count: 2,
      total_amount: ORDER_TOTAL,
      user: { name: expect.any(String) },
    });
    expect((await list(`search=${mine.po_number}`)).body.data.map((r: { id: number }) => r.id)).toEqual([mine.id]);
    expect((await list('search=mukwano&status=CANCELLED')).body.data.map((r: { id: number }) => r.id)).toEqual([
      old.id,
    ]);
    expect(
      (await list('search=mukwano&startDate=2026-01-05&endDate=2026-01-05')).body.data.map((r: { id: number }) => r.id),
    ).toEqual([old.id]);
    const today = shopDay('Africa/Kampala');
    expect((await list(`search=mukwano&startDate=${today}`)).body.data.map((r: { id: number }) => r.id)).toEqual([
      mine.id,
    ]);
    expectInvalid(await list('status=LOST'), {
      status: ['The status must be OPEN, PARTLY_RECEIVED, RECEIVED or CANCELLED.'],
    });

    for (const format of ['xlsx', 'csv'] as const) {
      const { rows } = await exportedRows(t, admin, `purchaseorder${format}?search=mukwano`, format);
      const header = rows.findIndex((r) => r[0] === 'PO Number');
      expect(rows[header]).toEqual([
        'PO Number',
        'Supplier',
        'Status',
        'Expected Date',
        'Lines',
        'Total Amount',
        'Created By',
        'Date',
      ]);
      const body = rows
        .slice(header + 1)
        .map((r) => r.slice(0, 6).map((c) => (c instanceof Date ? 'date' : String(c))));
      expect(body, format).toEqual([
        [
          mine.po_number,
          'Mukwano Traders',
          'OPEN',
          format === 'xlsx' ? 'date' : '2026-12-15',
          '2',
          String(ORDER_TOTAL),
        ],
        [old.po_number, 'Mukwano Traders', 'CANCELLED', 'N/A', '2', String(ORDER_TOTAL)],
      ]);
    }
  });
});

describe('GET /purchaseorderpdf', () => {
  it('answers 404 for an unknown order, else the A4 order with the business header, lines in their units and total', async () => {
    expect((await t.download('/api/purchaseorderpdf/999999', admin)).status).toBe(404);
    const { id, po_number } = await newOrder();
    const pdf = await t.download(`/api/purchaseorderpdf/${id}`, admin);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = pdfLines(pdf.bytes);
    for (const line of [
      'Kato Hardware Ltd',
      'Plot 12, Jinja Road, Kampala',
      'PURCHASE ORDER',
      `Order number: ${po_number}`,
      'Expected by: 2026-12-15',
      'To: Hima Supplies',
      'Iron Sheet G28',
      'Tororo',
      '3 Bundles',
      '380,000',
      '1,140,000',
      'No brand',
      '24,988',
      'Total (UGX)',
      '1,164,988',
      'Deliver to the Ntinda shop',
    ])
      expect(text, line).toContain(line);
    expect(text.some((l) => l.includes('0772000111'))).toBe(true);
  });
});

describe('GET /purchaseordersuggestions', () => {
  it('lists products last bought from the supplier at or below their minimum: 30 days sold + minimum − balance', async () => {
    expectInvalid(await t.call('GET', '/api/purchaseordersuggestions', { token: admin }), {
      supplier_id: ['Supplier is required.'],
    });
    const supplier = await s.make.supplier('Roofings Ltd', { phone_number: '0702000333' });
    const other = await s.make.supplier('Steel and Tube', { phone_number: '0703000444' });
    const sheets = await makeCatalogue(t, admin, 'Roofing Sheet IT4');
    const mabati = { ...sheets, supplier_id: supplier.id };
    // 40 Bags at 42,000 with a minimum of 30: 12 sold leaves 28, at or below the minimum.
    const batch = await receiveBatch(t, admin, mabati, { quantity: 40, unit_price: 42_000, min_stock_level: 30 });
    await postSale(t, admin, [[batch, 12]], { paymentMethod: 'CASH' });
    // A product above its minimum, and one whose newest batch came from another supplier, are not suggested.
    const plenty = await makeCatalogue(t, admin, 'Ridge Cap');
    await receiveBatch(t, admin, { ...plenty, supplier_id: supplier.id }, { quantity: 50, min_stock_level: 5 });
    const moved = await makeCatalogue(t, admin, 'Gutter');
    await receiveBatch(t, admin, { ...moved, supplier_id: supplier.id }, { quantity: 1, min_stock_level: 5 });
    await receiveBatch(t, admin, { ...moved, supplier_id: other.id }, { quantity: 1, min_stock_level: 5 });
    // A sale older than 30 days does not count.
    const old = await postSale(t, admin, [[batch, 2]], { paymentMethod: 'CASH' });
    await sql`UPDATE sales SET created_at = now() - interval '40 days' WHERE id = ${old.id}`.execute(t.db);

    const res = await t.call('GET', `/api/purchaseordersuggestions?supplier_id=${supplier.id}`, { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual([
      {
        product_id: sheets.product_id,
        product_name: 'Roofing Sheet IT4',
        brand: { id: sheets.brand_id, name: 'Tororo' },
        base_unit: { id: sheets.measurement_id, name: 'Bag Roofing Sheet IT4', plural: null },
        balance: 26,
        min_stock_level: 30,
        sold_30_days: 12,
        // 12 + 30 − 26
        suggested_quantity: 16,
        last_unit_cost: 42_000,
      },
    ]);
    const elsewhere = await t.call('GET', `/api/purchaseordersuggestions?supplier_id=${other.id}`, { token: admin });
    expect(elsewhere.body.data.map((r: { product_id: number }) => r.product_id)).toEqual([moved.product_id]);
  });
});
