import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditSince,
  DENIED,
  expectEachCallNeedsItsKey,
  fileDay,
  lastAudit,
  lastAuditId,
  lastAuditOf,
  withoutCashierKeys,
} from '../../../test/catalogue-fixtures.ts';
import { signedInApp } from '../../../test/crud-contract.ts';
import { pdfLines } from '../../../test/pdf-text.ts';
import { xlsxRows } from '../../../test/spreadsheets.ts';
import { batchState, type Catalogue, makeCatalogue, receiveBatch } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { DEMO_CASHIER } from '../../db/seed/demo.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { newNumber } from '../../platform/tokens.ts';

let t: TestApp;
let admin: string;
let catalogue: Catalogue;

beforeAll(async () => {
  ({ t, admin } = await signedInApp());
  catalogue = await makeCatalogue(t, admin, 'Portland Cement');
});
afterAll(() => t.close());

const body = (extra: Record<string, unknown> = {}) => ({
  ...catalogue,
  quantity: 10,
  unit_price: 30_000,
  sale_price: 35_000,
  min_stock_level: 2,
  stock_date: '2026-11-20',
  environment: 'PRODUCTION',
  ...extra,
});
const sellOne = (batchNumber: string, quantity: number) =>
  t.call('POST', '/api/salesstore', {
    token: admin,
    body: {
      customerName: 'Walk-in',
      customerPhone: '0700000000',
      items: [{ batchNumber, quantity }],
      paymentMethod: 'CASH',
      idempotencyKey: randomUUID(),
    },
  });
/** received − sold − written off = balance, for every batch in the database. */
async function expectBalancesConsistent() {
  const rows = await t.db
    .selectFrom('stock_batches')
    .select(['quantity', 'quantity_sold', 'quantity_adjusted', 'balance'])
    .execute();
  for (const r of rows)
    expect(Math.round((r.quantity - r.quantity_sold - r.quantity_adjusted) * 1000) / 1000).toBe(r.balance);
}

describe('stock batches', () => {
  it('validates with the original client messages', async () => {
    const res = await t.call('POST', '/api/stockstore', { token: admin, body: {} });
    expect(res.status).toBe(422);
    expect(res.body.errors).toMatchObject({
      product_id: ['Product is required.'],
      brand_id: ['Brand is required.'],
      measurement_id: ['Measurement is required.'],
      supplier_id: ['Supplier is required.'],
      quantity: ['Quantity is required.'],
      sale_price: ['Sale price is required.'],
      min_stock_level: ['Minimum stock level is required.'],
      stock_date: ['Stock date is required.'],
    });
    // Left out, the environment is Production; a value outside the three is refused.
    expect(res.body.errors.environment).toBeUndefined();
    const badEnvironment = await t.call('POST', '/api/stockstore', {
      token: admin,
      body: body({ environment: 'LIVE' }),
    });
    expect(badEnvironment.body.errors).toEqual({ environment: ['Environment selection is required.'] });
    const tooPrecise = await t.call('POST', '/api/stockstore', { token: admin, body: body({ quantity: 1.2345 }) });
    expect(tooPrecise.body.errors.quantity).toEqual(['Use at most 3 decimals.']);
    // 90 billion × 120,000 would not be kept to the shilling.
    const huge = await t.call('POST', '/api/stockstore', {
      token: admin,
      body: body({ quantity: 90_000_000_000, sale_price: 120_000 }),
    });
    expect(huge.status).toBe(422);
    expect(huge.body.errors.quantity).toEqual(['The quantity times the price is too large for one batch.']);
  });

  it('is refused without the keys', async () => {
    const cashier = await t.signIn(DEMO_CASHIER.email, DEMO_CASHIER.password);
    expect((await t.call('POST', '/api/stockstore', { token: cashier, body: body() })).status).toBe(403);
    expect((await t.call('GET', '/api/stocklist', { token: cashier })).status).toBe(403);
  });

  it('computes the total cost on the server and numbers the batch', async () => {
    const res = await t.call('POST', '/api/stockstore', {
      token: admin,
      body: body({ quantity: 2.5, unit_price: 33_333, total_cost: 1 }),
    });
    expect(res.body.message).toBe('Stock created successfully!');
    expect(res.body.data.batch_number).toMatch(/^BN[0-9A-F]{14}$/);
    expect(res.body.data.total_cost).toBe(83_333); // 2.5 × 33,333 = 83,332.5 → 83,333
    const shown = await t.call('GET', `/api/stockshow/${res.body.data.id}`, { token: admin });
    expect(shown.body.data).toMatchObject({
      product_name: 'Portland Cement',
      brand_name: 'Tororo',
      balance: 2.5,
      total_cost: 83_333,
    });
    const audit = await lastAuditOf(t, { type: 'Stock' });
    expect(audit.details).toContain(res.body.data.batch_number);
  });

  it('keeps received − sold − written off = balance through updates, sales, write-offs, delete and restore', async () => {
    const batch = await receiveBatch(t, admin, catalogue, { quantity: 20 });
    expect((await sellOne(batch.batch_number, 3)).status).toBe(200);
    const writeOff = await t.call('POST', '/api/stockadjustmentstore', {
      token: admin,
      body: {
        batch_id: batch.id,
        reason: 'DAMAGE',
        quantity: 2,
        adjustment_date: '2026-11-21',
        note: 'Two bags split in the rain',
      },
    });
    expect(writeOff.body).toMatchObject({
      success: true,
      message: 'Stock written off successfully!',
      data: { balance: 15 },
    });
    expect(await batchState(t, batch.id)).toMatchObject({
      quantity: 20,
      quantity_sold: 3,
      quantity_adjusted: 2,
      balance: 15,
    });

    const below = await t.call('PUT', `/api/stockupdate/${batch.id}`, { token: admin, body: body({ quantity: 4 }) });
    expect(below.status).toBe(409);
    expect(below.body.message).toBe(
      'The quantity cannot go below 5: that much has already been sold or written off from this batch.',
    );
    const raised = await t.call('PUT', `/api/stockupdate/${batch.id}`, {
      token: admin,
      body: body({ quantity: 25, sale_price: 36_000 }),
    });
    expect(raised.body.message).toBe('Stock updated successfully!');
    expect(await batchState(t, batch.id)).toMatchObject({ quantity: 25, balance: 20 });
    const audit = await lastAuditOf(t, { activity: 'Update' });
    expect(audit.details).toMatch(
      /from: \{"quantity":20,"sale_price":35000\} to: \{"quantity":25,"sale_price":36000\}/,
    );

    const other = await makeCatalogue(t, admin);
    const moved = await t.call('PUT', `/api/stockupdate/${batch.id}`, {
      token: admin,
      body: body({ ...other, quantity: 25 }),
    });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe('This batch has sales: its product, brand and measurement cannot change.');

    const refused = await t.call('DELETE', `/api/stockdelete/${batch.id}`, { token: admin });
    expect(refused.status).toBe(409);

    const unsold = await receiveBatch(t, admin, catalogue, { quantity: 7 });
    await t.call('POST', '/api/stockadjustmentstore', {
      token: admin,
      body: {
        batch_id: unsold.id,
        reason: 'COUNT_CORRECTION',
        quantity: 1.5,
        adjustment_date: '2026-11-21',
        note: 'Recount',
      },
    });
    expect((await t.call('DELETE', `/api/stockdelete/${unsold.id}`, { token: admin })).body.message).toBe(
      'Stock deleted successfully!',
    );
    expect((await batchState(t, unsold.id)).deleted_at).not.toBeNull();
    expect((await t.call('PUT', `/api/trashrestore/stock/${unsold.id}`, { token: admin })).status).toBe(200);
    expect(await batchState(t, unsold.id)).toMatchObject({
      quantity: 7,
      quantity_adjusted: 1.5,
      balance: 5.5,
      deleted_at: null,
    });
    await expectBalancesConsistent();
  });

  it('never writes off below zero, even when two write-offs race for the last units', async () => {
    const batch = await receiveBatch(t, admin, catalogue, { quantity: 3 });
    const writeOff = () =>
      t.call('POST', '/api/stockadjustmentstore', {
        token: admin,
        body: {
          batch_id: batch.id,
          reason: 'LOSS',
          quantity: 2,
          adjustment_date: '2026-11-21',
          note: 'Missing at count',
        },
      });
    const results = await Promise.all([writeOff(), writeOff()]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.body.message).toBe(`Only 1 left in batch ${batch.batch_number}.`);
    expect((await batchState(t, batch.id)).balance).toBe(1);
    await expectBalancesConsistent();
  });
});

describe('stock levels and exports', () => {
  it('shows each batch with its status', async () => {
    const low = await receiveBatch(t, admin, catalogue, { quantity: 2, min_stock_level: 5 });
    const out = await receiveBatch(t, admin, catalogue, { quantity: 1, min_stock_level: 0 });
    await sellOne(out.batch_number, 1);
    const res = await t.call('GET', '/api/stocklevel?pagination_size=100', { token: admin });
    const status = (batchNumber: string) =>
      res.body.data.find((r: { batch_number: string }) => r.batch_number === batchNumber)?.status;
    expect(status(low.batch_number)).toBe('Low Stock');
    expect(status(out.batch_number)).toBe('Out of Stock');
    expect(res.body.data.some((r: { status: string }) => r.status === 'In Stock')).toBe(true);
  });

  it('filters the stock list by stock date, including the last day', async () => {
    await receiveBatch(t, admin, catalogue, { stock_date: '2026-10-31' });
    await receiveBatch(t, admin, catalogue, { stock_date: '2026-11-01' });
    const res = await t.call('GET', '/api/stocklist?startDate=2026-10-31&endDate=2026-10-31', { token: admin });
    expect(res.body.data.map((r: { stock_date: string }) => r.stock_date)).toEqual(['2026-10-31']);
    const bad = await t.call('GET', '/api/stocklist?startDate=2026-11-02&endDate=2026-11-01', { token: admin });
    expect(bad.status).toBe(422);
  });

  it('exports the stock list as CSV with the period and total above the batch rows', async () => {
    const res = await fetch(`${t.url}/api/stockcsv?startDate=2026-11-01&endDate=2026-11-01`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="\d{4}_\d{2}_\d{2}_stock\.csv"/);
    const lines = (await res.text()).trim().split('\n');
    // One batch of 10 at 30,000 received on 2026-11-01.
    expect(lines.slice(0, 5)).toEqual([
      'Stock records',
      'Period,2026-11-01,2026-11-01',
      'Total cost (UGX),300000',
      '',
      'Batch Number,Product,Brand,Unit,Qty,Unit Price,Total,Sale Price,Supplier,Created By,Date',
    ]);
    expect(lines).toHaveLength(6);
    expect(lines[5]).toContain('Portland Cement');
  });
});

describe('stock write-offs', () => {
  const writeOff = (batchId: number, extra: Record<string, unknown> = {}) =>
    t.call('POST', '/api/stockadjustmentstore', {
      token: admin,
      body: {
        batch_id: batchId,
        reason: 'EXPIRY',
        quantity: 1,
        adjustment_date: '2026-10-20',
        note: 'Hardened',
        ...extra,
      },
    });

  it('offers only batches with stock, to users who may write off', async () => {
    const cashier = await t.signIn(DEMO_CASHIER.email, DEMO_CASHIER.password);
    expect((await t.call('GET', '/api/getstockbatches', { token: cashier })).status).toBe(403);
    const batch = await receiveBatch(t, admin, catalogue, { quantity: 1 });
    const listed = async () =>
      (await t.call('GET', '/api/getstockbatches', { token: admin })).body.data.map((b: { id: number }) => b.id);
    expect(await listed()).toContain(batch.id);
    await sellOne(batch.batch_number, 1);
    expect(await listed()).not.toContain(batch.id);
  });

  it('needs a real date that is not in the future, and writes nothing otherwise', async () => {
    const batch = await receiveBatch(t, admin, catalogue, { quantity: 4 });
    const impossible = await writeOff(batch.id, { adjustment_date: '2026-02-30' });
    expect(impossible.status).toBe(422);
    expect(impossible.body.errors).toEqual({ adjustment_date: ['Date is required.'] });
    const yearZero = await writeOff(batch.id, { adjustment_date: '0000-01-01' });
    expect(yearZero.body.errors).toEqual({ adjustment_date: ['Date is required.'] });
    const ahead = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const future = await writeOff(batch.id, { adjustment_date: ahead });
    expect(future.status).toBe(422);
    expect(future.body.errors).toEqual({ adjustment_date: ['The date cannot be in the future.'] });
    expect(await batchState(t, batch.id)).toMatchObject({ balance: 4, quantity_adjusted: 0 });
  });

  it('lists and exports the write-offs of a period with their cost, the total above the rows', async () => {
    const batch = await receiveBatch(t, admin, catalogue, { quantity: 10, unit_price: 30_001 });
    expect((await writeOff(batch.id, { quantity: 1.5 })).status).toBe(200);
    const list = await t.call('GET', '/api/stockadjustmentlist?startDate=2026-10-20&endDate=2026-10-20', {
      token: admin,
    });
    expect(list.body.data).toEqual([
      expect.objectContaining({ batch_number: batch.batch_number, reason: 'EXPIRY', quantity: 1.5, cost: 45_002 }),
    ]);
    const csv = await t.download('/api/stockadjustmentcsv?startDate=2026-10-20&endDate=2026-10-20', admin);
    const lines = csv.bytes.toString('utf8').trim().split('\n');
    expect(lines.slice(0, 4)).toEqual([
      'Stock write-offs',
      'Period,2026-10-20,2026-10-20',
      'Total cost (UGX),45002',
      '',
    ]);
    expect(lines[4]).toBe('Date,Batch Number,Product,Reason,Qty,Unit Cost,Cost,Note,Recorded By');
    expect(lines.slice(5)).toHaveLength(1);
    expect(lines[5]).toContain(batch.batch_number);
  });
});

describe('each stock call asks for its token and its own key', () => {
  it('answers 401 without a token and 404 for an unknown batch', async () => {
    for (const [method, path] of [
      ['GET', '/api/stocklist'],
      ['GET', '/api/stocklevel'],
      ['GET', '/api/stockadjustmentlist'],
      ['GET', '/api/stockshow/1'],
      ['DELETE', '/api/stockdelete/1'],
    ] as const) {
      expect((await t.call(method, path)).status, path).toBe(401);
    }
    expect((await t.call('GET', '/api/stockshow/999999', { token: admin })).status).toBe(404);
    expect((await t.call('PUT', '/api/stockupdate/999999', { token: admin, body: body() })).status).toBe(404);
    expect((await t.call('DELETE', '/api/stockdelete/999999', { token: admin })).status).toBe(404);
    expect((await t.download('/api/stockpdf/999999', admin)).status).toBe(404);
  });

  it('grants each call with exactly its key', async () => {
    const cashier = await t.signIn(DEMO_CASHIER.email, DEMO_CASHIER.password);
    const batch = await receiveBatch(t, admin, catalogue, { quantity: 6 });
    const doomed = await receiveBatch(t, admin, catalogue);
    const doomedToo = await receiveBatch(t, admin, catalogue);
    const get = (path: string) => () => t.call('GET', path, { token: cashier });
    await expectEachCallNeedsItsKey(t, [
      ['stockList', get('/api/stocklist')],
      ['stockList', get(`/api/stockshow/${batch.id}`)],
      ['stockList', get(`/api/stockpdf/${batch.id}`)],
      ['stockAdd', () => t.call('POST', '/api/stockstore', { token: cashier, body: body() })],
      [
        'stockEdit',
        () => t.call('PUT', `/api/stockupdate/${batch.id}`, { token: cashier, body: body({ quantity: 7 }) }),
      ],
      ['stockDelete', () => t.call('DELETE', `/api/stockdelete/${doomed.id}`, { token: cashier })],
      [
        'stockBulkDelete',
        () => t.call('DELETE', '/api/stocksdelete', { token: cashier, body: { ids: [doomedToo.id] } }),
      ],
      ['stockExport', get('/api/stockxlsx')],
      ['stockExport', get('/api/stockcsv')],
      ['stockLevelExport', get('/api/stocklevelxlsx')],
      ['stockLevelExport', get('/api/stocklevelcsv')],
      ['stockAdjustmentList', get('/api/stockadjustmentlist')],
      ['stockAdjustmentExport', get('/api/stockadjustmentxlsx')],
      ['stockAdjustmentExport', get('/api/stockadjustmentcsv')],
      [
        'stockAdjustmentAdd',
        () =>
          t.call('POST', '/api/stockadjustmentstore', {
            token: cashier,
            body: {
              batch_id: batch.id,
              reason: 'DAMAGE',
              quantity: 1,
              adjustment_date: '2026-11-21',
              note: 'Torn bag',
            },
          }),
      ],
    ]);
    // The demo Cashier holds stockLevel; without it the stock levels are refused.
    const levels = await withoutCashierKeys(t, ['stockLevel'], get('/api/stocklevel'));
    expect(levels).toMatchObject({ status: 403, body: DENIED });
  });
});

/** Signs in a new user whose role holds exactly `keys`, with a password already set (no forced change). */
async function signInHolding(keys: string[]): Promise<string> {
  const suffix = randomUUID().slice(0, 8);
  const role = await t.db
    .insertInto('roles')
    .values({ name: `Only ${keys.join(' ')} ${suffix}`, environment: 'TEST' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('role_permissions')
    .values(keys.map((permission_key) => ({ role_id: role.id, permission_key })))
    .execute();
  const password = 'Stock-Watcher-2026';
  const email = `watcher-${suffix}@duka.test`;
  await t.db
    .insertInto('users')
    .values({
      user_number: newNumber('UR'),
      name: 'Stock Watcher',
      gender: 'Male',
      nin: `CM${suffix.toUpperCase()}000000`,
      phone_number: `07${String(Date.now()).slice(-8)}`,
      email,
      password_hash: await hashPassword(password),
      role_id: role.id,
      environment: 'TEST',
      password_changed_at: new Date(),
    })
    .execute();
  return t.signIn(email, password);
}

describe("stock levels show only their screen's columns", () => {
  const SCREEN_FIELDS = [
    'balance',
    'balance_in_units',
    'batch_number',
    'brand',
    'brand_name',
    'id',
    'in_yard',
    'measurement',
    'measurement_name',
    'min_stock_level',
    'product',
    'product_name',
    'status',
    'total_sold',
  ];

  it('answers a user holding only stockLevel without costs, prices or the supplier', async () => {
    const watcher = await signInHolding(['stockLevel', 'stockLevelExport']);
    const batch = await receiveBatch(t, admin, catalogue); // 10 at 30,000, sold at 35,000
    const res = await t.call('GET', `/api/stocklevel?search=${batch.batch_number}`, { token: watcher });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(SCREEN_FIELDS);
    expect(res.body.data[0]).toMatchObject({ batch_number: batch.batch_number, balance: 10, total_sold: 0 });
    // Part of a batch number, in any case, finds it too (the number's letters and digits are all searched).
    const part = batch.batch_number.slice(1, 9).toLowerCase();
    const byPart = await t.call('GET', `/api/stocklevel?search=${part}`, { token: watcher });
    expect(byPart.body.data.map((row: { batch_number: string }) => row.batch_number)).toContain(batch.batch_number);
    // The same user may not open the batch itself, where the costs are.
    expect((await t.call('GET', `/api/stockshow/${batch.id}`, { token: watcher })).status).toBe(403);
  });

  it("exports the screen's columns only, to XLSX and CSV", async () => {
    const watcher = await signInHolding(['stockLevel', 'stockLevelExport']);
    const batch = await receiveBatch(t, admin, catalogue); // 10 at 30,000, sold at 35,000
    await sellOne(batch.batch_number, 3);
    const header = [
      'Product',
      'Batch Number',
      'Brand',
      'Unit of Measurement',
      'Qty in Stock',
      'In Units',
      'Qty Sold',
      'Sold in Yard',
      'Status',
    ];
    const xlsx = await t.download(`/api/stocklevelxlsx?search=${batch.batch_number}`, watcher);
    expect(xlsx.status).toBe(200);
    const rows = await xlsxRows(xlsx.bytes);
    expect(rows[0]).toEqual(header);
    expect(rows.slice(1).map((r) => r.slice(1))).toEqual([
      // A product that declared no units shows its balance in its own unit beside the figure.
      [batch.batch_number, expect.any(String), expect.any(String), 7, '7 Bag Portland Cements', 3, 0, 'In Stock'],
    ]);
    const csv = await t.download(`/api/stocklevelcsv?search=${batch.batch_number}`, watcher);
    expect(csv.status).toBe(200);
    const text = csv.bytes.toString('utf8');
    expect(text).toContain(header.join(','));
    expect(text.trim().split('\n')).toEqual([header.join(','), expect.stringContaining(batch.batch_number)]);
    expect(text).not.toContain('Hima Supplies');
  });

  it("finds batches by their product's, brand's or unit's name, a page at a time in name order", async () => {
    const watcher = await signInHolding(['stockLevel']);
    const tag = randomUUID().slice(0, 6);
    const [alpha, beta] = [
      await makeCatalogue(t, admin, `Alpha Zinc ${tag}`),
      await makeCatalogue(t, admin, `Beta Zinc ${tag}`),
    ];
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await receiveBatch(t, admin, beta)).id, (await receiveBatch(t, admin, alpha)).id);
    }
    const search = (text: string, page: number, size: number) =>
      t.call('GET', `/api/stocklevel?search=${encodeURIComponent(text)}&page=${page}&pagination_size=${size}`, {
        token: watcher,
      });
    type Level = { id: number; product_name: string };
    const first = await search(`Zinc ${tag}`, 1, 5);
    const second = await search(`Zinc ${tag}`, 2, 5);
    expect([first.body.total, first.body.last_page, second.body.data.length]).toEqual([6, 2, 1]);
    expect([...first.body.data, ...second.body.data].map((row: Level) => row.product_name)).toEqual([
      ...Array(3).fill(`Alpha Zinc ${tag}`),
      ...Array(3).fill(`Beta Zinc ${tag}`),
    ]);
    // By the unit's name (the fixture's unit is "Bag <product>"), and by the brand's, shared with other batches.
    const byUnit = await search(`Bag Beta Zinc ${tag}`, 1, 10);
    expect(byUnit.body.data.map((row: Level) => row.product_name)).toEqual(Array(3).fill(`Beta Zinc ${tag}`));
    expect(byUnit.body.total).toBe(3);
    const byBrand = await search('Tororo', 1, 100);
    expect(byBrand.body.data.map((row: Level) => row.id)).toEqual(expect.arrayContaining(ids));
    // As many as the batches whose brand matches (the Zinc search above counts a batch found by its product's and its
    // unit's names once).
    const branded = await t.db
      .selectFrom('stock_batches as s')
      .innerJoin('brands as b', 'b.id', 's.brand_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('s.deleted_at', 'is', null)
      .where('b.name', 'ilike', '%Tororo%')
      .executeTakeFirstOrThrow();
    expect(byBrand.body.total).toBe(Number(branded.n));
  });

  it('pages the batches of the products holding one word in name order, wherever the word sits in the name', async () => {
    const watcher = await signInHolding(['stockLevel']);
    // Letters only: such a search reads each word's products in name order from the kept words.
    const word = `qz${Array.from(randomBytes(6), (byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;
    const Word = `Q${word.slice(1)}`;
    // Named after they are made: a product's kept words follow its new name. Their units and brand do not hold the word.
    const named = async (name: string) => {
      const made = await makeCatalogue(t, admin, `Plain ${randomUUID().slice(0, 8)}`);
      const { category_id } = await t.db
        .selectFrom('products')
        .select('category_id')
        .where('id', '=', made.product_id)
        .executeTakeFirstOrThrow();
      const renamed = await t.call('PUT', `/api/productupdate/${made.product_id}`, {
        token: admin,
        body: { name, category_id },
      });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      return made;
    };
    const receive = (catalogue: Catalogue, stock_date: string) => receiveBatch(t, admin, catalogue, { stock_date });
    // Page 1 needs the first five products with stock, and both of the two named alike (in two categories), whose
    // batches interleave by stock date.
    for (const name of ['Aa', 'Ab', 'Ac', 'Ad']) await receive(await named(`${name} ${Word}`), '2026-11-09');
    const [alike, alikeToo] = [await named(`Big ${Word}s`), await named(`Big ${Word}s`)];
    await receive(alikeToo, '2026-11-06');
    await receive(alike, '2026-11-05');
    await receive(alikeToo, '2026-11-02');
    // No batch: it takes no place among the five.
    await named(`Aaa ${Word}`);
    await receive(await named(`Extra${word}`), '2026-11-04');
    const starting = await named(`${Word} Alpha`);
    await receive(starting, '2026-11-03');
    await receive(starting, '2026-11-01');

    const expected = await t.db
      .selectFrom('stock_batches as s')
      .innerJoin('products as p', 'p.id', 's.product_id')
      .select('s.id')
      .where('p.name', 'ilike', `%${word}%`)
      .where('s.deleted_at', 'is', null)
      .orderBy('p.name')
      .orderBy('s.stock_date')
      .orderBy('s.id')
      .execute();
    expect(expected).toHaveLength(10);
    for (const text of [word, Word.toUpperCase()]) {
      const pages = [];
      for (let page = 1; page <= 2; page++) {
        const res = await t.call('GET', `/api/stocklevel?search=${text}&page=${page}&pagination_size=5`, {
          token: watcher,
        });
        expect([res.status, res.body.total, res.body.last_page]).toEqual([200, 10, 2]);
        pages.push(...res.body.data.map((row: { id: number }) => row.id));
      }
      expect(pages).toEqual(expected.map((row) => row.id));
    }
  });

  it('does not find batches by their supplier', async () => {
    const watcher = await signInHolding(['stockLevel']);
    await receiveBatch(t, admin, catalogue);
    // Every batch here comes from Hima Supplies (the fixture's supplier), and no product, brand or unit is named so.
    const res = await t.call('GET', '/api/stocklevel?search=Hima', { token: watcher });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });
});

describe('stock records, the PDF, bulk delete and the write-off audit', () => {
  it('prints one batch as a PDF named by its id, without the environment', async () => {
    const batch = await receiveBatch(t, admin, catalogue);
    const pdf = await t.download(`/api/stockpdf/${batch.id}`, admin);
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="${fileDay()}_stock_${batch.id}.pdf"`);
    expect(pdf.bytes.subarray(0, 4).toString()).toBe('%PDF');
    const lines = pdfLines(pdf.bytes);
    expect(lines).toContain(batch.batch_number);
    expect(lines).toContain('Supplier');
    expect(lines).not.toContain('Environment');
    expect(lines).not.toContain('PRODUCTION');
  });

  it('records a batch sent without an environment as Production', async () => {
    const { environment, ...withoutEnvironment } = body();
    const res = await t.call('POST', '/api/stockstore', { token: admin, body: withoutEnvironment });
    expect(res.status).toBe(200);
    const row = await t.db
      .selectFrom('stock_batches')
      .select('environment')
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.environment).toBe(environment);
  });

  it('exports the stock levels to XLSX with each batch and its status', async () => {
    const low = await receiveBatch(t, admin, catalogue, { quantity: 1, min_stock_level: 3 });
    const rows = await xlsxRows((await t.download(`/api/stocklevelxlsx?search=${low.batch_number}`, admin)).bytes);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(low.batch_number);
    expect(rows[1]).toContain('Low Stock');
  });

  it('bulk deletes all or nothing, refusing a batch with sales, and audits each batch', async () => {
    const sold = await receiveBatch(t, admin, catalogue, { quantity: 2 });
    await sellOne(sold.batch_number, 1);
    const a = await receiveBatch(t, admin, catalogue);
    const b = await receiveBatch(t, admin, catalogue);
    const before = await lastAuditId(t);
    const refused = await t.call('DELETE', '/api/stocksdelete', { token: admin, body: { ids: [a.id, sold.id] } });
    expect(refused.status).toBe(409);
    expect((await batchState(t, a.id)).deleted_at).toBeNull();
    expect(await auditSince(t, before)).toEqual([]);

    const res = await t.call('DELETE', '/api/stocksdelete', { token: admin, body: { ids: [a.id, b.id] } });
    expect(res.body).toEqual({ success: true, message: '2 stock(s) deleted successfully!' });
    const audits = await auditSince(t, before);
    expect(audits.map((r) => r.activity)).toEqual(['Delete', 'Delete']);
    expect(audits.map((r) => r.type)).toEqual(['Stock', 'Stock']);
  });

  it('audits a write-off with the batch, reason, note and the balance left', async () => {
    const batch = await receiveBatch(t, admin, catalogue, { quantity: 8 });
    await t.call('POST', '/api/stockadjustmentstore', {
      token: admin,
      body: { batch_id: batch.id, reason: 'DAMAGE', quantity: 2.5, adjustment_date: '2026-11-21', note: 'Rain damage' },
    });
    expect(await lastAudit(t)).toMatchObject({
      type: 'Stock',
      activity: 'Write-off',
      details: `Wrote off 2.5 from batch ${batch.batch_number} (DAMAGE: Rain damage); balance now 5.5`,
    });
  });
});
