// Goods without a brand (sand, ballast) and products that no brand lists yet: received, sold, reported and exported.
import { NO_BRAND } from '@duka/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastAuditOf } from '../../../test/catalogue-fixtures.ts';
import { signedInApp } from '../../../test/crud-contract.ts';
import { exportedRows, postSale, wholeReport } from '../../../test/report-fixtures.ts';
import { type Batch, type Catalogue, makeCatalogue } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: string;
let cashier: string;
let catalogue: Catalogue;
let category: number;

const newProduct = async (name: string) => {
  const res = await t.call('POST', '/api/productstore', {
    token: admin,
    body: { name, category_id: category, environment: 'PRODUCTION' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
};
const receive = (product_id: number, brand_id: unknown, extra: Record<string, unknown> = {}) =>
  t.call('POST', '/api/stockstore', {
    token: admin,
    body: {
      ...catalogue,
      product_id,
      brand_id,
      quantity: 10,
      unit_price: 20_000,
      sale_price: 25_000,
      min_stock_level: 2,
      stock_date: '2026-11-20',
      environment: 'PRODUCTION',
      ...extra,
    },
  });
async function receiveUnbranded(name: string, extra: Record<string, unknown> = {}): Promise<Batch> {
  const product_id = await newProduct(name);
  const res = await receive(product_id, null, extra);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...catalogue, id: res.body.data.id, batch_number: res.body.data.batch_number, product_id, brand_id: 0 };
}
const brandsOf = (productId: number) =>
  t.db
    .selectFrom('brands')
    .select(['id', 'name', 'environment'])
    .where('product_id', '=', productId)
    .where('deleted_at', 'is', null)
    .execute();

beforeAll(async () => {
  let users: { cashier: string };
  ({ t, admin, ...users } = await signedInApp());
  cashier = users.cashier;
  catalogue = await makeCatalogue(t, admin, 'Portland Cement');
  const made = await t.call('POST', '/api/categorystore', {
    token: admin,
    body: { name: 'Aggregates', environment: 'PRODUCTION' },
  });
  category = made.body.data.id;
});
afterAll(() => t.close());

describe('receiving goods without a brand', () => {
  it('stores a batch with no brand, which every stock screen, file and show names "No brand"', async () => {
    const sand = await receiveUnbranded('Lake Sand', { quantity: 1, min_stock_level: 3 });
    const row = await t.db
      .selectFrom('stock_batches')
      .select('brand_id')
      .where('id', '=', sand.id)
      .executeTakeFirstOrThrow();
    expect(row.brand_id).toBeNull();

    const shown = await t.call('GET', `/api/stockshow/${sand.id}`, { token: admin });
    expect(shown.body.data).toMatchObject({ brand_id: null, brand_name: NO_BRAND, brand: { name: NO_BRAND } });
    const listed = await t.call('GET', '/api/stocklist?search=Lake Sand', { token: admin });
    expect(listed.body.data.map((b: { brand_name: string }) => b.brand_name)).toEqual([NO_BRAND]);
    const levels = await t.call('GET', '/api/stocklevel?search=Lake Sand', { token: admin });
    expect(levels.body.data.map((b: { brand: { name: string } }) => b.brand.name)).toEqual([NO_BRAND]);
    const file = await exportedRows(t, admin, `stockcsv?search=${sand.batch_number}`, 'csv');
    expect(file.rows.some((r) => r.includes(sand.batch_number) && r.includes(NO_BRAND))).toBe(true);

    const low = await wholeReport(t, admin, 'reportstocklowalertlist', { search: 'Lake Sand' });
    expect(low.data.data.map((r: { brand: { name: string } }) => r.brand)).toEqual([{ name: NO_BRAND }]);
    const received = await wholeReport(t, admin, 'reportstocklist', {
      report_type: 'custom',
      date_range: '2026-11-01,2026-11-30',
      search: 'Lake Sand',
    });
    expect(received.data.data.map((r: { brand: { name: string } }) => r.brand)).toEqual([{ name: NO_BRAND }]);
  });

  it('still needs a choice: no brand field at all is "Brand is required."', async () => {
    const product = await newProduct('Quarry Dust');
    const { brand_id: _none, ...withoutBrand } = { ...catalogue };
    const res = await t.call('POST', '/api/stockstore', {
      token: admin,
      body: { ...withoutBrand, product_id: product, quantity: 1, sale_price: 1, min_stock_level: 0 },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.brand_id).toEqual(['Brand is required.']);
  });

  it('moves a batch to and from "No brand" on update, and restores a trashed unbranded batch', async () => {
    const ballast = await receiveUnbranded('Ballast 3/4');
    const update = (brand_id: number | null) =>
      t.call('PUT', `/api/stockupdate/${ballast.id}`, {
        token: admin,
        body: {
          ...catalogue,
          product_id: ballast.product_id,
          brand_id,
          quantity: 10,
          unit_price: 20_000,
          sale_price: 25_000,
          min_stock_level: 2,
          stock_date: '2026-11-20',
        },
      });
    expect((await update(catalogue.brand_id)).status).toBe(200);
    const [linked] = await brandsOf(ballast.product_id);
    expect((await t.call('GET', `/api/stockshow/${ballast.id}`, { token: admin })).body.data).toMatchObject({
      brand_id: linked?.id,
      brand_name: 'Tororo',
    });
    expect((await update(null)).status).toBe(200);
    expect((await t.call('GET', `/api/stockshow/${ballast.id}`, { token: admin })).body.data.brand_id).toBeNull();

    expect((await t.call('DELETE', `/api/stockdelete/${ballast.id}`, { token: admin })).status).toBe(200);
    const restored = await t.call('PUT', `/api/trashrestore/stock/${ballast.id}`, { token: admin });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
  });
});

describe('a product no brand lists yet', () => {
  it('is received under any brand, which receiving links to it once (audited); its own brand is used as is', async () => {
    const plaster = await newProduct('Wall Plaster');
    expect(await brandsOf(plaster)).toEqual([]);
    // Tororo is the cement's brand; the plaster has none.
    const first = await receive(plaster, catalogue.brand_id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const brands = await brandsOf(plaster);
    expect(brands).toEqual([{ id: expect.any(Number), name: 'Tororo', environment: 'PRODUCTION' }]);
    const link = brands[0]?.id;
    expect(link).not.toBe(catalogue.brand_id);
    const audit = await lastAuditOf(t, { type: 'Brand' });
    expect(audit.details).toBe(`Created brand "Tororo" (id ${link}) for product ${plaster} on receiving stock`);
    const shown = await t.call('GET', `/api/stockshow/${first.body.data.id}`, { token: admin });
    expect(shown.body.data).toMatchObject({ brand_id: link, brand_name: 'Tororo' });

    // Received again under the cement's Tororo, or its own: the same link, no second brand.
    expect((await receive(plaster, catalogue.brand_id)).status).toBe(200);
    expect((await receive(plaster, link)).status).toBe(200);
    expect(await brandsOf(plaster)).toHaveLength(1);
    const byProduct = await t.call('GET', `/api/getbrandsbyproduct/${plaster}`, { token: admin });
    expect(byProduct.body.data).toEqual([{ id: link, name: 'Tororo' }]);
  });

  it('refuses a trashed or unknown brand, and makes nothing', async () => {
    const tiles = await newProduct('Floor Tiles');
    const gone = await t.call('POST', '/api/brandstore', {
      token: admin,
      body: { name: 'Gone Brand', product_ids: [catalogue.product_id], environment: 'PRODUCTION' },
    });
    await t.call('DELETE', `/api/branddelete/${gone.body.data[0].id}`, { token: admin });
    for (const brand_id of [gone.body.data[0].id, 999_999]) {
      const res = await receive(tiles, brand_id);
      expect(res.status).toBe(422);
      expect(res.body.errors.brand_id).toEqual(['Brand is required.']);
    }
    expect(await brandsOf(tiles)).toEqual([]);
  });

  it('GET /api/getbrands offers each brand name once, for the stock form of any product', async () => {
    const other = await makeCatalogue(t, admin, 'Roofing Nails');
    const res = await t.call('GET', '/api/getbrands', { token: admin });
    expect(res.status).toBe(200);
    const tororo = res.body.data.filter((b: { name: string }) => b.name === 'Tororo');
    expect(tororo).toHaveLength(1);
    expect(tororo[0].id).toBeLessThan(other.brand_id);
    expect((await t.call('GET', '/api/getbrands')).status).toBe(401);
  });
});

describe('selling goods without a brand', () => {
  it('finds, sells, prints and reports them as "No brand", online and in the till copy', async () => {
    const sand = await receiveUnbranded('Plaster Sand');
    const search = await t.call('GET', '/api/possearch?q=Plaster Sand', { token: cashier });
    expect(search.body.data).toMatchObject([{ batch_number: sand.batch_number, brand: { id: null, name: NO_BRAND } }]);
    const batches = await t.call(
      'GET',
      `/api/posbatches?product_id=${sand.product_id}&brand_id=none&measurement_id=${sand.measurement_id}`,
      { token: cashier },
    );
    expect(batches.body.data.map((b: { batch_number: string }) => b.batch_number)).toEqual([sand.batch_number]);

    // The step-by-step picker: the batch's brand, its units and its price.
    const brand = await t.call('GET', `/api/getbrandsbybatchnumberinstock/${sand.batch_number}`, { token: cashier });
    expect(brand.body.data).toEqual([{ id: null, name: NO_BRAND }]);
    const units = await t.call('GET', `/api/getmeasurementsbybrandinstock/none?batchNumber=${sand.batch_number}`, {
      token: cashier,
    });
    expect(units.body.data.map((m: { id: number }) => m.id)).toEqual([sand.measurement_id]);
    const price = await t.call(
      'GET',
      `/api/getsalepriceinstock?productId=${sand.product_id}&batchNumber=${sand.batch_number}&brandId=none&measurementId=${sand.measurement_id}`,
      { token: cashier },
    );
    expect(price.body).toMatchObject({ salePrice: 25_000, balance: 10 });

    const snapshot = await t.call('GET', '/api/possnapshot', { token: cashier });
    expect(snapshot.body.data.batches).toContainEqual(
      expect.objectContaining({ batch_number: sand.batch_number, brand_id: null }),
    );
    expect(snapshot.body.data.brands.every((b: { id: unknown }) => typeof b.id === 'number')).toBe(true);

    const sale = await postSale(t, cashier, [[sand, 2]], { paymentMethod: 'CASH' });
    const shown = await t.call('GET', `/api/saleshow/${sale.id}`, { token: admin });
    expect(shown.body.data.items).toMatchObject([{ brand: { name: NO_BRAND }, quantity: 2 }]);
    const line = await t.db
      .selectFrom('sale_items')
      .select('brand_id')
      .where('sale_id', '=', sale.id)
      .executeTakeFirstOrThrow();
    expect(line.brand_id).toBeNull();

    const daily = await wholeReport(t, admin, 'reportdailysaleslist', { search: 'Plaster Sand' });
    expect(daily.data.data.map((r: { brand: { name: string } }) => r.brand)).toEqual([{ name: NO_BRAND }]);
    const balance = await wholeReport(t, admin, 'reportstockbalancelist', { search: 'Plaster Sand' });
    expect(balance.data.data.map((r: { brand: { name: string } }) => r.brand)).toEqual([{ name: NO_BRAND }]);
  });

  it('refuses a sale line that names a brand the unbranded batch does not have', async () => {
    const sand = await receiveUnbranded('Pit Sand');
    const res = await t.call('POST', '/api/salesstore', {
      token: cashier,
      body: {
        customerName: 'Walk-in',
        customerPhone: '0700000000',
        items: [{ batchNumber: sand.batch_number, quantity: 1, brandId: catalogue.brand_id }],
        paymentMethod: 'CASH',
        idempotencyKey: crypto.randomUUID(),
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors['items.0']).toEqual([
      `Batch ${sand.batch_number} does not hold that product, brand and measurement.`,
    ]);
  });
});
