import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DENIED,
  expectInvalid,
  lastAuditOf,
  UNAUTHENTICATED,
  withCashierKeys,
} from '../../../test/catalogue-fixtures.ts';
import { postSale, type SalePayment } from '../../../test/report-fixtures.ts';
import type { Batch } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { tillShop } from '../../../test/till-fixtures.ts';
import { addDays, shopDay } from '../../platform/period.ts';

// The cash-up beyond the first count of a day: the days it may be for, a second shift the same day, what a saved
// cash-up counted, and a manager's recount kept beside the first count.
let t: TestApp;
let admin: string;
let cashier: string;
let cement: Batch;
let nails: Batch;
let today: string;

beforeAll(async () => {
  ({ t, admin, cashier, cement, nails } = await tillShop());
  today = shopDay('Africa/Kampala');
});
afterAll(() => t.close());

const cash = (amount: number) => ({ payments: [{ method: 'CASH', amount }] });
const dayOf = (token: string, date: string) => t.call('GET', `/api/salescashup?date=${date}`, { token });
const save = (date: string, counted_cash: number, opening_float = 0) =>
  t.call('POST', '/api/salescashupstore', { token: cashier, body: { date, opening_float, counted_cash } });
const cashUpCount = async () =>
  Number((await t.db.selectFrom('cash_ups').select(t.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('the days a cash-up may be for', () => {
  it('refuses a day to come, and a day before the shop’s first sale, with a clear 422; nothing is saved', async () => {
    // No sale yet: today only.
    expectInvalid(await dayOf(cashier, addDays(today, -1)), {
      date: ['The shop has made no sale yet: only today can be cashed up.'],
    });
    expect((await dayOf(cashier, today)).status).toBe(200);

    // The shop's first sale, five days ago.
    const first = await postSale(t, cashier, [[nails, 1]], cash(7_500));
    const fiveDaysBack = addDays(today, -5);
    await sql`UPDATE sales SET created_at = ${`${fiveDaysBack}T09:00:00+03:00`}::timestamptz WHERE id = ${first.id}`.execute(
      t.db,
    );
    const earlier = `The shop's first sale was on ${fiveDaysBack}: a cash-up cannot be for an earlier day.`;
    expectInvalid(await save('2020-01-01', 0), { date: [earlier] });
    expectInvalid(await dayOf(cashier, addDays(today, -6)), { date: [earlier] });
    expectInvalid(await save(addDays(today, 1), 0), { date: ['A cash-up cannot be for a day still to come.'] });
    expect(await cashUpCount()).toBe(0);

    // The first sale's day and any day after it are open.
    const open = await dayOf(cashier, fiveDaysBack);
    expect(open.status).toBe(200);
    expect(open.body.data).toMatchObject({ sales_count: 1, cash_taken: 7_500 });
    const saved = await save(fiveDaysBack, 7_500);
    expect(saved.status).toBe(200);
    expect(saved.body.data.difference).toBe(0);
  });
});

describe('a second cash-up the same day', () => {
  it('counts the sales made after the first cash-up of the day in a second one, each sale in one cash-up', async () => {
    const morning = await postSale(t, cashier, [[cement, 1]], cash(35_000));
    const first = await save(today, 35_000);
    expect(first.status).toBe(200);
    const afternoon = await postSale(t, cashier, [[nails, 2]], cash(20_000));

    const day = (await dayOf(cashier, today)).body.data;
    const [firstRecord] = day.cash_ups;
    expect(day).toMatchObject({
      can_save: true,
      sales_count: 1,
      cash_taken: 20_000,
      change_given: 5_000,
      expected_cash: 15_000,
      opened_at: firstRecord.closed_at,
    });
    expect(day.cash_ups).toMatchObject([{ id: first.body.data.id, counted_cash: 35_000, sales_count: 1 }]);

    const second = await save(today, 15_000);
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ expected_cash: 15_000, difference: 0 });
    const counted = await t.db
      .selectFrom('cash_up_sales')
      .select(['sale_id', 'cash_up_id'])
      .where('sale_id', 'in', [morning.id, afternoon.id])
      .orderBy('sale_id')
      .execute();
    expect(counted).toEqual([
      { sale_id: morning.id, cash_up_id: first.body.data.id },
      { sale_id: afternoon.id, cash_up_id: second.body.data.id },
    ]);

    // A third with nothing new (a second click on Save) is refused, and the day says so.
    const again = await save(today, 0);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      `The cash-up of Grace Namutebi for ${today} is already saved, and nothing was sold, returned, paid on account or paid out to a supplier since: there is nothing more to count.`,
    );
    const after = (await dayOf(cashier, today)).body.data;
    expect(after).toMatchObject({ can_save: false, sales_count: 0, cash_taken: 0 });
    expect(after.cash_ups.map((c: { id: number }) => c.id)).toEqual([first.body.data.id, second.body.data.id]);
  });

  it('refuses a save whose expected cash moved since it was shown, so the difference saved is the one confirmed', async () => {
    await postSale(t, cashier, [[nails, 1]], cash(7_500));
    const shown = (await dayOf(cashier, today)).body.data.expected_cash;
    await postSale(t, cashier, [[nails, 1]], cash(7_500)); // committed while the drawer was counted
    const before = await cashUpCount();
    const stale = await t.call('POST', '/api/salescashupstore', {
      token: cashier,
      body: { date: today, opening_float: 0, counted_cash: shown, expected_cash: shown },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      `The expected cash is now ${(shown + 7_500).toLocaleString('en-US')} UGX, not ${shown.toLocaleString('en-US')}: a sale, a return, a payment on account or the float changed while you counted. Check the count and save again.`,
    );
    expect(await cashUpCount()).toBe(before);
    const fresh = await t.call('POST', '/api/salescashupstore', {
      token: cashier,
      body: { date: today, opening_float: 0, counted_cash: shown + 7_500, expected_cash: shown + 7_500 },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.difference).toBe(0);
  });

  it('counts a late comer to the first shift (an offline sale dated before its cut-off) in the second', async () => {
    await postSale(t, cashier, [[nails, 1]], cash(7_500));
    const first = await save(today, 7_500);
    expect(first.status).toBe(200);
    // Sent from an offline till a minute after it was made, once the first cash-up is saved.
    const offline = { offline: true, made_at: new Date(Date.now() - 60_000).toISOString() };
    const late = await postSale(t, cashier, [[nails, 1]], { ...cash(10_000), ...offline } as SalePayment);
    expect((await dayOf(cashier, today)).body.data).toMatchObject({
      can_save: true,
      sales_count: 1,
      change_given: 2_500,
    });
    const second = await save(today, 7_500);
    expect(second.status).toBe(200);
    const counted = await t.db
      .selectFrom('cash_up_sales')
      .select('cash_up_id')
      .where('sale_id', '=', late.id)
      .execute();
    expect(counted).toEqual([{ cash_up_id: second.body.data.id }]);
  });
});

describe('what a saved cash-up counted', () => {
  it('shows the sales and returns it counted, on its own screen and in the list', async () => {
    const sale = await postSale(t, cashier, [[nails, 3]], cash(22_500));
    const line = (await t.call('GET', `/api/saleshow/${sale.id}`, { token: admin })).body.data.items[0];
    const back = await t.call('POST', `/api/salesreturnstore/${sale.id}`, {
      token: cashier,
      body: { items: [{ sale_item_id: line.id, quantity: 1 }], reason: 'One too many', refund_method: 'CASH' },
    });
    expect(back.status).toBe(200);
    const saved = await save(today, 15_000);
    expect(saved.status).toBe(200);
    const shown = await t.call('GET', `/api/salescashupshow/${saved.body.data.id}`, { token: cashier });
    expect(shown.body.data).toMatchObject({ sales_count: 1, returns_count: 1, count_label: 'First count' });
    const list = await t.call('GET', '/api/salescashuplist', { token: admin });
    expect(list.body.data.find((r: { id: number }) => r.id === saved.body.data.id)).toMatchObject({
      sales_count: 1,
      returns_count: 1,
      saved_by: 'Grace Namutebi',
    });
  });
});

describe('a recount', () => {
  it('needs salesCashUpRecount and a reason', async () => {
    const id = (await t.db.selectFrom('cash_ups').select('id').executeTakeFirstOrThrow()).id;
    const body = { counted_cash: 1_000, reason: 'Counted again' };
    expect(await t.call('POST', `/api/salescashuprecount/${id}`, { body })).toMatchObject({
      status: 401,
      body: UNAUTHENTICATED,
    });
    expect(await t.call('POST', `/api/salescashuprecount/${id}`, { token: cashier, body })).toMatchObject({
      status: 403,
      body: DENIED,
    });
    expectInvalid(
      await t.call('POST', `/api/salescashuprecount/${id}`, {
        token: admin,
        body: { counted_cash: 1_000, reason: ' ' },
      }),
      { reason: ['Give the reason for the recount.'] },
    );
    const unknown = await t.call('POST', '/api/salescashuprecount/999999', { token: admin, body });
    expect(unknown.status).toBe(404);
    const before = await cashUpCount();
    // The key alone lets the cashier's role record one.
    const allowed = await withCashierKeys(t, ['salesCashUpRecount'], () =>
      t.call('POST', `/api/salescashuprecount/${id}`, { token: cashier, body }),
    );
    expect(allowed.status).toBe(200);
    expect(await cashUpCount()).toBe(before + 1);
  });

  it('records a new count beside the first, audited, counting no sale again; the first stays as saved', async () => {
    // A shift saved with nothing counted: 0 against 79,550 expected (a float of 2,050 and 77,500 taken).
    await postSale(
      t,
      cashier,
      [
        [cement, 2],
        [nails, 1],
      ],
      cash(80_000),
    );
    const first = await save(today, 0, 2_050);
    expect(first.body.data).toMatchObject({ expected_cash: 79_550, difference: -79_550 });
    const firstId = first.body.data.id;

    const recount = await t.call('POST', `/api/salescashuprecount/${firstId}`, {
      token: admin,
      body: { counted_cash: 79_000, reason: 'The notes were in the safe' },
    });
    expect(recount.status).toBe(200);
    expect(recount.body.data).toMatchObject({ recount_of: firstId, expected_cash: 79_550, difference: -550 });
    const audit = await lastAuditOf(t, { activity: 'Cash-up recount' });
    expect(audit.details).toBe(
      `Recount No. ${recount.body.data.id} of cash-up No. ${firstId} (Grace Namutebi, ${today}): counted 79,000 (was 0), float 2,050, expected 79,550, difference -550 (was -79,550) UGX. Reason: The notes were in the safe`,
    );

    // A recount of the recount refers to the same first cash-up; here the float is corrected too.
    const again = await t.call('POST', `/api/salescashuprecount/${recount.body.data.id}`, {
      token: admin,
      body: { counted_cash: 79_000, opening_float: 1_500, reason: 'Checked by the owner' },
    });
    expect(again.body.data).toMatchObject({ recount_of: firstId, expected_cash: 79_000, difference: 0 });

    // The first stays as it was saved; its screen and each recount's list all three counts.
    const shown = (await t.call('GET', `/api/salescashupshow/${firstId}`, { token: cashier })).body.data;
    expect(shown).toMatchObject({ counted_cash: 0, difference: -79_550, recount_of: null, sales_count: 1 });
    expect(shown.counts).toMatchObject([
      { id: firstId, count_label: 'First count', reason: null },
      {
        id: recount.body.data.id,
        count_label: `Recount of No. ${firstId}`,
        reason: 'The notes were in the safe',
        counted_cash: 79_000,
        saved_by: 'Administrator',
        sales_count: 1,
      },
      { id: again.body.data.id, reason: 'Checked by the owner' },
    ]);
    const recountShown = (await t.call('GET', `/api/salescashupshow/${recount.body.data.id}`, { token: admin })).body
      .data;
    expect(recountShown).toMatchObject({ recount_of: firstId, reason: 'The notes were in the safe' });
    expect(recountShown.counts).toHaveLength(3);

    // No sale is counted again: the recounts count none, and the day has nothing new to count.
    const countedByRecounts = await t.db
      .selectFrom('cash_up_sales')
      .select('sale_id')
      .where('cash_up_id', 'in', [recount.body.data.id, again.body.data.id])
      .execute();
    expect(countedByRecounts).toEqual([]);
    expect((await dayOf(cashier, today)).body.data).toMatchObject({ can_save: false, sales_count: 0 });

    // The list shows every count; its total difference takes each cash-up's latest count only (here 0, not -80,100).
    const list = await t.call('GET', '/api/salescashuplist', { token: admin });
    const ids = list.body.data.map((r: { id: number }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([firstId, recount.body.data.id, again.body.data.id]));
    const rows = await t.db.selectFrom('cash_ups').select(['id', 'recount_of', 'difference']).execute();
    const firstOf = (r: (typeof rows)[number]) => r.recount_of ?? r.id;
    const inForce = rows.filter((r) => !rows.some((n) => firstOf(n) === firstOf(r) && n.id > r.id));
    const sum = (of: typeof rows) => of.reduce((n, r) => n + Number(r.difference), 0);
    expect(sum(rows) - sum(inForce)).toBe(-80_100);
    const csv = (await t.call('GET', '/api/salescashupcsv', { token: admin })).body as string;
    expect(csv.split('\n')[2]).toBe(`Total difference (UGX),${sum(inForce)}`);
  });
});
