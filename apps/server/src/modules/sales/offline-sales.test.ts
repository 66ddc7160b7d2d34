import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KATO_HARDWARE } from '../../../test/business-fixtures.ts';
import { auditSince, lastAuditId } from '../../../test/catalogue-fixtures.ts';
import { signedInApp } from '../../../test/crud-contract.ts';
import { wholeReport } from '../../../test/report-fixtures.ts';
import { batchState, type Catalogue, makeCatalogue, receiveBatch } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { DEMO_CASHIER } from '../../db/seed/demo.ts';

// Sales made while the till was offline: recorded at the till's time, replays return the first, and a
// short batch gives what it has with the rest recorded as a stock discrepancy. Online sales still get 409.
let t: TestApp;
let admin: string;
let cashier: string;

beforeAll(async () => {
  ({ t, admin, cashier } = await signedInApp());
});
afterAll(() => t.close());

const sale = (batchNumber: string, quantity: number, extra: Record<string, unknown> = {}) => ({
  customerName: 'Anonymous',
  customerPhone: '0700000000',
  items: [{ batchNumber, quantity }],
  paymentMethod: 'CASH',
  idempotencyKey: randomUUID(),
  ...extra,
});
const sell = (body: unknown) => t.call('POST', '/api/salesstore', { token: cashier, body });
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const discrepanciesOf = (saleId: number) =>
  t.db.selectFrom('stock_discrepancies').selectAll().where('sale_id', '=', saleId).execute();
const newBatch = async (quantity: number) =>
  receiveBatch(t, admin, await makeCatalogue(t, admin), { quantity, sale_price: 10_000 });

describe('made_at of an offline sale', () => {
  it('records the sale at the time the till made it', async () => {
    const batch = await newBatch(10);
    const madeAt = minutesAgo(90);
    const res = await sell(sale(batch.batch_number, 2, { offline: true, made_at: madeAt }));
    expect(res.status).toBe(200);
    const row = await t.db
      .selectFrom('sales')
      .select(['created_at', 'total_amount'])
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.created_at.toISOString()).toBe(madeAt);
    expect(row.total_amount).toBe(20_000);
  });

  it('accepts a till clock a little ahead, refuses the future and sales older than 7 days', async () => {
    const batch = await newBatch(10);
    expect((await sell(sale(batch.batch_number, 1, { offline: true, made_at: minutesAgo(-2) }))).status).toBe(200);
    const future = await sell(sale(batch.batch_number, 1, { offline: true, made_at: minutesAgo(-30) }));
    expect(future.status).toBe(422);
    expect(JSON.stringify(future.body)).toContain('dated in the future');
    const old = await sell(sale(batch.batch_number, 1, { offline: true, made_at: minutesAgo(8 * 24 * 60) }));
    expect(old.status).toBe(422);
    expect(JSON.stringify(old.body)).toContain('older than 7 days');
    // Nothing of the refused sales was kept.
    expect(Number((await batchState(t, batch.id)).balance)).toBe(9);
  });

  it('refuses an offline sale without its time, a time that is not one, and a time on an online sale', async () => {
    const batch = await newBatch(10);
    for (const extra of [{ offline: true }, { offline: true, made_at: 'yesterday' }, { made_at: minutesAgo(1) }]) {
      const res = await sell(sale(batch.batch_number, 1, extra));
      expect(res.status).toBe(422);
      expect(JSON.stringify(res.body)).toContain('made_at');
    }
  });
});

describe('replays and shortfalls', () => {
  it('returns the first sale when the same offline sale is sent again', async () => {
    const batch = await newBatch(10);
    const body = sale(batch.batch_number, 3, { offline: true, made_at: minutesAgo(10) });
    const first = await sell(body);
    const again = await sell(body);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ id: first.body.data.id, replayed: true });
    expect(Number((await batchState(t, batch.id)).balance)).toBe(7);
  });

  it('records an offline sale a batch cannot cover, takes what is left and one discrepancy for the rest', async () => {
    const batch = await newBatch(5);
    // Meanwhile an online sale took most of the batch.
    expect((await sell(sale(batch.batch_number, 3))).status).toBe(200);
    const res = await sell(sale(batch.batch_number, 4, { offline: true, made_at: minutesAgo(30) }));
    expect(res.status).toBe(200);
    const state = await batchState(t, batch.id);
    expect(Number(state.balance)).toBe(0);
    expect(Number(state.quantity_sold)).toBe(5);
    const found = await discrepanciesOf(res.body.data.id);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ product_id: batch.product_id, batch_id: batch.id });
    expect(Number(found[0]?.quantity)).toBe(2);
    // The sale itself is the customer's: all four were sold.
    const shown = await t.call('GET', `/api/saleshow/${res.body.data.id}`, { token: admin });
    expect(Number(shown.body.data.items[0].quantity)).toBe(4);
    // The replay adds neither stock movement nor a second discrepancy.
    const body = sale(batch.batch_number, 1, { offline: true, made_at: minutesAgo(5) });
    const short = await sell(body);
    await sell(body);
    expect(await discrepanciesOf(short.body.data.id)).toHaveLength(1);
    expect(Number((await batchState(t, batch.id)).balance)).toBe(0);
  });

  it('still refuses an online sale the batch cannot cover with 409, writing nothing', async () => {
    const batch = await newBatch(2);
    const res = await sell(sale(batch.batch_number, 3));
    expect(res.status).toBe(409);
    expect(Number((await batchState(t, batch.id)).balance)).toBe(2);
    const count = await t.db
      .selectFrom('stock_discrepancies')
      .where('batch_id', '=', batch.id)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});

describe('bounds of an offline sale', () => {
  const saleOf = async (key: string) =>
    t.db.selectFrom('sales').select('id').where('idempotency_key', '=', key).executeTakeFirst();

  it('refuses a quantity past the line ceiling and past what the batch held at made_at, writing nothing', async () => {
    const batch = await newBatch(10);
    const huge = sale(batch.batch_number, 99_999_999_999.999, { offline: true, made_at: minutesAgo(10) });
    const ceiling = await sell(huge);
    expect(ceiling.status).toBe(422);
    expect(ceiling.body.errors).toEqual({ 'items.0.quantity': ['At most 1,000,000 per line.'] });
    const tooMany = sale(batch.batch_number, 11, { offline: true, made_at: minutesAgo(10) });
    const refused = await sell(tooMany);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(`Batch ${batch.batch_number}`);
    expect(refused.body.message).toContain('held only 10 when this offline sale was made');
    expect(refused.body).toMatchObject({ batch_number: batch.batch_number, available: 10 });
    for (const key of [huge.idempotencyKey, tooMany.idempotencyKey]) expect(await saleOf(key)).toBeUndefined();
    expect(await batchState(t, batch.id)).toMatchObject({ balance: 10, quantity_sold: 0 });
  });

  it('counts what left the batch after made_at (sales, less their shortfalls, and write-offs), not before', async () => {
    const batch = await newBatch(10);
    const madeAt = minutesAgo(30);
    // After the offline sale was made: 4 sold online and 2 written off; the batch held 10 then, 4 now.
    expect((await sell(sale(batch.batch_number, 4))).status).toBe(200);
    const writeOff = await t.call('POST', '/api/stockadjustmentstore', {
      token: admin,
      body: {
        batch_id: batch.id,
        reason: 'DAMAGE',
        quantity: 2,
        adjustment_date: new Date().toISOString().slice(0, 10),
        note: 'Bags torn',
      },
    });
    expect(writeOff.status, JSON.stringify(writeOff.body)).toBe(200);
    const eleven = await sell(sale(batch.batch_number, 11, { offline: true, made_at: madeAt }));
    expect(eleven.status).toBe(409);
    expect(eleven.body.available).toBe(10);
    const ten = await sell(sale(batch.batch_number, 10, { offline: true, made_at: madeAt }));
    expect(ten.status).toBe(200);
    expect(Number((await discrepanciesOf(ten.body.data.id))[0]?.quantity)).toBe(6);
    // Made before it, another offline sale finds the offline sale of 10 gave only 4: the batch held 4 + 4 + 2 = 10.
    const earlier = minutesAgo(40);
    expect((await sell(sale(batch.batch_number, 11, { offline: true, made_at: earlier }))).body.available).toBe(10);
    // Made after all of it, the batch held nothing.
    const later = await sell(sale(batch.batch_number, 1, { offline: true, made_at: new Date().toISOString() }));
    expect(later.status).toBe(409);
    expect(later.body.available).toBe(0);
  });

  it('refuses a sale dated before the local copy it was sold from (422); a till without copy_at is accepted', async () => {
    const batch = await newBatch(10);
    const copyAt = minutesAgo(20);
    const before = sale(batch.batch_number, 1, { offline: true, made_at: minutesAgo(21), copy_at: copyAt });
    const refused = await sell(before);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      made_at: ['The sale is dated before the local copy it was sold from (copy_at). Check the till’s date and time.'],
    });
    expect(await saleOf(before.idempotencyKey)).toBeUndefined();
    const online = await sell(sale(batch.batch_number, 1, { copy_at: copyAt }));
    expect(online.body.errors).toEqual({ copy_at: ['Only an offline sale carries the time of its copy.'] });
    const notATime = await sell(sale(batch.batch_number, 1, { offline: true, made_at: copyAt, copy_at: 'noon' }));
    expect(Object.keys(notATime.body.errors)).toEqual(['copy_at']);
    for (const extra of [{ copy_at: copyAt }, { copy_at: minutesAgo(25) }, {}]) {
      const res = await sell(sale(batch.batch_number, 1, { offline: true, made_at: copyAt, ...extra }));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect(Number((await batchState(t, batch.id)).balance)).toBe(7);
  });
});

describe('prices and VAT at made_at', () => {
  const receipt = async (id: number) => (await t.call('GET', `/api/saleshow/${id}`, { token: admin })).body.data;
  const received = { quantity: 10, unit_price: 6_000, min_stock_level: 2, stock_date: '2026-11-20' };
  const reprice = async (batchId: number, catalogue: Catalogue, sale_price: number) => {
    const res = await t.call('PUT', `/api/stockupdate/${batchId}`, {
      token: admin,
      body: { ...catalogue, ...received, sale_price, environment: 'PRODUCTION' },
    });
    expect(res.status).toBe(200);
  };
  // The till's clock when the sale is made, a moment before the change that follows it.
  const madeNow = async () => {
    const at = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    return at;
  };

  it('charges the price in force when the sale was made, on the receipt, the sales list and the daily report', async () => {
    const catalogue = await makeCatalogue(t, admin);
    const batch = await receiveBatch(t, admin, catalogue, { ...received, sale_price: 10_000 });
    const madeAt = await madeNow();
    await reprice(batch.id, catalogue, 12_000);
    const offline = await sell(sale(batch.batch_number, 2, { offline: true, made_at: madeAt }));
    expect(offline.status).toBe(200);
    const shown = await receipt(offline.body.data.id);
    expect(shown).toMatchObject({ subtotal: 20_000, total_amount: 20_000 });
    expect(shown.items[0]).toMatchObject({ unit_price: 10_000, total_price: 20_000 });
    const listed = await t.call('GET', `/api/saleslist?search=${shown.sale_number}`, { token: admin });
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({ total_amount: 20_000 });
    const daily = await wholeReport(t, admin, 'reportdailysaleslist');
    const line = daily.data.data.find((r: { batch_number: string }) => r.batch_number === batch.batch_number);
    expect(line).toMatchObject({ unit_price: 10_000, total_amount: 20_000 });
    // Sold now, online or offline, the same batch is the new price.
    const online = await sell(sale(batch.batch_number, 1));
    expect((await receipt(online.body.data.id)).total_amount).toBe(12_000);
    const later = await sell(sale(batch.batch_number, 1, { offline: true, made_at: new Date().toISOString() }));
    expect((await receipt(later.body.data.id)).total_amount).toBe(12_000);
  });

  it('follows several changes, and a batch loaded without history keeps its price until its first change', async () => {
    const catalogue = await makeCatalogue(t, admin);
    const batch = await receiveBatch(t, admin, catalogue, { ...received, sale_price: 10_000 });
    // As the demo seed loads batches: straight into the table, no price on record.
    await t.db.deleteFrom('batch_sale_prices').where('batch_id', '=', batch.id).execute();
    const first = await madeNow();
    await reprice(batch.id, catalogue, 11_000);
    const second = await madeNow();
    await reprice(batch.id, catalogue, 13_000);
    const history = await t.db
      .selectFrom('batch_sale_prices')
      .select('sale_price')
      .where('batch_id', '=', batch.id)
      .orderBy('valid_from')
      .execute();
    expect(history.map((h) => h.sale_price)).toEqual([10_000, 11_000, 13_000]);
    for (const [madeAt, price] of [
      [first, 10_000],
      [second, 11_000],
    ] as const) {
      const res = await sell(sale(batch.batch_number, 1, { offline: true, made_at: madeAt }));
      expect((await receipt(res.body.data.id)).total_amount).toBe(price);
    }
  });

  it('lets a batch never sold be purged from the trash with its price history', async () => {
    const catalogue = await makeCatalogue(t, admin);
    const batch = await receiveBatch(t, admin, catalogue, { ...received, sale_price: 10_000 });
    await reprice(batch.id, catalogue, 11_000);
    expect((await t.call('DELETE', `/api/stockdelete/${batch.id}`, { token: admin })).status).toBe(200);
    expect((await t.call('DELETE', `/api/trashdelete/stock/${batch.id}`, { token: admin })).status).toBe(200);
    const left = await t.db
      .selectFrom('batch_sale_prices')
      .select('batch_id')
      .where('batch_id', '=', batch.id)
      .execute();
    expect(left).toHaveLength(0);
  });

  it('keeps the VAT rate in force when the sale was made', async () => {
    const setVat = async (vat_registered: 'Yes' | 'No', vat_rate: number) => {
      const body = { ...KATO_HARDWARE, vat_registered, vat_rate };
      expect((await t.call('POST', '/api/businessinfosettingsstore', { token: admin, body })).status).toBe(200);
    };
    const batch = await receiveBatch(t, admin, await makeCatalogue(t, admin), { ...received, sale_price: 11_800 });
    await setVat('Yes', 18);
    const madeAt = await madeNow();
    await setVat('No', 18);
    const offline = await sell(sale(batch.batch_number, 1, { offline: true, made_at: madeAt }));
    expect(await receipt(offline.body.data.id)).toMatchObject({ vat_rate: 18, vat_amount: 1_800 });
    const online = await sell(sale(batch.batch_number, 1));
    expect(await receipt(online.body.data.id)).toMatchObject({ vat_rate: 0, vat_amount: 0 });
    // Before the first change on record, the rate the shop started with: not registered.
    const before = await sell(sale(batch.batch_number, 1, { offline: true, made_at: minutesAgo(60) }));
    expect(await receipt(before.body.data.id)).toMatchObject({ vat_rate: 0, vat_amount: 0 });
  });
});

describe('POST /api/salesofflinediscard', () => {
  const discard = (body: unknown) => t.call('POST', '/api/salesofflinediscard', { token: cashier, body });
  const refused = () => ({
    idempotencyKey: randomUUID(),
    made_at: minutesAgo(8 * 24 * 60),
    total_amount: 40_000,
    reason: 'An offline sale older than 7 days cannot be recorded. Enter it by hand.',
  });

  it('notes the discarded sale in the activity log under the cashier, recording no sale', async () => {
    const body = refused();
    const since = await lastAuditId(t);
    const res = await discard(body);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('The sale was discarded; the activity log keeps a note of it.');
    const rows = await auditSince(t, since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'Sales', activity: 'Discard offline sale' });
    expect(rows[0]?.details).toContain(body.idempotencyKey);
    expect(rows[0]?.details).toContain('total 40000 UGX');
    expect(rows[0]?.details).toContain('older than 7 days');
    const cashierId = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_CASHIER.email)
      .executeTakeFirstOrThrow();
    expect(rows[0]?.user_id).toBe(cashierId.id);
    const sales = await t.db
      .selectFrom('sales')
      .select('id')
      .where('idempotency_key', '=', body.idempotencyKey)
      .execute();
    expect(sales).toHaveLength(0);
  });

  it('refuses to discard a sale the server recorded (409) and a body without its facts (422), noting nothing', async () => {
    const batch = await newBatch(5);
    const recorded = sale(batch.batch_number, 1, { offline: true, made_at: minutesAgo(5) });
    expect((await sell(recorded)).status).toBe(200);
    const since = await lastAuditId(t);
    const again = await discard({ ...refused(), idempotencyKey: recorded.idempotencyKey });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This sale was recorded by the server: there is nothing to discard.');
    const bad = await discard({ idempotencyKey: 'x', made_at: 'last week', total_amount: -1, reason: ' ' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['idempotencyKey', 'made_at', 'reason', 'total_amount']);
    expect(await auditSince(t, since)).toHaveLength(0);
  });
});
