import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchState, makeCatalogue, receiveBatch } from '../../../test/stock-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { DEMO_CASHIER } from '../../db/seed/demo.ts';

// Sales made while the till was offline (issue 16): recorded at the till's time, replays return the first, and a
// short batch gives what it has with the rest recorded as a stock discrepancy. Online sales still get 409.
let t: TestApp;
let admin: string;
let cashier: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn();
  cashier = await t.signIn(DEMO_CASHIER.email, DEMO_CASHIER.password);
});
afterAll(() => t.close());

const sale = (batchNumber: string, quantity: number, extra: Record<string, unknown> = {}) => ({
  customerName: 'Anonymous',
  customerPhone: '0700000000',
  items: [{ batchNumber, quantity }],
  payments: [{ method: 'CASH', amount: 10_000_000 }],
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
