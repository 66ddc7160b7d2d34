import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldingThrough } from '../../../test/fold-fixtures.ts';
import { postSale, wholeReport } from '../../../test/report-fixtures.ts';
import { type Batch, makeCatalogue, receiveBatch } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { shortOfflineSale, tillShop } from '../../../test/till-fixtures.ts';
import { fold } from '../../db/folds.ts';
import { migrations } from '../../db/migrations/index.ts';
import { addDays, shopDay } from '../../platform/period.ts';

// The stock's day totals and the batches' product sort names (migration 039) are copies the database keeps: after
// batches are received, sold online and offline, returned, written off, edited, renamed with their product, trashed,
// restored and deleted for good, and after writes that were refused or rolled back, they must equal what the live
// batches themselves add up to, stock date by stock date; and the cards that read them must equal their rows.
let t: TestApp;
let admin: string;
let cashier: string;
let cement: Batch;
let nails: Batch;
const today = shopDay('Africa/Kampala');
const ago = (days: number) => addDays(today, -days);

beforeAll(async () => {
  ({ t, admin, cashier, cement, nails } = await tillShop());
});
afterAll(() => t.close());

/** Per stock date, straight from the live batches: what the kept rows must add up to. */
const recomputed = () =>
  sql<Record<string, string>>`
    SELECT stock_date::text, count(*) AS batches, count(*) FILTER (WHERE balance > 0) AS in_stock,
           count(*) FILTER (WHERE balance <= min_stock_level) AS low, sum(total_cost) AS received_cost,
           sum(round(balance * unit_price)) AS value,
           coalesce(sum(round(balance * unit_price)) FILTER (WHERE balance <= min_stock_level), 0) AS low_value,
           sum(balance * unit_price) AS cost
      FROM stock_batches WHERE deleted_at IS NULL GROUP BY stock_date ORDER BY stock_date`
    .execute(t.db)
    .then((r) => r.rows.map(normalised));

/** The kept rows summed per stock date; a day whose batches have all gone adds up to nothing and is left out. */
const kept = () =>
  sql<Record<string, string>>`
    SELECT stock_date::text, sum(batches) AS batches, sum(in_stock) AS in_stock, sum(low) AS low,
           sum(received_cost) AS received_cost, sum(value) AS value, sum(low_value) AS low_value, sum(cost) AS cost
      FROM stock_totals GROUP BY stock_date
    HAVING sum(batches) <> 0 OR sum(in_stock) <> 0 OR sum(low) <> 0 OR sum(received_cost) <> 0 OR sum(value) <> 0
        OR sum(low_value) <> 0 OR sum(cost) <> 0
     ORDER BY stock_date`
    .execute(t.db)
    .then((r) => r.rows.map(normalised));

/** Per supplier with stock, Σ round(balance × unit cost) straight from its live batches, and as kept. */
const supplierValues = async () => {
  const plain = await sql<{ supplier_id: number; value: string }>`
    SELECT supplier_id, sum(round(balance * unit_price))::text AS value FROM stock_batches WHERE deleted_at IS NULL
     GROUP BY supplier_id HAVING sum(round(balance * unit_price)) <> 0 ORDER BY supplier_id`.execute(t.db);
  const kept = await sql<{ supplier_id: number; value: string }>`
    SELECT supplier_id, sum(value)::text AS value FROM supplier_stock_values
     GROUP BY supplier_id HAVING sum(value) <> 0 ORDER BY supplier_id`.execute(t.db);
  return { plain: plain.rows, kept: kept.rows };
};

/** What each supplier delivered each stock date (migration 050), from the live batches and as kept. */
const receivedDays = async () => {
  const plain = await sql<Record<string, string>>`
    SELECT stock_date::text, supplier_id, count(*) AS batches, sum(total_cost) AS cost FROM stock_batches
     WHERE deleted_at IS NULL AND supplier_id IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`.execute(t.db);
  const kept = await sql<Record<string, string>>`
    SELECT stock_date::text, supplier_id, batches, cost FROM supplier_received_days
     WHERE batches <> 0 OR cost <> 0 ORDER BY 1, 2`.execute(t.db);
  return { plain: plain.rows.map(normalised), kept: kept.rows.map(normalised) };
};

const normalised = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, k === 'stock_date' ? String(v) : String(Number(v))]));

async function expectKept() {
  const [plain, stored] = await Promise.all([recomputed(), kept()]);
  expect(plain.length).toBeGreaterThan(0);
  expect(stored).toEqual(plain);
  const adrift = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM stock_batches s JOIN products p ON p.id = s.product_id
     WHERE s.deleted_at IS NULL AND s.product_sort_name IS DISTINCT FROM lower(p.name)`.execute(t.db);
  expect(adrift.rows[0]?.n).toBe(0);
  const values = await supplierValues();
  expect(values.plain.length).toBeGreaterThan(0);
  expect(values.kept).toEqual(values.plain);
  const received = await receivedDays();
  expect(received.plain.length).toBeGreaterThan(0);
  expect(received.kept).toEqual(received.plain);
  await expectCardsAddUp();
}

const batchValue = (r: { balance: number; unit_price: number }) => Math.round(r.balance * r.unit_price);
const sumOf = <R>(rows: R[], figure: (row: R) => number) => rows.reduce((sum, r) => sum + figure(r), 0);

/** Each report's count and card (read from the kept rows without a search) against its own rows. */
async function expectCardsAddUp() {
  const low = await wholeReport(t, admin, 'reportstocklowalertlist');
  expect(low.data.total).toBe(low.data.data.length);
  expect(low.total_stocks).toBe(sumOf(low.data.data, batchValue));
  const range = { report_type: 'custom', date_range: `${ago(400)},${today}` };
  const balance = await wholeReport(t, admin, 'reportstockbalancelist', range);
  expect(balance.data.total).toBe(balance.data.data.length);
  expect(balance.total_stocks).toBe(sumOf(balance.data.data, (r: { value: number }) => r.value));
  const received = await wholeReport(t, admin, 'reportstocklist', range);
  expect(received.data.total).toBe(received.data.data.length);
  expect(received.total_stocks).toBe(sumOf(received.data.data, (r: { total_cost: number }) => r.total_cost));
  const aging = await wholeReport(t, admin, 'reportstockaginglist', { aging_period: '7' });
  expect(aging.data.total).toBe(aging.data.data.length);
  expect(aging.total_value).toBe(sumOf(aging.data.data, (r: { total_value: number }) => r.total_value));
  await expectStockListAddsUp();
  await expectStockListAddsUp({ from: ago(30), to: ago(5) });
  const dashboard = await t.call('GET', '/api/dashboard', { token: admin });
  const exact = await sql<{ value: string }>`
    SELECT coalesce(round(sum(balance * unit_price)), 0) AS value FROM stock_batches
     WHERE deleted_at IS NULL`.execute(t.db);
  expect(dashboard.body.data.stock_value).toBe(Number(exact.rows[0]?.value));
}

/** The stock list's count and its file's total cost (read from the kept rows without a search) against the batches. */
async function expectStockListAddsUp(dates?: { from: string; to: string }) {
  const filter = dates ? `startDate=${dates.from}&endDate=${dates.to}` : '';
  const within = dates ? sql`stock_date BETWEEN ${dates.from} AND ${dates.to}` : sql`true`;
  const exact = await sql<{ batches: number; cost: string }>`
    SELECT count(*)::int AS batches, coalesce(sum(total_cost), 0) AS cost FROM stock_batches
     WHERE deleted_at IS NULL AND ${within}`.execute(t.db);
  const list = await t.call('GET', `/api/stocklist?pagination_size=10&${filter}`, { token: admin });
  expect(list.body.total).toBe(exact.rows[0]?.batches);
  const csv = (await t.download(`/api/stockcsv?${filter}`, admin)).bytes.toString('utf8').trim().split('\n');
  expect(csv.find((line) => line.startsWith('Total cost'))).toBe(`Total cost (UGX),${Number(exact.rows[0]?.cost)}`);
  expect(csv.length - csv.indexOf('') - 2).toBe(exact.rows[0]?.batches);
}

const writeOff = (batch: Batch, quantity: number, reason = 'DAMAGE') =>
  t.call('POST', '/api/stockadjustmentstore', {
    token: admin,
    body: { batch_id: batch.id, reason, quantity, adjustment_date: today, note: 'Counted' },
  });

const edit = (batch: Batch, figures: Record<string, unknown>) =>
  t.call('PUT', `/api/stockupdate/${batch.id}`, {
    token: admin,
    body: {
      product_id: batch.product_id,
      brand_id: batch.brand_id,
      measurement_id: batch.measurement_id,
      supplier_id: figures.supplier_id,
      quantity: 10,
      unit_price: 777,
      sale_price: 1_000,
      min_stock_level: 2,
      stock_date: ago(20),
      environment: 'PRODUCTION',
      ...figures,
    },
  });

describe('the stock day totals', () => {
  it('equal the live batches after receiving, online and offline sales, returns and write-offs', async () => {
    await expectKept();
    const catalogue = await makeCatalogue(t, admin, 'Binding Wire');
    const old = await receiveBatch(t, admin, catalogue, {
      quantity: 3.5,
      unit_price: 777,
      min_stock_level: 1,
      stock_date: ago(200),
    });
    const fresh = await receiveBatch(t, admin, catalogue, { quantity: 1.5, unit_price: 333, stock_date: ago(2) });
    await expectKept();

    const sale = await postSale(
      t,
      cashier,
      [
        [cement, 3],
        [old, 1.25],
        [nails, 99],
      ],
      { paymentMethod: 'CASH' },
    );
    await expectKept();
    // A sale refused for want of stock changes nothing.
    const refused = await t.call('POST', '/api/salesstore', {
      token: cashier,
      body: {
        customerName: 'Walk-in',
        customerPhone: '0700000000',
        items: [
          { batchNumber: cement.batch_number, quantity: 1 },
          { batchNumber: fresh.batch_number, quantity: 5 },
        ],
        paymentMethod: 'CASH',
        idempotencyKey: randomUUID(),
      },
    });
    expect(refused.status).toBe(409);
    await expectKept();

    const lines = await t.db
      .selectFrom('sale_items')
      .select(['id', 'batch_id'])
      .where('sale_id', '=', sale.id)
      .execute();
    const lineOf = (batch: Batch) => lines.find((l) => l.batch_id === batch.id)?.id;
    const back = await t.call('POST', `/api/salesreturnstore/${sale.id}`, {
      token: cashier,
      body: {
        items: [
          { sale_item_id: lineOf(nails), quantity: 2 },
          { sale_item_id: lineOf(old), quantity: 0.25 },
        ],
        reason: 'Too many',
        refund_method: 'CASH',
      },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    await expectKept();

    expect((await writeOff(fresh, 0.5)).status).toBe(200);
    expect((await writeOff(old, 99)).status).toBe(409);
    await expectKept();

    // The offline sale of 4 finds 2 left of 5: it gives 2 and is short by 2. 3 come back (2 into the batch), and the
    // one still missing is written off the batch.
    const short = await shortOfflineSale(t, admin, cashier, { received: 5, soldSince: 3, quantity: 4 });
    await expectKept();
    const returned = await t.call('POST', `/api/salesreturnstore/${short.offlineSaleId}`, {
      token: cashier,
      body: { items: [{ sale_item_id: short.lineId, quantity: 3 }], reason: 'Too many', refund_method: 'CASH' },
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    await expectKept();
    const resolved = await t.call('PUT', `/api/stockdiscrepancyresolve/${short.discrepancyId}`, {
      token: admin,
      body: { kind: 'WRITE_OFF', batch_id: short.batch.id, note: 'Miscounted' },
    });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    await expectKept();
  });

  it('follow edits, a renamed product, deletes, restores and a delete for good', async () => {
    const catalogue = await makeCatalogue(t, admin, 'Roofing Nails');
    const batch = await receiveBatch(t, admin, catalogue, { quantity: 10, unit_price: 777, stock_date: ago(20) });
    const spare = await receiveBatch(t, admin, catalogue, { quantity: 4, unit_price: 1_001, stock_date: ago(20) });
    await expectKept();

    // Another cost, minimum, stock date, quantity and supplier.
    const other = await makeCatalogue(t, admin, 'Ridge Caps');
    expect(other.supplier_id).not.toBe(catalogue.supplier_id);
    const figures = { quantity: 12.5, unit_price: 901, min_stock_level: 20, stock_date: ago(45) };
    const edited = await edit(batch, { ...figures, supplier_id: other.supplier_id });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await expectKept();
    // The supplier alone: the batch's value moves back to the first supplier.
    const moved = await edit(batch, { ...figures, supplier_id: catalogue.supplier_id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await expectKept();

    const product = await t.db
      .selectFrom('products')
      .select(['category_id'])
      .where('id', '=', catalogue.product_id)
      .executeTakeFirstOrThrow();
    const renamed = await t.call('PUT', `/api/productupdate/${catalogue.product_id}`, {
      token: admin,
      body: { name: 'aaa Roofing Nails', category_id: product.category_id, environment: 'PRODUCTION' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    await expectKept();
    // The renamed product's batches sort under their new name.
    const balance = await wholeReport(t, admin, 'reportstockbalancelist', {
      report_type: 'custom',
      date_range: `${ago(400)},${today}`,
    });
    expect(balance.data.data[0].product.name).toBe('aaa Roofing Nails');

    expect((await t.call('DELETE', `/api/stockdelete/${batch.id}`, { token: admin })).status).toBe(200);
    await expectKept();
    expect((await t.call('PUT', `/api/trashrestore/stock/${batch.id}`, { token: admin })).status).toBe(200);
    await expectKept();

    // Written off, then trashed: its write-off keeps it from being deleted for good (a rolled-back savepoint).
    expect((await writeOff(spare, 1, 'LOSS')).status).toBe(200);
    expect((await t.call('DELETE', `/api/stockdelete/${spare.id}`, { token: admin })).status).toBe(200);
    await expectKept();
    expect((await t.call('DELETE', `/api/trashdelete/stock/${spare.id}`, { token: admin })).status).toBe(409);
    await expectKept();
    const untouched = await receiveBatch(t, admin, catalogue, { quantity: 2, unit_price: 10, stock_date: ago(20) });
    expect((await t.call('DELETE', `/api/stockdelete/${untouched.id}`, { token: admin })).status).toBe(200);
    expect((await t.call('DELETE', `/api/trashdelete/stock/${untouched.id}`, { token: admin })).status).toBe(200);
    await expectKept();
  });

  it('keep up with twenty tills selling from the same days at once, lines in opposite orders', async () => {
    const catalogue = await makeCatalogue(t, admin, 'Hinges');
    const day = ago(1);
    const a = await receiveBatch(t, admin, catalogue, { quantity: 500, unit_price: 1_234, stock_date: day });
    const b = await receiveBatch(t, admin, catalogue, { quantity: 500, unit_price: 999, stock_date: day });
    const c = await receiveBatch(t, admin, catalogue, { quantity: 500, unit_price: 555, stock_date: ago(3) });
    const sales = Array.from({ length: 20 }, (_, i) =>
      postSale(
        t,
        cashier,
        i % 2
          ? [
              [a, 1.5],
              [c, 2],
              [b, 1],
            ]
          : [
              [c, 1],
              [b, 2.5],
              [a, 1],
            ],
        { paymentMethod: 'CASH' },
      ),
    );
    await Promise.all(sales);
    await expectKept();
    // Folding the rows back into one per day changes no sum.
    await sql`SELECT rebuild_stock_totals()`.execute(t.db);
    await expectKept();
  });
  it('fold into one row per day and supplier while tills sell, and keep every sum through their migration undone and redone', async () => {
    const catalogue = await makeCatalogue(t, admin, 'Bolts');
    const a = await receiveBatch(t, admin, catalogue, { quantity: 500, unit_price: 777, stock_date: ago(2) });
    const b = await receiveBatch(t, admin, catalogue, { quantity: 500, unit_price: 321, stock_date: ago(4) });
    // Rows beyond one per day and one per supplier.
    const unfolded = () =>
      sql<{ n: number }>`
        SELECT ((SELECT count(*) - count(DISTINCT stock_date) FROM stock_totals)
              + (SELECT count(*) - count(DISTINCT supplier_id) FROM supplier_stock_values))::int AS n`
        .execute(t.db)
        .then((r) => r.rows[0]?.n);
    let folded = await foldingThrough(
      t.db,
      'fold_stock_totals',
      Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          postSale(
            t,
            i % 2 ? cashier : admin,
            [
              [a, 1 + (i % 3)],
              [b, 0.5],
            ],
            { paymentMethod: 'CASH' },
          ),
        ),
      ),
    );
    await expectKept();
    folded += await fold(t.db, 'fold_stock_totals');
    expect(folded).toBeGreaterThan(0);
    expect(await unfolded()).toBe(0);
    await expectKept();
    // A sale adds rows of its own; undone with them there, the migration keeps every sum; done again, the same.
    await postSale(t, cashier, [[a, 2]], { paymentMethod: 'CASH' });
    expect(await unfolded()).toBeGreaterThan(0);
    const migration = migrations['053_stock_and_supplier_rows_appended'];
    await migration?.down?.(t.db);
    await postSale(t, cashier, [[b, 1]], { paymentMethod: 'CASH' });
    await expectKept();
    await migration?.up(t.db);
    await postSale(t, admin, [[a, 1]], { paymentMethod: 'CASH' });
    await expectKept();
  });
});
