import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastAudit, userIdOf } from '../../../test/catalogue-fixtures.ts';
import { postSale } from '../../../test/report-fixtures.ts';
import type { Batch } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { tillShop } from '../../../test/till-fixtures.ts';
import { DEMO_CASHIER } from '../../db/seed/demo.ts';
import { addDays, shopDay } from '../../platform/period.ts';

// The cash-up: the arithmetic of a cashier's day, saving it once, the cut-off, and the refusals.
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

type Payment = { method: string; amount: number; reference?: string };
/** No payment to a customer's account was taken by the method. */
const NO_ACCOUNT_PAYMENTS = { account_payments_count: 0, account_payments: 0 };
const sell = async (token: string, lines: [Batch, number][], payments: Payment[]) =>
  (await postSale(t, token, lines, { payments })).id;
const dayOf = (token: string, query: string) => t.call('GET', `/api/salescashup?${query}`, { token });

describe('the cash-up of a day', () => {
  it('answers 401, 403 and 422 with clear messages', async () => {
    expect((await t.call('GET', `/api/salescashup?date=${today}`)).status).toBe(401);
    expect((await t.call('POST', '/api/salescashupstore', { body: {} })).status).toBe(401);
    const bad = await dayOf(cashier, 'date=23-11-2026');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ date: ['The date must be a date (YYYY-MM-DD).'] });
    const future = await dayOf(cashier, `date=${addDays(today, 1)}`);
    expect(future.status).toBe(422);
    expect(future.body.errors.date).toEqual(['A cash-up cannot be for a day still to come.']);
    const store = await t.call('POST', '/api/salescashupstore', {
      token: cashier,
      body: { date: today, opening_float: -5, counted_cash: 'lots' },
    });
    expect(store.status).toBe(422);
    expect(store.body.errors).toMatchObject({
      opening_float: ['The amount cannot be negative.'],
      counted_cash: ['Counted cash is required.'],
    });
    // Another cashier's day needs salesCashUpAll; the list needs salesCashUpList.
    const adminId = (
      await t.db.selectFrom('users').select('id').where('email', '=', 'admin@duka.test').executeTakeFirstOrThrow()
    ).id;
    expect((await dayOf(cashier, `date=${today}&user_id=${adminId}`)).status).toBe(403);
    expect((await t.call('GET', '/api/salescashuplist', { token: cashier })).status).toBe(403);
    expect((await dayOf(admin, `date=${today}&user_id=999999`)).body.errors).toEqual({ user_id: ['Unknown cashier.'] });
  });

  it('expects float + cash taken − change − cash refunds, with totals per method, and saves once', async () => {
    const changeSale = await sell(cashier, [[cement, 1]], [{ method: 'CASH', amount: 50_000 }]);
    await sell(cashier, [[nails, 2]], [{ method: 'MOBILE_MONEY', amount: 15_000, reference: 'MP-CU-1' }]);
    await sell(
      cashier,
      [[cement, 1]],
      [
        { method: 'CASH', amount: 20_000 },
        { method: 'MOBILE_MONEY', amount: 15_000, reference: 'MP-CU-2' },
      ],
    );
    await sell(admin, [[cement, 1]], [{ method: 'CASH', amount: 35_000 }]); // another cashier's drawer
    const line = (await t.call('GET', `/api/saleshow/${changeSale}`, { token: admin })).body.data.items[0];
    const back = await t.call('POST', `/api/salesreturnstore/${changeSale}`, {
      token: cashier,
      body: { items: [{ sale_item_id: line.id, quantity: 1 }], reason: 'Wrong bag', refund_method: 'CASH' },
    });
    expect(back.status).toBe(200);

    const res = await dayOf(cashier, `date=${today}&opening_float=100000`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      saved: false,
      sales_count: 3,
      returns_count: 1,
      opening_float: 100_000,
      cash_taken: 70_000,
      change_given: 15_000,
      cash_refunds: 35_000,
      expected_cash: 120_000,
      counted_cash: null,
    });
    expect(res.body.data.by_method).toEqual([
      {
        method: 'CASH',
        sales_count: 2,
        sales_amount: 55_000,
        returns_count: 1,
        refunds: 35_000,
        ...NO_ACCOUNT_PAYMENTS,
      },
      {
        method: 'MOBILE_MONEY',
        sales_count: 2,
        sales_amount: 30_000,
        returns_count: 0,
        refunds: 0,
        ...NO_ACCOUNT_PAYMENTS,
      },
      { method: 'BANK', sales_count: 0, sales_amount: 0, returns_count: 0, refunds: 0, ...NO_ACCOUNT_PAYMENTS },
      { method: 'CARD', sales_count: 0, sales_amount: 0, returns_count: 0, refunds: 0, ...NO_ACCOUNT_PAYMENTS },
    ]);
    // Without a float the expected cash is the drawer's takings alone.
    expect((await dayOf(cashier, `date=${today}`)).body.data.expected_cash).toBe(20_000);

    const saved = await t.call('POST', '/api/salescashupstore', {
      token: cashier,
      body: { date: today, opening_float: 100_000, counted_cash: 119_000, note: 'Short by a thousand' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ expected_cash: 120_000, difference: -1_000 });
    const audit = await t.db
      .selectFrom('audit_logs')
      .select('details')
      .where('activity', '=', 'Cash-up')
      .executeTakeFirstOrThrow();
    expect(audit.details).toContain('difference -1,000 UGX');

    const again = await t.call('POST', '/api/salescashupstore', {
      token: cashier,
      body: { date: today, opening_float: 0, counted_cash: 0 },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already saved/);

    // Read-only: a later sale leaves the saved cash-up as it was, and is the day's next to count.
    await sell(cashier, [[nails, 1]], [{ method: 'CASH', amount: 7_500 }]);
    const shown = (await dayOf(cashier, `date=${today}`)).body.data;
    expect(shown).toMatchObject({ saved: false, sales_count: 1, cash_taken: 7_500 });
    expect(shown.cash_ups).toMatchObject([{ id: saved.body.data.id, expected_cash: 120_000, counted_cash: 119_000 }]);
    const one = await t.call('GET', `/api/salescashupshow/${saved.body.data.id}`, { token: cashier });
    expect(one.body.data).toMatchObject({ difference: -1_000, note: 'Short by a thousand', day: today });

    // The next cash-up starts at the cut-off: as if this one had been yesterday's, today holds only the later sale.
    await sql`UPDATE cash_ups SET day = ${addDays(today, -1)}::date WHERE id = ${saved.body.data.id}`.execute(t.db);
    const next = (await dayOf(cashier, `date=${today}`)).body.data;
    expect(next).toMatchObject({
      saved: false,
      sales_count: 1,
      cash_taken: 7_500,
      cash_refunds: 0,
      expected_cash: 7_500,
    });

    const list = await t.call('GET', '/api/salescashuplist', { token: admin });
    expect(list.body).toMatchObject({ success: true, total: 1, data: [{ counted_cash: 119_000, difference: -1_000 }] });
  });

  it('saves another cashier’s day for a holder of salesCashUpAll, audited as theirs; refuses it to anyone else', async () => {
    const day = addDays(today, -3);
    const cashierId = await userIdOf(t, DEMO_CASHIER.email);
    const adminId = await userIdOf(t);
    const forOther = { date: day, user_id: adminId, opening_float: 0, counted_cash: 0 };
    const refused = await t.call('POST', '/api/salescashupstore', { token: cashier, body: forOther });
    expect(refused.status).toBe(403);
    expect(await t.db.selectFrom('cash_ups').where('user_id', '=', adminId).select('id').execute()).toEqual([]);

    // The screen's picker: whose day may be counted, for the holder of salesCashUpAll only.
    expect((await t.call('GET', '/api/salescashupcashiers', { token: cashier })).status).toBe(403);
    const picker = await t.call('GET', '/api/salescashupcashiers', { token: admin });
    expect(picker.body.data).toEqual(expect.arrayContaining([{ id: cashierId, name: 'Grace Namutebi' }]));

    await sell(cashier, [[nails, 1]], [{ method: 'CASH', amount: 10_000 }]);
    const sale = await t.db.selectFrom('sales').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    await sql`UPDATE sales SET created_at = ${`${day}T09:00:00Z`}::timestamptz WHERE id = ${sale.id}`.execute(t.db);
    const shown = await dayOf(admin, `date=${day}&user_id=${cashierId}&opening_float=5000`);
    expect(shown.body.data).toMatchObject({ cashier: { id: cashierId }, sales_count: 1, expected_cash: 12_500 });
    const saved = await t.call('POST', '/api/salescashupstore', {
      token: admin,
      body: { date: day, user_id: cashierId, opening_float: 5_000, counted_cash: 12_500 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ expected_cash: 12_500, difference: 0 });
    const record = await t.db
      .selectFrom('cash_ups')
      .selectAll()
      .where('id', '=', saved.body.data.id)
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({ user_id: cashierId, created_by: adminId, cash_taken: 10_000, change_given: 2_500 });
    const audit = await lastAudit(t);
    expect(audit).toMatchObject({ activity: 'Cash-up', user_id: adminId });
    expect(audit.details).toContain(`Cash-up No. ${saved.body.data.id} of Grace Namutebi for ${day}`);
    // The cashier sees it as their own saved day.
    expect((await dayOf(cashier, `date=${day}`)).body.data.cash_ups).toMatchObject([{ id: saved.body.data.id }]);
  });
});
