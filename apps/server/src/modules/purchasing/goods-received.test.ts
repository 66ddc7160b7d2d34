import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { exportedRows } from '../../../test/report-fixtures.ts';
import { type Catalogue, makeCatalogue } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { addDays, shopDay } from '../../platform/period.ts';

// Goods received over HTTP: who may receive and read them, what is refused and why, an order received in two parts,
// over-receipt refused, landed costs spread by value into the batches' cost to the shilling, an order in Bundles
// stocked in Sheets, and what a receipt on credit or paid leaves owed.

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
let today: string;

beforeAll(async () => {
  s = await signedInApp();
  ({ t, admin, cashier } = s);
  today = shopDay('Africa/Kampala');
  iron = await makeCatalogue(t, admin, 'Iron Sheet G30');
  nails = { ...(await makeCatalogue(t, admin, 'Wire Nails 3in')), supplier_id: iron.supplier_id };
  sheet = await s.make.measurement('Sheet');
  bundle = await s.make.measurement('Bundle');
  const units = await t.call('PUT', `/api/productunitsupdate/${iron.product_id}`, {
    token: admin,
    body: { base_measurement_id: sheet, units: [{ measurement_id: bundle, factor: 10, bulk_discount_percent: 0 }] },
  });
  expect(units.status, JSON.stringify(units.body)).toBe(200);
  iron = { ...iron, measurement_id: sheet };
});
afterAll(() => t.close());

/** 3 Bundles of iron sheets at 380,000 and 12.5 Bags of nails at 1,999, to the catalogue's supplier. */
async function newOrder() {
  return okData(
    t.call('POST', '/api/purchaseorderstore', {
      token: admin,
      body: {
        supplier_id: iron.supplier_id,
        lines: [
          {
            product_id: iron.product_id,
            brand_id: iron.brand_id,
            measurement_id: bundle,
            quantity: 3,
            unit_cost: 380_000,
          },
          {
            product_id: nails.product_id,
            brand_id: null,
            measurement_id: nails.measurement_id,
            quantity: 12.5,
            unit_cost: 1_999,
          },
        ],
      },
    }),
  ) as Promise<{ id: number; po_number: string }>;
}

const orderLines = async (orderId: number) =>
  t.db
    .selectFrom('purchase_order_lines')
    .select(['id', 'quantity', 'received_quantity'])
    .where('purchase_order_id', '=', orderId)
    .orderBy('id')
    .execute();

const receiptBody = (overrides: Record<string, unknown> = {}) => ({
  supplier_id: iron.supplier_id,
  received_date: today,
  supplier_invoice_number: 'INV-7781',
  landed_costs: 0,
  payment: 'CREDIT',
  lines: [
    {
      product_id: nails.product_id,
      brand_id: null,
      measurement_id: nails.measurement_id,
      quantity: 10,
      unit_cost: 2_000,
      sale_price: 2_500,
      min_stock_level: 2,
    },
  ],
  ...overrides,
});

const receive = (body: unknown, as: string | null = admin) =>
  t.call('POST', '/api/goodsreceivedstore', { token: as ?? undefined, body });
const showReceipt = (id: number) => okData(t.call('GET', `/api/goodsreceivedshow/${id}`, { token: admin }));
const counts = async () =>
  Object.fromEntries(
    await Promise.all(
      (['goods_receipts', 'goods_receipt_lines', 'stock_batches'] as const).map(async (table) => [
        table,
        Number((await t.db.selectFrom(table).select(t.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
      ]),
    ),
  );

describe('keys', () => {
  it('answers 401 without a token and 403 to the cashier; each call opens with its key alone', async () => {
    const { id } = await okData(receive(receiptBody()));
    for (const [key, path] of [
      ['goodsReceivedList', '/api/goodsreceivedlist'],
      ['goodsReceivedList', '/api/goodsreceivedxlsx'],
      ['goodsReceivedList', '/api/goodsreceivedcsv'],
      ['goodsReceivedList', `/api/goodsreceivedshow/${id}`],
      ['goodsReceivedList', `/api/goodsreceivedpdf/${id}`],
    ] as const) {
      expect((await t.download(path)).status, path).toBe(401);
      expect((await t.download(path, cashier)).status, path).toBe(403);
      expect((await withCashierKeys(t, [key], () => t.download(path, cashier))).status, path).toBe(200);
    }
    expect(await receive(receiptBody(), null)).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    expect(await receive({}, cashier)).toMatchObject({ status: 403, body: DENIED });
    expect((await withCashierKeys(t, ['goodsReceivedAdd'], () => receive(receiptBody(), cashier))).status).toBe(200);
    expect((await t.call('GET', '/api/goodsreceivedshow/999999', { token: admin })).status).toBe(404);
  });
});

describe('POST /goodsreceivedstore', () => {
  it('refuses what is missing or wrong, naming the field, and writes nothing', async () => {
    const before = await counts();
    const line = receiptBody().lines[0] as Record<string, unknown>;
    expectInvalid(await receive(receiptBody({ payment: 'LATER' })), {
      payment: ['Say whether the goods are on credit or paid.'],
    });
    expectInvalid(await receive(receiptBody({ payment: 'PAID' })), {
      payment_method: ['Say how the goods were paid.'],
    });
    expectInvalid(await receive(receiptBody({ landed_costs: 50_000 })), {
      landed_costs_method: ['Say how the landed costs were paid.'],
    });
    expectInvalid(await receive(receiptBody({ lines: [{ ...line, sale_price: '' }] })), {
      'lines.0.sale_price': ['Sale price is required.'],
    });
    expectInvalid(await receive(receiptBody({ received_date: addDays(today, 1) })), {
      received_date: ['The received date cannot be in the future.'],
    });
    expectInvalid(await receive(receiptBody({ lines: [{ ...line, purchase_order_line_id: 1 }] })), {
      purchase_order_id: ['Name the purchase order the lines are received against.'],
    });
    // The Bag nails come in is no unit of the iron sheets.
    expectInvalid(
      await receive(receiptBody({ lines: [{ ...line, product_id: iron.product_id, brand_id: iron.brand_id }] })),
      { 'lines.0.measurement_id': ['Iron Sheet G30 is counted in Sheet; it may be ordered in Sheet or Bundle.'] },
    );
    expect(await counts()).toEqual(before);
    // An order of another supplier, and an unknown order.
    const other = await makeCatalogue(t, admin, 'Roofing Nails');
    const order = await newOrder();
    expectInvalid(await receive(receiptBody({ supplier_id: other.supplier_id, purchase_order_id: order.id })), {
      purchase_order_id: [`${order.po_number} is an order to another supplier than Hima Supplies.`],
    });
    expectInvalid(await receive(receiptBody({ purchase_order_id: 999_999 })), {
      purchase_order_id: ['The purchase order was not found: choose one from the list.'],
    });
    expect(await counts()).toEqual(before);
  });

  it('receives an order in two parts: each batch in base units, the lines and the status follow, GR- numbers', async () => {
    const order = await newOrder();
    const [ironLine, nailLine] = await orderLines(order.id);
    const first = await okData(
      receive(
        receiptBody({
          purchase_order_id: order.id,
          lines: [
            {
              purchase_order_line_id: ironLine?.id,
              product_id: iron.product_id,
              brand_id: iron.brand_id,
              measurement_id: bundle,
              quantity: 2,
              unit_cost: 380_000,
              sale_price: 450_000,
              min_stock_level: 1,
            },
          ],
        }),
      ),
    );
    expect(first.grn_number).toMatch(/^GR-\d{6}$/);
    let shown = await okData(t.call('GET', `/api/purchaseordershow/${order.id}`, { token: admin }));
    expect(shown.status).toBe('PARTLY_RECEIVED');
    expect(shown.lines.map((l: { received: number }) => l.received)).toEqual([2, 0]);
    // Two Bundles are 20 Sheets, at 38,000 a Sheet (cost) and 45,000 (sale); the batch keeps what came in.
    const receipt = await showReceipt(first.id);
    const batch = await t.db
      .selectFrom('stock_batches')
      .selectAll()
      .where('id', '=', receipt.lines[0].batch.id)
      .executeTakeFirstOrThrow();
    expect(batch).toMatchObject({
      measurement_id: sheet,
      quantity: 20,
      balance: 20,
      unit_price: 38_000,
      sale_price: 45_000,
      total_cost: 760_000,
      min_stock_level: 10,
      received_measurement_id: bundle,
      received_quantity: 2,
      supplier_id: iron.supplier_id,
    });

    // Over-receipt is refused naming what remains, and nothing of the receipt is written.
    const before = await counts();
    expectInvalid(
      await receive(
        receiptBody({
          purchase_order_id: order.id,
          lines: [
            {
              purchase_order_line_id: ironLine?.id,
              product_id: iron.product_id,
              brand_id: iron.brand_id,
              measurement_id: bundle,
              quantity: 1.5,
              unit_cost: 380_000,
              sale_price: 450_000,
            },
          ],
        }),
      ),
      { 'lines.0.quantity': [`Only 1 Bundle of Iron Sheet G30 remain on ${order.po_number}.`] },
    );
    expect(await counts()).toEqual(before);

    const second = await okData(
      receive(
        receiptBody({
          purchase_order_id: order.id,
          lines: [
            {
              purchase_order_line_id: ironLine?.id,
              product_id: iron.product_id,
              brand_id: iron.brand_id,
              measurement_id: bundle,
              quantity: 1,
              unit_cost: 380_000,
              sale_price: 450_000,
            },
            {
              purchase_order_line_id: nailLine?.id,
              product_id: nails.product_id,
              brand_id: null,
              measurement_id: nails.measurement_id,
              quantity: 12.5,
              unit_cost: 1_999,
              sale_price: 2_500,
            },
          ],
        }),
      ),
    );
    expect(Number(second.grn_number.slice(3))).toBe(Number(first.grn_number.slice(3)) + 1);
    shown = await okData(t.call('GET', `/api/purchaseordershow/${order.id}`, { token: admin }));
    expect(shown.status).toBe('RECEIVED');
    expect(shown.lines.map((l: { remaining: number }) => l.remaining)).toEqual([0, 0]);
    expect(await lastAudit(t)).toMatchObject({ type: 'Goods received', activity: 'Create' });
    expect((await lastAudit(t)).details).toContain(
      `Received ${second.grn_number} from Hima Supplies against ${order.po_number}`,
    );
    await expectOrderLinesMatchReceipts();
  });

  it('spreads landed costs over the lines by value: Σ batch costs = Σ line values + landed costs, to the shilling', async () => {
    // 10 × 2,000 = 20,000 and 3 × 333 = 999: 7,001 of landed costs split 6,875.06… and 343.9…
    const { id } = await okData(
      receive(
        receiptBody({
          landed_costs: 7_001,
          landed_costs_method: 'CASH',
          lines: [
            { ...receiptBody().lines[0] },
            { ...receiptBody().lines[0], quantity: 3, unit_cost: 333, sale_price: 500 },
          ],
        }),
      ),
    );
    const receipt = await showReceipt(id);
    expect(receipt.lines.map((l: { line_value: number }) => l.line_value)).toEqual([20_000, 999]);
    expect(receipt.lines.map((l: { landed_cost: number }) => l.landed_cost)).toEqual([6_668, 333]);
    expect(receipt.lines.map((l: { batch: { total_cost: number } }) => l.batch.total_cost)).toEqual([26_668, 1_332]);
    expect(receipt.goods_value).toBe(20_999);
    // The bill is the goods at the supplier's prices; the landed costs were paid and are no expense.
    expect(receipt.amount_due).toBe(20_999);
    expect(
      await t.db.selectFrom('expenses').select('id').where('amount', '=', 7_001).executeTakeFirst(),
    ).toBeUndefined();
    const costs = await t.db
      .selectFrom('stock_batches')
      .select(['unit_price', 'quantity'])
      .where(
        'id',
        'in',
        receipt.lines.map((l: { batch: { id: number } }) => l.batch.id),
      )
      .orderBy('id')
      .execute();
    expect(costs).toEqual([
      { unit_price: 2_667, quantity: 10 },
      { unit_price: 444, quantity: 3 },
    ]);
    await expectBatchCostsMatchReceipts();
  });

  it('paid when received owes nothing and records how; the list and its files show both kinds', async () => {
    const paid = await okData(
      receive(receiptBody({ payment: 'PAID', payment_method: 'MOBILE_MONEY', payment_reference: 'MP-8812' })),
    );
    const receipt = await showReceipt(paid.id);
    expect(receipt).toMatchObject({
      payment: 'PAID',
      payment_method: 'MOBILE_MONEY',
      payment_reference: 'MP-8812',
      amount_due: 0,
      goods_value: 20_000,
    });
    const list = await okData(t.call('GET', `/api/goodsreceivedlist?search=${paid.grn_number}`, { token: admin }));
    expect(list).toEqual([
      expect.objectContaining({ grn_number: paid.grn_number, payment: 'PAID', amount_due: 0, goods_value: 20_000 }),
    ]);
    const { rows } = await exportedRows(t, admin, `goodsreceivedcsv?search=${paid.grn_number}`, 'csv');
    expect(rows.some((r) => r.includes(paid.grn_number))).toBe(true);
    const pdf = pdfLines((await t.download(`/api/goodsreceivedpdf/${paid.id}`, admin)).bytes).join('\n');
    expect(pdf).toContain('GOODS RECEIVED NOTE');
    expect(pdf).toContain(paid.grn_number);
    expect(pdf).toContain('Paid when received by Mobile Money (ref MP-8812)');
  });
});

/** Each order line's received quantity = Σ the receipt lines against it. */
async function expectOrderLinesMatchReceipts() {
  const { rows } = await sql<{ id: number; received: number; sum: number }>`
    SELECT l.id, l.received_quantity::float8 AS received,
           coalesce((SELECT sum(g.quantity) FROM goods_receipt_lines g WHERE g.purchase_order_line_id = l.id), 0)::float8
             AS sum
      FROM purchase_order_lines l`.execute(t.db);
  for (const row of rows) expect(row.received, `order line ${row.id}`).toBe(row.sum);
}

/** Σ the batches' total cost = Σ line values + landed costs, per receipt and in all. */
async function expectBatchCostsMatchReceipts() {
  const { rows } = await sql<{ grn_number: string; batches: number; expected: number }>`
    SELECT g.grn_number,
           (SELECT sum(b.total_cost) FROM goods_receipt_lines l JOIN stock_batches b ON b.id = l.stock_batch_id
             WHERE l.goods_receipt_id = g.id)::bigint AS batches,
           (g.goods_value + g.landed_costs)::bigint AS expected
      FROM goods_receipts g`.execute(t.db);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(Number(row.batches), row.grn_number).toBe(Number(row.expected));
}
