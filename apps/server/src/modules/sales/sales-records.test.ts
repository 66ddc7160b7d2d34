// The point of sale's lookups, the sales list, one sale, and the sales exports.
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DENIED,
  fileDay,
  UNAUTHENTICATED,
  withCashierKeys,
  withoutCashierKeys,
} from '../../../test/catalogue-fixtures.ts';
import { signedInApp } from '../../../test/crud-contract.ts';
import { xlsxRows, xlsxSheet } from '../../../test/spreadsheets.ts';
import { type Batch, type Catalogue, makeCatalogue, receiveBatch } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: string;
let cashier: string;
let catalogue: Catalogue;
let older: Batch;
let newer: Batch;

beforeAll(async () => {
  ({ t, admin, cashier } = await signedInApp());
  catalogue = await makeCatalogue(t, admin, 'Roofing Sheet 28G');
  newer = await receiveBatch(t, admin, catalogue, { quantity: 40, sale_price: 52_000, stock_date: '2026-11-20' });
  older = await receiveBatch(t, admin, catalogue, { quantity: 5, sale_price: 50_000, stock_date: '2026-11-02' });
});
afterAll(() => t.close());

async function sell(batch: Batch, quantity: number, customerName = 'Okello Builders') {
  const res = await t.call('POST', '/api/salesstore', {
    token: cashier,
    body: {
      customerName,
      customerPhone: '0772123456',
      items: [{ batchNumber: batch.batch_number, quantity }],
      discount: 10,
      paymentMethod: 'MOBILE_MONEY',
      idempotencyKey: randomUUID(),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}

/** Moves a sale to another moment, as if it had been made then. */
const soldAt = (saleId: number, instant: string) =>
  sql`UPDATE sales SET created_at = ${instant}::timestamptz WHERE id = ${saleId}`.execute(t.db);

describe('point of sale lookups', () => {
  it('need a token and the salesPOS key', async () => {
    expect(await t.call('GET', '/api/getproductsinstock')).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    const storekeeper = await withoutCashierKeys(t, ['salesPOS'], () =>
      t.call('GET', `/api/getbatchnumbersbyproductinstock/${catalogue.product_id}`, { token: cashier }),
    );
    expect(storekeeper).toMatchObject({ status: 403, body: DENIED });
  });

  it('walk product → batch (oldest first, with balance) → brand → measurement → the batch price', async () => {
    const products = await t.call('GET', `/api/getproductsinstock?search=${encodeURIComponent('sheet 28')}`, {
      token: cashier,
    });
    expect(products.body.data).toEqual([{ id: catalogue.product_id, name: 'Roofing Sheet 28G' }]);

    const batches = await t.call('GET', `/api/getbatchnumbersbyproductinstock/${catalogue.product_id}`, {
      token: cashier,
    });
    expect(
      batches.body.data.map((b: { batch_number: string; balance: number }) => [b.batch_number, b.balance]),
    ).toEqual([
      [older.batch_number, 5],
      [newer.batch_number, 40],
    ]);

    const brands = await t.call('GET', `/api/getbrandsbybatchnumberinstock/${older.batch_number}`, { token: cashier });
    expect(brands.body.data).toEqual([{ id: catalogue.brand_id, name: 'Tororo' }]);
    const units = await t.call(
      'GET',
      `/api/getmeasurementsbybrandinstock/${catalogue.brand_id}?batchNumber=${older.batch_number}`,
      { token: cashier },
    );
    expect(units.body.data.map((m: { id: number }) => m.id)).toEqual([catalogue.measurement_id]);

    const query = new URLSearchParams({
      productId: String(catalogue.product_id),
      batchNumber: older.batch_number,
      brandId: String(catalogue.brand_id),
      measurementId: String(catalogue.measurement_id),
    });
    const price = await t.call('GET', `/api/getsalepriceinstock?${query}`, { token: cashier });
    expect(price.body).toEqual({ success: true, salePrice: 50_000, balance: 5, factor: 1, unitBalance: 5 });
  });

  it('answers 422 for a malformed batch number and 404 for a price of a batch that does not match', async () => {
    const malformed = await t.call('GET', '/api/getbrandsbybatchnumberinstock/not-a-batch', { token: cashier });
    expect(malformed.status).toBe(422);
    const query = new URLSearchParams({
      productId: String(catalogue.product_id),
      batchNumber: older.batch_number,
      brandId: String(catalogue.brand_id),
      measurementId: '999999',
    });
    const price = await t.call('GET', `/api/getsalepriceinstock?${query}`, { token: cashier });
    expect(price.status).toBe(404);
  });

  it('drop a batch once it is sold out, so the next oldest is offered first', async () => {
    const other = await makeCatalogue(t, admin, 'Nails 4 Inch');
    const first = await receiveBatch(t, admin, other, { quantity: 2, stock_date: '2026-11-01' });
    const second = await receiveBatch(t, admin, other, { quantity: 3, stock_date: '2026-11-03' });
    await sell(first, 2);
    const batches = await t.call('GET', `/api/getbatchnumbersbyproductinstock/${other.product_id}`, { token: cashier });
    expect(batches.body.data.map((b: { batch_number: string }) => b.batch_number)).toEqual([second.batch_number]);
    await sell(second, 3);
    const products = await t.call('GET', '/api/getproductsinstock?search=nails', { token: cashier });
    expect(products.body.data).toEqual([]);
  });
});

describe('GET /api/saleslist and /api/saleshow/:id', () => {
  let saleId: number;
  beforeAll(async () => {
    saleId = await sell(newer, 2.5, 'Nakato Hardware');
    // Sold at 00:30 on 2 November in Kampala, still 1 November by UTC.
    await soldAt(saleId, '2026-11-01T21:30:00Z');
  });

  it('needs a token and the salesList key', async () => {
    expect(await t.call('GET', '/api/saleslist')).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    const denied = await withoutCashierKeys(t, ['salesList'], () =>
      t.call('GET', '/api/saleslist', { token: cashier }),
    );
    expect(denied).toMatchObject({ status: 403, body: DENIED });
  });

  it("filters by the shop's days and searches the customer", async () => {
    const day = async (date: string) =>
      (await t.call('GET', `/api/saleslist?startDate=${date}&endDate=${date}`, { token: cashier })).body.data.map(
        (s: { id: number }) => s.id,
      );
    expect(await day('2026-11-02')).toEqual([saleId]);
    expect(await day('2026-11-01')).toEqual([]);
    const found = await t.call('GET', '/api/saleslist?search=nakato', { token: cashier });
    expect(found.body.data).toHaveLength(1);
    expect(found.body.data[0]).toMatchObject({
      id: saleId,
      customer_name: 'Nakato Hardware',
      payment_method: 'MOBILE_MONEY',
      subtotal: 130_000,
      discount_amount: 13_000,
      total_amount: 117_000,
    });
    // A whole sale number, typed in small letters, finds its sale; a part of it too, and a number of no sale nothing.
    const { sale_number: saleNumber, receipt_number: receipt } = (
      await t.call('GET', `/api/saleshow/${saleId}`, { token: cashier })
    ).body.data;
    const ids = async (text: string) =>
      (await t.call('GET', `/api/saleslist?search=${text}`, { token: cashier })).body.data.map(
        (s: { id: number }) => s.id,
      );
    expect(await ids(saleNumber.toLowerCase())).toEqual([saleId]);
    expect(await ids(saleNumber.slice(2, 12))).toEqual([saleId]);
    expect(await ids(`SN${'0'.repeat(14)}`)).toEqual([]);
    // The receipt's number as it prints it, or as the invoice's, finds the sale too.
    expect(await ids(String(receipt))).toContain(saleId);
    expect(await ids(`000000${receipt}`)).toEqual([saleId]);
    expect(await ids(`inv-${String(receipt).padStart(6, '0')}`)).toEqual([saleId]);
    expect(await ids(`INV-${receipt + 1000}`)).toEqual([]);
    const backwards = await t.call('GET', '/api/saleslist?startDate=2026-11-03&endDate=2026-11-02', { token: cashier });
    expect(backwards.status).toBe(422);
  });

  it('shows one sale with its lines to a receipt, invoice or list key, never to the POS key alone', async () => {
    const shown = await t.call('GET', `/api/saleshow/${saleId}`, { token: cashier });
    expect(shown.body.data).toMatchObject({ id: saleId, total_amount: 117_000 });
    expect(shown.body.data.items).toEqual([
      expect.objectContaining({
        quantity: 2.5,
        unit_price: 52_000,
        total_price: 130_000,
        batch_number: newer.batch_number,
        product: { name: 'Roofing Sheet 28G' },
        brand: { name: 'Tororo' },
      }),
    ]);
    const posOnly = await withoutCashierKeys(t, ['salesList', 'salesReceipt', 'salesInvoice'], () =>
      t.call('GET', `/api/saleshow/${saleId}`, { token: cashier }),
    );
    expect(posOnly).toMatchObject({ status: 403, body: DENIED });
    expect((await t.call('GET', '/api/saleshow/999999', { token: cashier })).status).toBe(404);
  });
});

describe('GET /api/salexlsx and /api/salecsv', () => {
  it('need the salesExport key', async () => {
    for (const path of ['/api/salexlsx', '/api/salecsv']) {
      expect((await t.download(path)).status).toBe(401);
      expect((await t.download(path, cashier)).status).toBe(403);
      expect((await withCashierKeys(t, ['salesExport'], () => t.download(path, cashier))).status).toBe(200);
    }
  });

  it('export the period with its total above the sale rows, in XLSX and CSV', async () => {
    const saleId = await sell(older, 1, 'Export Customer');
    await soldAt(saleId, '2026-10-15T09:00:00Z');
    const query = '?startDate=2026-10-15&endDate=2026-10-15';
    const csv = await t.download(`/api/salecsv${query}`, admin);
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="${fileDay()}_sales.csv"`);
    const rows: string[][] = parse(csv.bytes.toString('utf8'), { relax_column_count: true });
    const header = [
      'Sale Number',
      'Customer Name',
      'Phone Number',
      'Discount (%)',
      'Subtotal',
      'Total Amount',
      'Returned',
      'Net Amount',
      'Payment Method',
      'Created By',
      'Date',
    ];
    expect(rows.slice(0, 5)).toEqual([
      ['Sales'],
      ['Period', '2026-10-15', '2026-10-15'],
      ['Total sales (UGX)', '45000'],
      ['Returns in the period (UGX)', '0'],
      ['Net sales (UGX)', '45000'],
    ]);
    expect(rows[6]).toEqual(header);
    expect(rows.slice(7)).toHaveLength(1);
    expect(rows[7]).toEqual([
      expect.stringMatching(/^SN[0-9A-F]{14}$/),
      'Export Customer',
      '0772123456',
      '10',
      '50000',
      '45000',
      '0',
      '45000',
      'Mobile Money',
      'Grace Namutebi',
      '2026-10-15',
    ]);

    const xlsx = await xlsxRows((await t.download(`/api/salexlsx${query}`, admin)).bytes);
    expect(xlsx[0]).toEqual(['Sales']);
    expect(xlsx[2]).toEqual(['Total sales (UGX)', 45_000]);
    expect(xlsx.at(-1)?.slice(1, 8)).toEqual(['Export Customer', '0772123456', 10, 50_000, 45_000, 0, 45_000]);
  });

  it('write days as XLSX dates on the shop\'s day and as text in CSV; no period reads "All"', async () => {
    // 22:30 UTC is already the next day in Kampala.
    const saleId = await sell(older, 1, 'Late Date Customer');
    await soldAt(saleId, '2026-10-20T22:30:00Z');
    const search = 'search=late%20date';
    const sheet = await xlsxSheet((await t.download(`/api/salexlsx?${search}`, admin)).bytes);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(['Period', 'All']);
    const dateColumn = 11;
    const cell = sheet.getRow(sheet.rowCount).getCell(dateColumn);
    expect(sheet.getRow(7).getCell(dateColumn).value).toBe('Date');
    expect(cell.value).toEqual(new Date(Date.UTC(2026, 9, 21)));
    expect(cell.numFmt).toBe('yyyy-mm-dd');

    const csv: string[][] = parse((await t.download(`/api/salecsv?${search}`, admin)).bytes.toString('utf8'), {
      relax_column_count: true,
    });
    expect(csv[1]).toEqual(['Period', 'All']);
    expect(csv.at(-1)?.at(-1)).toBe('2026-10-21');

    const period = await xlsxSheet((await t.download(`/api/salexlsx?${search}&startDate=2026-10-21`, admin)).bytes);
    expect((period.getRow(2).values as unknown[]).slice(1)).toEqual([
      'Period',
      'From',
      new Date(Date.UTC(2026, 9, 21)),
    ]);
    expect(period.getRow(2).getCell(3).numFmt).toBe('yyyy-mm-dd');
  });
});

describe('history after the catalogue changes', () => {
  it('keeps the names of a trashed product, brand and measurement on old sales', async () => {
    const gone = await makeCatalogue(t, admin, 'Discontinued Tiles');
    const batch = await receiveBatch(t, admin, gone, { quantity: 2 });
    const saleId = await sell(batch, 2, 'History Customer');
    const brandName = (await t.call('GET', `/api/saleshow/${saleId}`, { token: cashier })).body.data.items[0].brand
      .name;
    for (const path of [
      `/api/productdelete/${gone.product_id}`,
      `/api/branddelete/${gone.brand_id}`,
      `/api/measurementdelete/${gone.measurement_id}`,
    ]) {
      expect((await t.call('DELETE', path, { token: admin })).status, path).toBe(200);
    }
    const shown = await t.call('GET', `/api/saleshow/${saleId}`, { token: cashier });
    expect(shown.body.data.items[0]).toMatchObject({
      product: { name: 'Discontinued Tiles' },
      brand: { name: brandName },
      measurement: { name: 'Bag Discontinued Tiles' },
    });
    const listed = await t.call('GET', '/api/saleslist?search=history%20customer', { token: cashier });
    expect(listed.body.data.map((s: { id: number }) => s.id)).toEqual([saleId]);
  });
});
