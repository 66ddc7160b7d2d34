// GET /api/possearch: the POS search box and the barcode scanner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, DENIED, UNAUTHENTICATED, withoutCashierKeys } from '../../../test/catalogue-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { DEMO_CASHIER } from '../../db/seed/demo.ts';

let t: TestApp;
let admin: string;
let cashier: string;
let make: ReturnType<typeof catalogue>;
let cement: { product: number; brand: number; bag: number; older: string; newer: string };
let wire: { product: number; brand: number };

interface Hit {
  product_id: number;
  name: string;
  brand: { id: number; name: string };
  measurement: { id: number; name: string; plural: string | null };
  batch_number: string;
  sale_price: number;
  balance: number;
  barcode: string | null;
  sku: string | null;
}

const batch = async (refs: object, stock_date: string, sale_price: number, quantity = 10) => {
  const res = await t.call('POST', '/api/stockstore', {
    token: admin,
    body: { ...refs, quantity, unit_price: 20_000, sale_price, min_stock_level: 1, stock_date, environment: 'TEST' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; batch_number: string };
};
const product = async (name: string, category_id: number, codes: { barcode?: string; sku?: string } = {}) => {
  const res = await t.call('POST', '/api/productstore', {
    token: admin,
    body: { name, category_id, environment: 'TEST', ...codes },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn();
  cashier = await t.signIn(DEMO_CASHIER.email, DEMO_CASHIER.password);
  make = catalogue(t, admin);
  const category = await make.category('Search Materials');
  const supplier_id = (await make.supplier('Search Supplier')).id;

  const cementId = await product('Portland Cement', category, { barcode: '6001234567890', sku: 'CEM-50' });
  const hima = await make.brand('Hima', cementId);
  const bag = await make.measurement('Bag');
  const refs = { product_id: cementId, brand_id: hima, measurement_id: bag, supplier_id };
  // Oldest of all, but sold out: the oldest batch *with stock* is the one to sell.
  const empty = await make.stock({ ...refs });
  await make.emptyBatch(empty.id);
  const newer = await batch(refs, '2026-11-20', 38_000, 20);
  const older = await batch(refs, '2026-11-02', 37_000, 5);
  cement = { product: cementId, brand: hima, bag, older: older.batch_number, newer: newer.batch_number };

  const wireId = await product('Binding Wire', category, { sku: 'WIRE-16' });
  const tembo = await make.brand('Tembo Steels', wireId);
  await batch(
    { product_id: wireId, brand_id: tembo, measurement_id: await make.measurement('Roll'), supplier_id },
    '2026-11-05',
    12_000,
  );
  wire = { product: wireId, brand: tembo };

  // In the catalogue, but with no stock: never offered.
  const nailsId = await product('Roofing Nails', category, { barcode: '5000000000017' });
  const sold = await make.stock({ ...refs, product_id: nailsId, brand_id: await make.brand('Nails Brand', nailsId) });
  await make.emptyBatch(sold.id);
});
afterAll(() => t.close());

const search = async (q: string, token = cashier) => {
  const res = await t.call('GET', `/api/possearch?q=${encodeURIComponent(q)}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.success).toBe(true);
  return res.body.data as Hit[];
};

describe('GET /api/possearch', () => {
  it('needs a token, the salesPOS key and some text', async () => {
    expect(await t.call('GET', '/api/possearch?q=cement')).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    const denied = await withoutCashierKeys(t, ['salesPOS'], () =>
      t.call('GET', '/api/possearch?q=cement', { token: cashier }),
    );
    expect(denied).toMatchObject({ status: 403, body: DENIED });
    const blank = await t.call('GET', '/api/possearch?q=%20', { token: cashier });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({ q: ['Type something to search for.'] });
  });

  it('finds by name, ignoring case: one line per product, brand and unit, from its oldest batch with stock', async () => {
    const hits = await search('portland CEMENT');
    expect(hits).toEqual([
      {
        product_id: cement.product,
        name: 'Portland Cement',
        brand: { id: cement.brand, name: 'Hima' },
        measurement: { id: cement.bag, name: 'Bag', plural: null },
        batch_number: cement.older,
        sale_price: 37_000,
        balance: 5,
        barcode: '6001234567890',
        sku: 'CEM-50',
        // No units declared: it is sold in its batch's unit alone.
        units: [{ id: cement.bag, name: 'Bag', plural: null, factor: 1, bulk_discount_percent: 0, price: 37_000 }],
      },
    ]);
  });

  it('finds by brand', async () => {
    const hits = await search('tembo');
    expect(hits.map((h) => [h.name, h.brand.name])).toEqual([['Binding Wire', 'Tembo Steels']]);
    expect(hits[0]?.product_id).toBe(wire.product);
  });

  it('finds by the whole barcode, best first', async () => {
    const hits = await search('6001234567890');
    expect(hits.map((h) => h.batch_number)).toEqual([cement.older]);
    // A barcode no product has finds nothing, not a similar one.
    expect(await search('6001234567891')).toEqual([]);
  });

  it('finds by SKU, ignoring case', async () => {
    expect((await search('wire-16')).map((h) => h.name)).toEqual(['Binding Wire']);
    expect((await search('cem-50')).map((h) => h.name)).toEqual(['Portland Cement']);
  });

  it('finds codes by their beginning, every time the same statement is asked again', async () => {
    // More than five calls: PostgreSQL then may run the statement by the plan it keeps for any text.
    for (let i = 0; i < 7; i++) {
      expect((await search('600123')).map((h) => h.name)).toEqual(['Portland Cement']);
      expect((await search('CEM-5')).map((h) => h.name)).toEqual(['Portland Cement']);
      // The text is taken as typed: a wildcard is a character of the code.
      expect(await search('600_234')).toEqual([]);
      expect(await search('CEM%')).toEqual([]);
    }
  });

  it('finds the products in stock among more sharing a code’s beginning than the search ranks', async () => {
    const category = await make.category('Shared Codes');
    const supplier_id = (await make.supplier('Codes Supplier')).id;
    const unit = await make.measurement('Coil');
    // 70 products under one beginning of SKU and of barcode, the first 66 in code order never stocked.
    for (let i = 0; i < 70; i++) {
      const code = String(i).padStart(4, '0');
      const id = await product(`Coded Part ${code}`, category, { sku: `PFX-${code}`, barcode: `7770000${code}` });
      if (i >= 66 && i % 2 === 0)
        await batch(
          { product_id: id, brand_id: await make.brand(`Coder ${code}`, id), measurement_id: unit, supplier_id },
          '2026-11-15',
          4_000,
        );
    }
    for (let i = 0; i < 7; i++) {
      expect((await search('pfx-00')).map((h) => h.name)).toEqual(['Coded Part 0066', 'Coded Part 0068']);
      expect((await search('7770000')).map((h) => h.name)).toEqual(['Coded Part 0066', 'Coded Part 0068']);
    }
  });

  it('finds a batch by its number, that batch rather than the oldest', async () => {
    const hits = await search(cement.newer.toLowerCase());
    expect(hits[0]).toMatchObject({ batch_number: cement.newer, sale_price: 38_000, balance: 20 });
    expect(hits).toHaveLength(1);
  });

  it('tolerates one typo in a name', async () => {
    expect((await search('cemnet'))[0]?.name).toBe('Portland Cement');
    expect((await search('binfing'))[0]?.name).toBe('Binding Wire');
    expect((await search('Himq'))[0]?.brand.name).toBe('Hima');
  });

  it('corrects only the misspelt word of several, never a size, and knows the words of a product just added', async () => {
    expect(await search('portland cemnet')).toEqual(await search('portland cement'));
    expect((await search('portland cemnet')).map((h) => h.batch_number)).toEqual([cement.older]);
    expect(await search('cemnet 16mm')).toEqual([]);
    // Its words are kept as the product is saved (migration 026): its typo finds it at once.
    const category = await make.category('New Words');
    const id = await product('Galvanised Bucket', category);
    const refs = {
      product_id: id,
      brand_id: await make.brand('Tinsmith', id),
      measurement_id: await make.measurement('Piece'),
      supplier_id: (await make.supplier('Bucket Supplier')).id,
    };
    await batch(refs, '2026-11-12', 15_000);
    expect((await search('galvnised'))[0]?.name).toBe('Galvanised Bucket');
    expect((await search('buckt'))[0]?.name).toBe('Galvanised Bucket');
    // Letters inside a size are words too: "metres" is found in "12metres", not taken for the nearby "meters".
    for (const name of ['Chain 12metres', 'Water Meters']) {
      const id = await product(name, category);
      await batch({ ...refs, product_id: id, brand_id: await make.brand(`${name} Brand`, id) }, '2026-11-12', 9_000);
    }
    expect((await search('metres')).map((h) => h.name)).toEqual(['Chain 12metres']);
  });

  it('offers only batches with stock, and never a product without', async () => {
    expect(await search('roofing nails')).toEqual([]);
    expect(await search('5000000000017')).toEqual([]);
  });

  it('answers at most 20 lines, the best first', async () => {
    const category = await make.category('Many Units');
    const id = await product('Tile Adhesive', category);
    const brand = await make.brand('Ceramix', id);
    const supplier_id = (await make.supplier('Tile Supplier')).id;
    for (let i = 0; i < 21; i++) {
      const unit = await make.measurement(`Tile Unit ${i}`);
      await batch({ product_id: id, brand_id: brand, measurement_id: unit, supplier_id }, '2026-11-10', 9_000 + i);
    }
    await product('Tiles', category);
    const hits = await search('tile adhesive');
    expect(hits).toHaveLength(20);
    expect(new Set(hits.map((h) => h.name))).toEqual(new Set(['Tile Adhesive']));
  });

  it('ranks brand names before reading their products, so a word on many brands still finds the best one', async () => {
    // More products under a brand holding the word than the search reads candidates (60), all older than the one
    // whose brand starts with the word: that one ranks first all the same.
    const category = await make.category('Brand Ranking');
    const measurement_id = await make.measurement('Brand Ranking Unit');
    const supplier_id = (await make.supplier('Brand Ranking Supplier')).id;
    for (let i = 0; i < 61; i++) {
      const id = await product(`Quartz Fitting ${i}`, category);
      await make.stock({ product_id: id, brand_id: await make.brand('Acme Zedwood', id), measurement_id, supplier_id });
    }
    const best = await product('Quartz Fitting Last', category);
    await make.stock({ product_id: best, brand_id: await make.brand('Zedwood', best), measurement_id, supplier_id });
    const hits = await search('zedwood');
    expect(hits).toHaveLength(20);
    expect(hits[0]?.brand.name).toBe('Zedwood');
    expect(hits.slice(1).every((h) => h.brand.name === 'Acme Zedwood')).toBe(true);
  });
});

describe('GET /api/possearch, one word of letters', () => {
  it('finds every name holding the word, those starting with it first', async () => {
    const category = await make.category('Word Search');
    const measurement_id = await make.measurement('Word Search Unit');
    const supplier_id = (await make.supplier('Word Search Supplier')).id;
    for (const name of ['Sheet Gulvanite Extra', 'Gulvanite Sheet', 'Mini Gulv', 'Roof Gulv-Edge']) {
      const id = await product(name, category);
      await make.stock({
        product_id: id,
        brand_id: await make.brand(`${name} Brand`, id),
        measurement_id,
        supplier_id,
      });
    }
    const names = (await search('gulv')).map((h) => h.name);
    // The name starting with the word first, then the others by name (a brand holding it brings nothing more).
    expect(names).toEqual(['Gulvanite Sheet', 'Mini Gulv', 'Roof Gulv-Edge', 'Sheet Gulvanite Extra']);
    expect((await search('anite')).map((h) => h.name)).toEqual(['Gulvanite Sheet', 'Sheet Gulvanite Extra']);
  });

  it('follows a renamed product', async () => {
    const category = await make.category('Renamed Goods');
    const measurement_id = await make.measurement('Renamed Unit');
    const supplier_id = (await make.supplier('Renamed Supplier')).id;
    const id = await product('Quillon Bracket', category);
    const brand_id = await make.brand('Plain Maker', id);
    await make.stock({ product_id: id, brand_id, measurement_id, supplier_id });
    expect((await search('quillon')).map((h) => h.name)).toEqual(['Quillon Bracket']);

    const renamed = await t.call('PUT', `/api/productupdate/${id}`, {
      token: admin,
      body: { name: 'Trivet Bracket', category_id: category },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await search('quillon')).toEqual([]);
    expect((await search('trivet')).map((h) => h.name)).toEqual(['Trivet Bracket']);
  });
});

describe('GET /api/posbatches', () => {
  it('lists the batches a cart line may take, oldest first with their prices, under salesPOS', async () => {
    const path = `/api/posbatches?product_id=${cement.product}&brand_id=${cement.brand}&measurement_id=${cement.bag}`;
    expect(await t.call('GET', path)).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    const denied = await withoutCashierKeys(t, ['salesPOS'], () => t.call('GET', path, { token: cashier }));
    expect(denied).toMatchObject({ status: 403, body: DENIED });
    const bad = await t.call('GET', '/api/posbatches?product_id=x', { token: cashier });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['brand_id', 'measurement_id', 'product_id']);
    const res = await t.call('GET', path, { token: cashier });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { batch_number: cement.older, sale_price: 37_000, balance: 5, stock_date: '2026-11-02' },
      { batch_number: cement.newer, sale_price: 38_000, balance: 20, stock_date: '2026-11-20' },
    ]);
  });
});
