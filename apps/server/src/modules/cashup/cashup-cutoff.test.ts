import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userIdOf } from '../../../test/catalogue-fixtures.ts';
import { signedInApp } from '../../../test/crud-contract.ts';
import { type Batch, makeCatalogue, receiveBatch } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { DEMO_CASHIER } from '../../db/seed/demo.ts';
import { addDays, shopDay, startOfShopDay } from '../../platform/period.ts';

// The cash-up's cut-off: a sale or return committing while a cash-up is saved lands on exactly one side,
// in the saved cash-up or in the next day's figures, never in neither and never in both.
let t: TestApp;
let admin: string;
let cashier: string;
let cashierId: number;
let cement: Batch;
let nails: Batch;
/** Dear enough that a sale of one may give back up to 2^29 shillings of change (at most its total). */
let generator: Batch;
const GENERATOR_PRICE = 600_000_000;
let today: string;

beforeAll(async () => {
  ({ t, admin, cashier } = await signedInApp());
  cashierId = await userIdOf(t, DEMO_CASHIER.email);
  cement = await receiveBatch(t, admin, await makeCatalogue(t, admin), { quantity: 500, sale_price: 35_000 });
  nails = await receiveBatch(t, admin, await makeCatalogue(t, admin, 'Nails'), { quantity: 500, sale_price: 7_500 });
  generator = await receiveBatch(t, admin, await makeCatalogue(t, admin, 'Generator'), {
    quantity: 100,
    unit_price: 500_000_000,
    sale_price: GENERATOR_PRICE,
  });
  today = shopDay('Africa/Kampala');
});
afterAll(() => t.close());
// Each test starts with a clean today: no cash-up, and the cashier's earlier sales and returns moved days back.
beforeEach(async () => {
  await t.db.deleteFrom('cash_ups').execute();
  await sql`UPDATE sales SET created_at = created_at - interval '3 days' WHERE created_by = ${cashierId}`.execute(t.db);
  await sql`UPDATE sale_returns SET created_at = created_at - interval '3 days' WHERE created_by = ${cashierId}`.execute(
    t.db,
  );
});

/**
 * A cash sale of one bag of cement paying `change` over its 35,000 (or of `nails` nails paid exactly, or of one
 * generator when `dear`).
 */
const sell = (change: number, extra: Record<string, unknown> = {}, nailCount = 0, dear = false) =>
  t.call('POST', '/api/salesstore', {
    token: cashier,
    body: {
      customerName: 'Okello Builders',
      customerPhone: '0772123456',
      items: [
        nailCount
          ? { batchNumber: nails.batch_number, quantity: nailCount }
          : { batchNumber: (dear ? generator : cement).batch_number, quantity: 1 },
      ],
      payments: [
        { method: 'CASH', amount: nailCount ? nailCount * 7_500 : (dear ? GENERATOR_PRICE : 35_000) + change },
      ],
      idempotencyKey: randomUUID(),
      ...extra,
    },
  });
const giveBack = async (saleId: number, quantity: number) => {
  const line = (await t.call('GET', `/api/saleshow/${saleId}`, { token: admin })).body.data.items[0];
  return t.call('POST', `/api/salesreturnstore/${saleId}`, {
    token: cashier,
    body: { items: [{ sale_item_id: line.id, quantity }], reason: 'Too many', refund_method: 'CASH' },
  });
};
const save = (date = today) =>
  t.call('POST', '/api/salescashupstore', { token: cashier, body: { date, opening_float: 0, counted_cash: 0 } });
/** A saved cash-up of `date`, read back: what it counted. */
async function saveDay(date: string): Promise<Figures & { id: number }> {
  const saved = await save(date);
  expect(saved.status).toBe(200);
  return (await t.call('GET', `/api/salescashupshow/${saved.body.data.id}`, { token: cashier })).body.data;
}
/** The instant `hours` into the shop day `daysBack` days before today. */
const dated = (daysBack: number, hours: number) =>
  new Date(startOfShopDay(addDays(today, -daysBack), 'Africa/Kampala').getTime() + hours * 3_600_000).toISOString();
/** An offline cash sale of one bag paying `change` over, made at `madeAt` and sent now. */
const sellOffline = async (change: number, madeAt: string) => {
  const res = await sell(change, { offline: true, made_at: madeAt });
  expect(res.status).toBe(200);
  return res.body.data.id as number;
};
interface Figures {
  cash_taken: number;
  change_given: number;
  cash_refunds: number;
  by_method: { method: string; sales_count: number; returns_count: number }[];
}
const cashOf = (f: Figures) => f.by_method.find((m) => m.method === 'CASH') as Figures['by_method'][number];
/** The saved cash-up made yesterday's, and today's window read: it starts at the saved cut-off. */
async function savedAndNext(id: number): Promise<[Figures, Figures]> {
  await sql`UPDATE cash_ups SET day = ${addDays(today, -1)}::date WHERE id = ${id}`.execute(t.db);
  const saved = (await t.call('GET', `/api/salescashupshow/${id}`, { token: cashier })).body.data;
  const next = (await t.call('GET', `/api/salescashup?date=${today}`, { token: cashier })).body.data;
  expect(next.saved).toBe(false);
  return [saved, next];
}
/** Requests waiting for the cashier's till lock (classid 1313, objid the cashier) in this test's database. */
const waitingLocks = async () => {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM pg_locks
    WHERE locktype = 'advisory' AND NOT granted AND classid = 1313 AND objid = ${cashierId}
      AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(t.db);
  return Number(rows[0]?.n);
};
async function untilWaiting(n: number) {
  for (let i = 0; i < 200 && (await waitingLocks()) < n; i++) await new Promise((r) => setTimeout(r, 25));
  expect(await waitingLocks()).toBe(n);
}

describe('the cash-up cut-off', () => {
  it('counts each of 30 sales and 5 returns racing a cash-up save exactly once, there or in the next', async () => {
    // Changes of 1, 2, 4 … 2^29 shillings: a sale counted twice or not at all cannot leave the sum at 2^30 − 1.
    // Refunds of 1, 2, 4, 8 and 16 nails likewise.
    const nailSales: number[] = [];
    for (let i = 0; i < 5; i++) nailSales.push((await sell(0, {}, 16)).body.data.id);
    const early = await Promise.all(Array.from({ length: 10 }, (_, i) => sell(2 ** i, {}, 0, true)));
    expect(early.every((r) => r.status === 200)).toBe(true);
    const racing = [
      ...Array.from({ length: 20 }, (_, i) => sell(2 ** (10 + i), {}, 0, true)),
      ...nailSales.map((id, i) => giveBack(id, 2 ** i)),
    ];
    const cashUp = save();
    const answers = await Promise.all(racing);
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    const saved = await cashUp;
    expect(saved.status).toBe(200);

    const [before, after] = await savedAndNext(saved.body.data.id);
    expect(cashOf(before).sales_count + cashOf(after).sales_count).toBe(35);
    expect(before.change_given + after.change_given).toBe(2 ** 30 - 1);
    expect(before.cash_taken + after.cash_taken).toBe(30 * GENERATOR_PRICE + 2 ** 30 - 1 + 5 * 16 * 7_500);
    expect(cashOf(before).returns_count + cashOf(after).returns_count).toBe(5);
    expect(before.cash_refunds + after.cash_refunds).toBe(31 * 7_500);
    // The ten sales and five nail sales that answered before the save began are in it.
    expect(cashOf(before).sales_count).toBeGreaterThanOrEqual(15);
  });

  it('puts a sale begun before the cut-off but committed after it in the next cash-up, not in neither', async () => {
    // A session of ours holds the cashier's till, so the save waits first, then a sale waits behind it; released,
    // the save takes its cut-off after the sale began, and the sale commits after the save.
    const holder = await t.db.connection().execute(async (conn) => {
      await sql`BEGIN`.execute(conn);
      await sql`SELECT pg_advisory_xact_lock(1313, ${cashierId})`.execute(conn);
      const cashUp = save();
      await untilWaiting(1);
      const sale = sell(777);
      await untilWaiting(2);
      await sql`COMMIT`.execute(conn);
      return { cashUp: await cashUp, sale: await sale };
    });
    expect(holder.cashUp.status).toBe(200);
    expect(holder.sale.status).toBe(200);
    const made = await t.db
      .selectFrom('sales')
      .select('created_at')
      .where('id', '=', holder.sale.body.data.id)
      .executeTakeFirstOrThrow();
    const [before, after] = await savedAndNext(holder.cashUp.body.data.id);
    // Dated before the cut-off, yet recorded after the save: it counts in the next one only.
    expect(made.created_at.getTime()).toBeLessThan(
      new Date((before as { closed_at: string } & Figures).closed_at).getTime(),
    );
    expect(cashOf(before).sales_count).toBe(0);
    expect(before.change_given).toBe(0);
    expect(cashOf(after).sales_count).toBe(1);
    expect(after.change_given).toBe(777);
  });

  it('puts an offline sale dated before a saved cut-off in the next cash-up', async () => {
    const saved = await save();
    expect(saved.status).toBe(200);
    const late = await sell(999, { offline: true, made_at: new Date(Date.now() - 60_000).toISOString() });
    expect(late.status).toBe(200);
    const [before, after] = await savedAndNext(saved.body.data.id);
    expect(before.change_given).toBe(0);
    expect(after.change_given).toBe(999);
  });

  it('counts offline sales that arrive after two saved cash-ups once, in the next cash-up', async () => {
    // The till was offline two days back and yesterday; the cashier cashed up both evenings from a phone.
    const twoDaysBack = await saveDay(addDays(today, -2));
    const yesterday = await saveDay(addDays(today, -1));
    expect([twoDaysBack.change_given, yesterday.change_given]).toEqual([0, 0]);
    // Today the till comes back and sends the sales of two days back.
    await sellOffline(100, dated(2, 10));
    await sellOffline(200, dated(2, 15));

    const next = (await t.call('GET', `/api/salescashup?date=${today}`, { token: cashier })).body.data;
    expect(next.change_given).toBe(300);
    const todays = await saveDay(today);
    expect(todays.change_given).toBe(300);
    expect(cashOf(todays).sales_count).toBe(2);
    // The days saved before stay as they were saved.
    for (const before of [twoDaysBack, yesterday]) {
      const again = (await t.call('GET', `/api/salescashupshow/${before.id}`, { token: cashier })).body.data;
      expect(again.change_given).toBe(0);
    }
  });

  it('leaves a sale of a past day not yet cashed up to that day, and counts it there only', async () => {
    const pastSale = await sellOffline(4_000, dated(2, 11));
    expect((await sell(50)).status).toBe(200);
    // Today's cash-up counts today's sale, not the one of a day still to cash up.
    expect((await saveDay(today)).change_given).toBe(50);
    const past = await saveDay(addDays(today, -2));
    expect(past.change_given).toBe(4_000);
    expect(cashOf(past).sales_count).toBe(1);
    // The day after it, cashed up later still, does not count it again.
    expect((await saveDay(addDays(today, -1))).change_given).toBe(0);
    const counted = await t.db
      .selectFrom('cash_up_sales')
      .select('cash_up_id')
      .where('sale_id', '=', pastSale)
      .execute();
    expect(counted).toEqual([{ cash_up_id: past.id }]);
  });

  it('counts every sale and return exactly once across cash-ups saved in any order, late comers included', async () => {
    // Changes of 1, 2, 4 … shillings: the cash-ups' change adds up to 2^n − 1 only if each sale is in exactly one.
    const ids: number[] = [];
    ids.push(await sellOffline(2 ** 0, dated(2, 9)));
    ids.push(await sellOffline(2 ** 1, dated(1, 9)));
    ids.push((await sell(2 ** 2)).body.data.id);
    const nailSale = (await sell(0, {}, 4)).body.data.id;
    ids.push(nailSale);
    expect((await giveBack(nailSale, 1)).status).toBe(200);
    const saved = [await saveDay(addDays(today, -1))];
    // A late comer to yesterday, a sale of a day not cashed up yet, a return.
    ids.push(await sellOffline(2 ** 3, dated(1, 13)));
    ids.push(await sellOffline(2 ** 4, dated(2, 13)));
    expect((await giveBack(nailSale, 2)).status).toBe(200);
    saved.push(await saveDay(addDays(today, -2)));
    // A late comer to the day just saved, then today's cash-up last.
    ids.push(await sellOffline(2 ** 5, dated(2, 14)));
    ids.push((await sell(2 ** 6)).body.data.id);
    saved.push(await saveDay(today));

    const sum = (pick: (f: Figures) => number) => saved.reduce((n, f) => n + pick(f), 0);
    expect(sum((f) => f.change_given)).toBe(2 ** 7 - 1);
    expect(sum((f) => f.cash_taken)).toBe(7 * 35_000 + 2 ** 7 - 1 + 4 * 7_500);
    expect(sum((f) => cashOf(f).sales_count)).toBe(ids.length);
    expect(sum((f) => cashOf(f).returns_count)).toBe(2);
    expect(sum((f) => f.cash_refunds)).toBe(3 * 7_500);
    const counted = await t.db.selectFrom('cash_up_sales').select('sale_id').where('sale_id', 'in', ids).execute();
    expect(counted.map((c) => c.sale_id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  });
});
