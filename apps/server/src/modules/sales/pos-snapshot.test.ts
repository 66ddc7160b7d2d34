// GET /api/possnapshot: the till's local copy for selling offline.
import type { PosSnapshot } from '@duka/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, DENIED, UNAUTHENTICATED, withoutCashierKeys } from '../../../test/catalogue-fixtures.ts';
import { signedInApp } from '../../../test/crud-contract.ts';
import type { TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: string;
let cashier: string;
let inStock: { batch_number: string };
let soldOut: { batch_number: string };
let ofDeletedProduct: { batch_number: string };
let refs: Awaited<ReturnType<ReturnType<typeof catalogue>['chain']>>;
type Customer = { id: number; customer_number: string; name: string };
let withLimit: Customer;
let owing: Customer;
let withAdvance: Customer;
let cashOnly: Customer;
let trashed: Customer;

beforeAll(async () => {
  ({ t, admin, cashier } = await signedInApp());
  const make = catalogue(t, admin);
  refs = await make.chain('Snapshot');
  await t.db
    .updateTable('products')
    .set({ barcode: '6009876543210', sku: 'SNAP-1' })
    .where('id', '=', refs.product_id)
    .execute();
  const { category_id: _category, ...stockRefs } = refs;
  inStock = await make.stock(stockRefs);
  soldOut = await make.stock(stockRefs);
  await make.emptyBatch(await batchId(soldOut.batch_number));

  // A product in the trash keeps its batches in the database, but the till must not sell them.
  const gone = await make.product('Snapshot Gone', refs.category_id);
  ofDeletedProduct = await make.stock({
    ...stockRefs,
    product_id: gone,
    brand_id: await make.brand('Gone Brand', gone),
  });
  await t.db.updateTable('products').set({ deleted_at: new Date() }).where('id', '=', gone).execute();

  // The debt book as the till must see it: a limit, a debt left after the limit went back to 0, an advance, and
  // two it must not carry (no credit and no balance; in the trash).
  withLimit = await make.customer('Snapshot Limit', { credit_limit: 500_000 });
  owing = await make.customer('Snapshot Owing', { credit_limit: 200_000 });
  const forAccount = await make.stock(stockRefs);
  const sale = await t.call('POST', '/api/salesstore', {
    token: admin,
    body: {
      customerName: owing.name,
      customerPhone: '0772123456',
      customer_id: owing.id,
      items: [{ batchNumber: forAccount.batch_number, quantity: 1 }],
      payments: [{ method: 'ACCOUNT', amount: 25_000 }],
      idempotencyKey: crypto.randomUUID(),
    },
  });
  expect(sale.status, JSON.stringify(sale.body)).toBe(200);
  const owingRow = await t.db.selectFrom('customers').selectAll().where('id', '=', owing.id).executeTakeFirstOrThrow();
  const update = await t.call('PUT', `/api/customerupdate/${owing.id}`, {
    token: admin,
    body: { name: owingRow.name, phone_number: owingRow.phone_number, credit_limit: 0 },
  });
  expect(update.status, JSON.stringify(update.body)).toBe(200);
  withAdvance = await make.customer('Snapshot Advance');
  const paid = await t.call('POST', '/api/customerpaymentstore', {
    token: admin,
    body: { customer_id: withAdvance.id, amount: 30_000, method: 'CASH' },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  cashOnly = await make.customer('Snapshot Cash Only');
  trashed = await make.customer('Snapshot Trashed', { credit_limit: 100_000 });
  const deleted = await t.call('DELETE', `/api/customerdelete/${trashed.id}`, { token: admin });
  expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
});
afterAll(() => t.close());

const batchId = async (batchNumber: string) =>
  (
    await t.db
      .selectFrom('stock_batches')
      .select('id')
      .where('batch_number', '=', batchNumber)
      .executeTakeFirstOrThrow()
  ).id;

describe('GET /api/possnapshot', () => {
  it('gives the cashier every batch with stock of a live product, with the names it refers to once each', async () => {
    const res = await t.call('GET', '/api/possnapshot', { token: cashier });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const snapshot = res.body.data as PosSnapshot;
    expect(Date.now() - Date.parse(snapshot.taken_at)).toBeLessThan(60_000);

    const numbers = snapshot.batches.map((b) => b.batch_number);
    expect(numbers).toContain(inStock.batch_number);
    expect(numbers).not.toContain(soldOut.batch_number);
    expect(numbers).not.toContain(ofDeletedProduct.batch_number);
    expect(snapshot.batches.every((b) => b.balance > 0)).toBe(true);

    expect(snapshot.batches.find((b) => b.batch_number === inStock.batch_number)).toEqual({
      batch_number: inStock.batch_number,
      product_id: refs.product_id,
      brand_id: refs.brand_id,
      measurement_id: refs.measurement_id,
      sale_price: 25_000,
      balance: 10,
      stock_date: '2026-11-20',
    });
    expect(snapshot.products.find((p) => p.id === refs.product_id)).toEqual({
      id: refs.product_id,
      name: 'Snapshot Product',
      barcode: '6009876543210',
      sku: 'SNAP-1',
    });
    expect(snapshot.brands).toContainEqual({ id: refs.brand_id, name: 'Snapshot Brand' });
    expect(snapshot.measurements).toContainEqual({ id: refs.measurement_id, name: 'Snapshot Unit', plural: null });
    // Every id a batch names is in the lists, and nothing else is: the copy stays small.
    for (const [list, key] of [
      [snapshot.products, 'product_id'],
      [snapshot.brands, 'brand_id'],
      [snapshot.measurements, 'measurement_id'],
    ] as const) {
      expect(new Set(list.map((item) => item.id))).toEqual(new Set(snapshot.batches.map((b) => b[key])));
    }
  });

  it('carries the live customers with a credit limit or a balance, for selling on account offline', async () => {
    const res = await t.call('GET', '/api/possnapshot', { token: cashier });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { customers } = res.body.data as PosSnapshot;
    const phone = async (id: number) =>
      (await t.db.selectFrom('customers').select('phone_number').where('id', '=', id).executeTakeFirstOrThrow())
        .phone_number;
    const expected = (c: Customer, balance: number, credit_limit: number) =>
      phone(c.id).then((phone_number) => ({
        id: c.id,
        customer_number: c.customer_number,
        name: c.name,
        phone_number,
        balance,
        credit_limit,
      }));
    expect(customers).toContainEqual(await expected(withLimit, 0, 500_000));
    expect(customers).toContainEqual(await expected(owing, 25_000, 0));
    expect(customers).toContainEqual(await expected(withAdvance, -30_000, 0));
    const ids = customers.map((c) => c.id);
    expect(ids).not.toContain(cashOnly.id);
    expect(ids).not.toContain(trashed.id);
  });

  it('is sent gzipped to a client that takes gzip, and plain to one that does not', async () => {
    const asked = (encoding: string) =>
      fetch(`${t.url}/api/possnapshot`, {
        headers: { authorization: `Bearer ${cashier}`, 'accept-encoding': encoding },
      });
    const plain = await asked('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const plainText = await plain.text();
    for (const encoding of ['gzip', 'br;q=1, gzip;q=0.5', '*']) {
      const zipped = await asked(encoding);
      expect(zipped.headers.get('content-encoding'), encoding).toBe('gzip');
      expect(zipped.headers.get('vary')).toBe('Accept-Encoding');
      // fetch unzips the body: it is the same copy, bar the moment it was taken.
      const copy = (await zipped.json()) as { data: PosSnapshot };
      const { taken_at: _, ...rest } = copy.data;
      const { taken_at: __, ...plainRest } = (JSON.parse(plainText) as { data: PosSnapshot }).data;
      expect(rest).toEqual(plainRest);
    }
    expect((await asked('gzip;q=0, deflate')).headers.get('content-encoding')).toBeNull();
  });

  it('reads one copy for the tills that ask at the same time, and a new one for a till that asks after', async () => {
    const takenAt = async () => {
      const res = await t.call('GET', '/api/possnapshot', { token: cashier });
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      return (res.body.data as PosSnapshot).taken_at;
    };
    const together = await Promise.all([takenAt(), takenAt(), takenAt()]);
    expect(new Set(together).size).toBe(1);
    const after = await takenAt();
    expect(Date.parse(after)).toBeGreaterThan(Date.parse(together[0] as string));
  });

  it("carries a chain's catalogue: more products with stock than a query may carry parameters", async () => {
    // 70,000 products in stock, each with a batch: their ids outnumber the 65,535 parameters a query may carry, so
    // the names are read by the batches' own condition. Made in SQL, as a chain's data would be imported.
    const many = 70_000;
    // The tables the rows' triggers keep (search words, stock totals) are not what the copy reads, and keeping them
    // for 70,000 rows takes longer than a test may: the rows go in with the triggers off for this transaction.
    const rows = await t.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      const made = await sql<{ id: number }>`
        INSERT INTO products (name, category_id, environment)
        SELECT 'Chain Product ' || n, ${refs.category_id}, 'PRODUCTION' FROM generate_series(1, ${many}) n
        RETURNING id`.execute(trx);
      await sql`
        INSERT INTO stock_batches (batch_number, product_id, measurement_id, supplier_id, quantity, unit_price,
                                   total_cost, sale_price, min_stock_level, balance, stock_date, environment)
        SELECT 'CHAIN' || p.id, p.id, ${refs.measurement_id}, ${refs.supplier_id}, 3, 1000, 3000, 1500, 1, 3,
               '2026-11-20', 'PRODUCTION'
        FROM products p WHERE p.name LIKE 'Chain Product %'`.execute(trx);
      return made.rows;
    });

    const res = await t.call('GET', '/api/possnapshot', { token: cashier });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    const snapshot = res.body.data as PosSnapshot;
    const productIds = new Set(snapshot.products.map((p) => p.id));
    expect(rows.every((r) => productIds.has(r.id))).toBe(true);
    expect(snapshot.batches.filter((b) => b.batch_number.startsWith('CHAIN'))).toHaveLength(many);
    expect(productIds).toEqual(new Set(snapshot.batches.map((b) => b.product_id)));
  });

  it('answers 401 without a session and 403 without the POS key', async () => {
    expect(await t.call('GET', '/api/possnapshot')).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    await withoutCashierKeys(t, ['salesPOS'], async () => {
      expect(await t.call('GET', '/api/possnapshot', { token: cashier })).toMatchObject({ status: 403, body: DENIED });
    });
  });
});
