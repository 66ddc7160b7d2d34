import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DENIED, lastAudit, UNAUTHENTICATED, withCashierKeys } from '../../../test/catalogue-fixtures.ts';
import { pdfLines } from '../../../test/pdf-text.ts';
import { exportedRows, wholeReport } from '../../../test/report-fixtures.ts';
import type { Batch } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { tillShop } from '../../../test/till-fixtures.ts';
import { addDays, shopDay } from '../../platform/period.ts';

// The debt book's money: selling on account against the credit limit, payments settling the oldest sales first,
// advances, reversals, returns of sales still owed, the statement and its aging, the cash-up, and the invariant that
// every kept balance equals its recomputation, under concurrency too.
let t: TestApp;
let admin: string;
let cashier: string;
let cement: Batch;
let nails: Batch;
let today: string;
const ZONE = 'Africa/Kampala';

beforeAll(async () => {
  ({ t, admin, cashier, cement, nails } = await tillShop());
  today = shopDay(ZONE);
});
afterAll(() => t.close());

let phones = 0;
async function customer(name: string, credit_limit: number, payment_terms_days = 30) {
  phones += 1;
  const res = await t.call('POST', '/api/customerstore', {
    token: admin,
    body: { name, phone_number: `07019${String(phones).padStart(5, '0')}`, credit_limit, payment_terms_days },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; name: string; customer_number: string };
}

type Payment = { method: string; amount: number; reference?: string };
/** A sale of `lines` for the customer, paid by `payments` (ACCOUNT puts that part on the account). */
const sellTo = (
  customerId: number | undefined,
  lines: [Batch, number][],
  payments: Payment[],
  extra = {},
  token = admin,
) =>
  t.call('POST', '/api/salesstore', {
    token,
    body: {
      customerName: 'Okello Builders',
      customerPhone: '0772123456',
      items: lines.map(([batch, quantity]) => ({ batchNumber: batch.batch_number, quantity })),
      payments,
      customer_id: customerId,
      idempotencyKey: randomUUID(),
      ...extra,
    },
  });
async function creditSale(customerId: number, lines: [Batch, number][], payments: Payment[], token = admin) {
  const res = await sellTo(customerId, lines, payments, {}, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}
const pay = (body: object, token = admin) => t.call('POST', '/api/customerpaymentstore', { token, body });
async function payment(customerId: number, amount: number, extra: object = {}, token = admin) {
  const res = await pay({ customer_id: customerId, amount, method: 'CASH', ...extra }, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; payment_number: string; balance: number };
}
const reverse = (id: number, reason: string, token = admin) =>
  t.call('POST', `/api/customerpaymentreverse/${id}`, { token, body: { reason } });
const balanceOf = async (id: number) =>
  Number((await t.db.selectFrom('customers').select('balance').where('id', '=', id).executeTakeFirstOrThrow()).balance);
const dueOf = async (saleId: number) =>
  Number(
    (await t.db.selectFrom('sales').select('account_due').where('id', '=', saleId).executeTakeFirstOrThrow())
      .account_due,
  );
const statement = (id: number, query = '') => t.call('GET', `/api/customerstatement/${id}?${query}`, { token: admin });

/**
 * The invariant: each kept balance equals sales on account − payments (reversals are negative) − credited returns,
 * and equally what its sales still owe less its unapplied advances; never both an unpaid sale and an advance.
 */
async function expectBooksBalance() {
  const { rows } = await sql<{
    id: number;
    balance: string;
    from_history: string;
    from_open_items: string;
    owed: string;
    advance: string;
  }>`
    SELECT c.id, c.balance,
      coalesce((SELECT sum(on_account) FROM sales WHERE customer_id = c.id), 0)
        - coalesce((SELECT sum(amount) FROM customer_payments WHERE customer_id = c.id), 0)
        - coalesce((SELECT sum(r.credited_amount) FROM sale_returns r JOIN sales s ON s.id = r.sale_id
                    WHERE s.customer_id = c.id), 0) AS from_history,
      coalesce((SELECT sum(account_due) FROM sales WHERE customer_id = c.id), 0)
        - coalesce((SELECT sum(unapplied) FROM customer_payments WHERE customer_id = c.id), 0) AS from_open_items,
      coalesce((SELECT sum(account_due) FROM sales WHERE customer_id = c.id), 0) AS owed,
      coalesce((SELECT sum(unapplied) FROM customer_payments WHERE customer_id = c.id), 0) AS advance
    FROM customers c`.execute(t.db);
  for (const r of rows) {
    expect(Number(r.from_history), `customer ${r.id}`).toBe(Number(r.balance));
    expect(Number(r.from_open_items), `customer ${r.id}`).toBe(Number(r.balance));
    expect(Number(r.owed) === 0 || Number(r.advance) === 0, `customer ${r.id}`).toBe(true);
    const shown = await statement(r.id);
    expect(shown.body.data.closing_balance, `customer ${r.id}`).toBe(Number(r.balance));
    expect(shown.body.data.customer.balance).toBe(Number(r.balance));
  }
}

describe('selling on account', () => {
  it('refuses ACCOUNT without a customer, without the key, for an unknown customer, and past the limit', async () => {
    const mukasa = await customer('Mukasa Works', 100_000);
    const noCustomer = await sellTo(undefined, [[nails, 1]], [{ method: 'ACCOUNT', amount: 7_500 }]);
    expect(noCustomer.status).toBe(422);
    expect(noCustomer.body.errors).toEqual({ customer_id: ['Choose the customer whose account the sale goes on.'] });
    const unknown = await sellTo(999_999, [[nails, 1]], [{ method: 'ACCOUNT', amount: 7_500 }]);
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ customer_id: ['Unknown customer.'] });
    // The cashier sells at the POS, but may not put a sale on account without customerCreditSale.
    const noKey = await sellTo(mukasa.id, [[nails, 1]], [{ method: 'ACCOUNT', amount: 7_500 }], {}, cashier);
    expect(noKey.status).toBe(422);
    expect(noKey.body.errors).toEqual({ payments: ['You are not allowed to put a sale on account.'] });
    // 4 × 35,000 = 140,000 with 100,000 of credit: refused, naming what is available, and nothing is written.
    const sales = await t.db.selectFrom('sales').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const over = await sellTo(mukasa.id, [[cement, 4]], [{ method: 'ACCOUNT', amount: 140_000 }]);
    expect(over.status).toBe(422);
    expect(over.body.message).toBe(
      'Only UGX 100,000 of credit is available to Mukasa Works: this sale would put UGX 140,000 on account.',
    );
    expect(over.body.available).toBe(100_000);
    expect(await t.db.selectFrom('sales').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).toEqual(
      sales,
    );
    expect(await balanceOf(mukasa.id)).toBe(0);
  });

  it('takes a cash deposit and puts the rest on account, shown on the receipt with the balance after', async () => {
    const nsubuga = await customer('Nsubuga Contractors', 500_000);
    const id = await creditSale(
      nsubuga.id,
      [[cement, 4]],
      [
        { method: 'CASH', amount: 40_000 },
        { method: 'ACCOUNT', amount: 100_000 },
      ],
    );
    expect(await balanceOf(nsubuga.id)).toBe(100_000);
    const shown = await t.call('GET', `/api/saleshow/${id}`, { token: admin });
    expect(shown.body.data.payment_method).toBe('SPLIT');
    expect(shown.body.data.amount_tendered).toBe(40_000);
    expect(shown.body.data.account).toEqual({
      customer: {
        id: nsubuga.id,
        customer_number: nsubuga.customer_number,
        name: 'Nsubuga Contractors',
        phone_number: expect.any(String),
      },
      on_account: 100_000,
      account_due: 100_000,
      balance_after: 100_000,
    });
    expect((await lastAudit(t)).details).toContain(
      `UGX 100,000 on account of Nsubuga Contractors (${nsubuga.customer_number}), balance after UGX 100,000`,
    );
    // The available credit is now 400,000: a sale of exactly that much is taken.
    await creditSale(
      nsubuga.id,
      [
        [cement, 10],
        [nails, 6],
      ],
      [{ method: 'ACCOUNT', amount: 395_000 }],
    );
    const past = await sellTo(nsubuga.id, [[nails, 1]], [{ method: 'ACCOUNT', amount: 7_500 }]);
    expect(past.body.available).toBe(5_000);
    await expectBooksBalance();
  });

  it('lets a holder of the override key go past the limit with a reason, audited; others may not', async () => {
    const kato = await customer('Kato Hardware Site', 10_000);
    const refused = await withCashierKeys(t, ['customerCreditSale'], () =>
      sellTo(
        kato.id,
        [[cement, 1]],
        [{ method: 'ACCOUNT', amount: 35_000 }],
        { credit_override_reason: 'Known' },
        cashier,
      ),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      'Only UGX 10,000 of credit is available to Kato Hardware Site: this sale would put UGX 35,000 on account. Only a user allowed to exceed credit limits may go past it.',
    );
    expect(refused.body.available).toBe(10_000);
    expect(refused.body.errors).toEqual({
      credit_override_reason: ['You are not allowed to exceed a credit limit.'],
    });
    const res = await sellTo(kato.id, [[cement, 1]], [{ method: 'ACCOUNT', amount: 35_000 }], {
      credit_override_reason: 'Pays every Friday; manager agreed',
    });
    expect(res.status).toBe(200);
    expect((await lastAudit(t)).details).toContain(
      'credit limit exceeded (UGX 10,000 was available): Pays every Friday; manager agreed',
    );
    expect(await balanceOf(kato.id)).toBe(35_000);
    const list = await t.call('GET', `/api/customershow/${kato.id}`, { token: admin });
    expect(list.body.data).toMatchObject({ balance: 35_000, available_credit: 0, over_limit: true });
  });

  it('records a sale made offline past the limit (another till sold meanwhile), and flags the customer', async () => {
    const mbabazi = await customer('Mbabazi Works', 50_000);
    await creditSale(mbabazi.id, [[cement, 1]], [{ method: 'ACCOUNT', amount: 35_000 }]);
    // The offline till saw 50,000 available when it sold; the online sale above took 35,000 of it.
    const madeAt = new Date(Date.now() - 20 * 60_000).toISOString();
    const res = await sellTo(mbabazi.id, [[nails, 4]], [{ method: 'ACCOUNT', amount: 30_000 }], {
      offline: true,
      made_at: madeAt,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await balanceOf(mbabazi.id)).toBe(65_000);
    expect((await lastAudit(t)).details).toContain('over the credit limit (made offline, UGX 15,000 was available)');
    const shown = await t.call('GET', `/api/customershow/${mbabazi.id}`, { token: admin });
    expect(shown.body.data).toMatchObject({ over_limit: true, available_credit: 0 });
    await expectBooksBalance();
  });

  it('gives no change on a sale on account: the deposit and the account part add up to the total', async () => {
    const kato = await customer('Kato Masons', 500_000);
    const before = await lastAudit(t);
    // 4 bags of cement come to 140,000: 50,000 in cash leaves 90,000 to put on account, not 100,000 and 10,000 back.
    const over = await sellTo(
      kato.id,
      [[cement, 4]],
      [
        { method: 'CASH', amount: 50_000 },
        { method: 'ACCOUNT', amount: 100_000 },
      ],
    );
    expect(over.status).toBe(422);
    expect(over.body.message).toBe(
      'A sale on account gives no change: with UGX 50,000 paid now, put UGX 90,000 on account.',
    );
    const covered = await sellTo(
      kato.id,
      [[cement, 4]],
      [
        { method: 'CASH', amount: 150_000 },
        { method: 'ACCOUNT', amount: 1_000 },
      ],
    );
    expect(covered.status).toBe(422);
    expect(covered.body.message).toBe('UGX 150,000 paid now covers the total of UGX 140,000: put nothing on account.');
    expect(await balanceOf(kato.id)).toBe(0);
    expect(await lastAudit(t)).toEqual(before);
  });

  it('spends an advance first: a deposit before buying is used by the next sale on account', async () => {
    const lule = await customer('Lule Builders', 50_000);
    const deposit = await payment(lule.id, 60_000);
    expect(deposit.balance).toBe(-60_000);
    // 60,000 held + 50,000 limit: 105,000 on account is within the 110,000 available.
    const id = await creditSale(lule.id, [[cement, 3]], [{ method: 'ACCOUNT', amount: 105_000 }]);
    expect(await balanceOf(lule.id)).toBe(45_000);
    expect(await dueOf(id)).toBe(45_000);
    const shown = await t.call('GET', `/api/customerpaymentshow/${deposit.id}`, { token: admin });
    expect(shown.body.data).toMatchObject({ unapplied: 0, applied: [{ sale_id: id, amount: 60_000 }] });
    await expectBooksBalance();
  });
});

describe('payments and reversals', () => {
  it('answers 401, 403, 422 and 404 with clear messages', async () => {
    const c = await customer('Okot Traders', 0);
    for (const [method, path] of [
      ['POST', '/api/customerpaymentstore'],
      ['POST', '/api/customerpaymentreverse/1'],
      ['GET', '/api/customerpaymentshow/1'],
      ['GET', `/api/customerstatement/${c.id}`],
      ['GET', `/api/customerstatementpdf/${c.id}`],
    ] as const) {
      expect(await t.call(method, path), path).toMatchObject({ status: 401, body: UNAUTHENTICATED });
      expect(
        await t.call(method, path, { token: cashier, body: method === 'POST' ? {} : undefined }),
        path,
      ).toMatchObject({
        status: 403,
        body: DENIED,
      });
    }
    const bad = await pay({ customer_id: c.id, amount: 0, method: 'MOBILE_MONEY' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      amount: ['A payment must be more than 0.'],
      reference: ['Mobile Money needs the transaction id from the SMS.'],
    });
    const future = await pay({ customer_id: c.id, amount: 5_000, method: 'CASH', payment_date: addDays(today, 1) });
    expect(future.body.errors).toEqual({ payment_date: ['The payment date cannot be in the future.'] });
    const typo = await pay({ customer_id: c.id, amount: 5_000, method: 'CASH', payment_date: addDays(today, -366) });
    expect(typo.body.errors).toEqual({ payment_date: ['The payment date cannot be more than a year ago.'] });
    // The till's spellings of a method are taken, as at the till.
    const spelled = await pay({ customer_id: c.id, amount: 5_000, method: 'mobile money', reference: 'MP-SPELL' });
    expect(spelled.status, JSON.stringify(spelled.body)).toBe(200);
    expect(
      (await t.call('GET', `/api/customerpaymentshow/${spelled.body.data.id}`, { token: admin })).body.data.method,
    ).toBe('MOBILE_MONEY');
    expect((await pay({ customer_id: 999_999, amount: 5_000, method: 'CASH' })).body.errors).toEqual({
      customer_id: ['Unknown customer.'],
    });
    expect((await reverse(999_999, 'Typo')).status).toBe(404);
    expect((await reverse(1, '')).body.errors).toEqual({ reason: ['Say why the payment is reversed.'] });
    expect((await t.call('GET', '/api/customerpaymentshow/999999', { token: admin })).status).toBe(404);
    expect((await statement(999_999)).status).toBe(404);
    expect((await statement(c.id, 'startDate=2026-02-01&endDate=2026-01-01')).body.errors).toEqual({
      endDate: ['The end date cannot be before the start date.'],
    });
  });

  it('settles the oldest sales first, keeps the rest as an advance, and is reversed by a new record', async () => {
    const c = await customer('Wasswa & Sons', 1_000_000);
    const first = await creditSale(c.id, [[cement, 2]], [{ method: 'ACCOUNT', amount: 70_000 }]);
    const second = await creditSale(c.id, [[nails, 4]], [{ method: 'ACCOUNT', amount: 30_000 }]);
    const part = await payment(c.id, 80_000, { method: 'MOBILE_MONEY', reference: 'MP-991' });
    expect(part.payment_number).toMatch(/^CP\d{6}$/);
    expect(part.balance).toBe(20_000);
    expect([await dueOf(first), await dueOf(second)]).toEqual([0, 20_000]);
    expect(await lastAudit(t)).toMatchObject({
      type: 'Customer',
      activity: 'Payment',
      details: `Payment ${part.payment_number} of UGX 80,000 from Wasswa & Sons (${c.customer_number}) by MOBILE_MONEY ref MP-991, dated ${today}; now owes UGX 20,000`,
    });
    const more = await payment(c.id, 50_000);
    expect(more.balance).toBe(-30_000);
    expect(await dueOf(second)).toBe(0);

    // Reversing the first payment owes its 80,000 again (70,000 of the first sale, 10,000 of the second); the
    // advance of the second payment settles 30,000 of it, oldest sale first.
    const reversed = await reverse(part.id, 'Mobile money never arrived');
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body.data.balance).toBe(50_000);
    expect(await lastAudit(t)).toMatchObject({
      type: 'Customer',
      activity: 'Payment reversal',
      details: `Reversal ${reversed.body.data.payment_number} of payment ${part.payment_number} of UGX 80,000 from Wasswa & Sons (${c.customer_number}): Mobile money never arrived; now owes UGX 50,000`,
    });
    expect([await dueOf(first), await dueOf(second)]).toEqual([40_000, 10_000]);
    const shown = await t.call('GET', `/api/customerpaymentshow/${reversed.body.data.id}`, { token: admin });
    expect(shown.body.data).toMatchObject({
      amount: -80_000,
      reverses: { id: part.id, payment_number: part.payment_number },
      reason: 'Mobile money never arrived',
      // What it made owed again, as negative amounts.
      applied: [
        { sale_id: first, amount: -70_000 },
        { sale_id: second, amount: -10_000 },
      ],
    });
    // The reversed payment keeps what it had settled: its receipt is history.
    const original = await t.call('GET', `/api/customerpaymentshow/${part.id}`, { token: admin });
    expect(original.body.data).toMatchObject({
      reversed_by: { id: reversed.body.data.id },
      unapplied: 0,
      applied: [
        { sale_id: first, amount: 70_000 },
        { sale_id: second, amount: 10_000 },
      ],
    });
    const again = await reverse(part.id, 'Twice');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      `Payment ${part.payment_number} was already reversed by ${reversed.body.data.payment_number}.`,
    );
    expect((await reverse(reversed.body.data.id, 'Undo')).status).toBe(409);
    await expectBooksBalance();
  });
});

describe('returns of sales on account', () => {
  it('takes a return off what is still owed first, and refunds only the paid part', async () => {
    const c = await customer('Achieng Site', 1_000_000);
    // 3 cement = 105,000: 35,000 in cash, 70,000 on account.
    const id = await creditSale(
      c.id,
      [[cement, 3]],
      [
        { method: 'CASH', amount: 35_000 },
        { method: 'ACCOUNT', amount: 70_000 },
      ],
    );
    const lineId = (
      await t.db.selectFrom('sale_items').select('id').where('sale_id', '=', id).executeTakeFirstOrThrow()
    ).id;
    const give = (quantity: number) =>
      t.call('POST', `/api/salesreturnstore/${id}`, {
        token: admin,
        body: { items: [{ sale_item_id: lineId, quantity }], reason: 'Too much', refund_method: 'CASH' },
      });
    const one = await give(1);
    expect(one.body.data.credited_amount).toBe(35_000);
    expect(await balanceOf(c.id)).toBe(35_000);
    // 10,000 paid on the account meanwhile: 25,000 still owed, so of the next 70,000 back 45,000 is refunded.
    await payment(c.id, 10_000);
    const two = await give(2);
    expect(two.body.data.credited_amount).toBe(25_000);
    const ret = await t.call('GET', `/api/salesreturnshow/${two.body.data.id}`, { token: admin });
    expect(ret.body.data).toMatchObject({ refund_amount: 70_000, credited_amount: 25_000 });
    expect(await balanceOf(c.id)).toBe(0);
    await expectBooksBalance();
  });
});

describe('the statement', () => {
  it('has an opening balance, every kind of line with its running balance, and aging by payment terms', async () => {
    const c = await customer('Byaruhanga Estates', 2_000_000, 30);
    const dated = async (saleId: number, day: string) =>
      sql`UPDATE sales SET created_at = ${`${day}T09:00:00+03:00`}::timestamptz WHERE id = ${saleId}`.execute(t.db);
    const old = await creditSale(c.id, [[cement, 4]], [{ method: 'ACCOUNT', amount: 140_000 }]);
    await dated(old, addDays(today, -100));
    const mid = await creditSale(c.id, [[cement, 2]], [{ method: 'ACCOUNT', amount: 70_000 }]);
    await dated(mid, addDays(today, -70));
    const recent = await creditSale(c.id, [[nails, 4]], [{ method: 'ACCOUNT', amount: 30_000 }]);
    await dated(recent, addDays(today, -10));
    const paid = await payment(c.id, 100_000, { payment_date: addDays(today, -5) });
    const wrong = await payment(c.id, 20_000);
    expect((await reverse(wrong.id, 'Recorded twice')).status).toBe(200);
    const lineId = (
      await t.db.selectFrom('sale_items').select('id').where('sale_id', '=', recent).executeTakeFirstOrThrow()
    ).id;
    const back = await t.call('POST', `/api/salesreturnstore/${recent}`, {
      token: admin,
      body: { items: [{ sale_item_id: lineId, quantity: 1 }], reason: 'Bent', refund_method: 'CASH' },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);

    const all = (await statement(c.id)).body.data;
    expect(all.lines.map((l: { kind: string }) => l.kind)).toEqual([
      'SALE',
      'SALE',
      'SALE',
      'PAYMENT',
      'PAYMENT',
      'REVERSAL',
      'RETURN',
    ]);
    expect(
      all.lines.filter((l: { reversed: boolean }) => l.reversed).map((l: { reference: string }) => l.reference),
    ).toEqual([wrong.payment_number]);
    // 140,000 + 70,000 + 30,000 − 100,000 − 20,000 + 20,000 − 7,500 = 132,500.
    expect(all.closing_balance).toBe(132_500);
    expect(all.opening_balance).toBe(0);
    let running = 0;
    for (const line of all.lines) {
      running += line.debit - line.credit;
      expect(line.balance).toBe(running);
    }
    // The payment settled the oldest sale (140,000 → 40,000 left, 70 days overdue); the 70,000 sale is 40 days
    // overdue; the recent sale (less its return) is not yet due.
    expect(all.aging).toEqual({ current: 22_500, d1_30: 0, d31_60: 70_000, d61_90: 40_000, over_90: 0 });
    expect(all.last_payment).toEqual({ date: addDays(today, -5), amount: 100_000 });
    // Yesterday's statement is rebuilt from its lines: the payment had settled the oldest sale only.
    const yesterday = (await statement(c.id, `endDate=${addDays(today, -1)}`)).body.data;
    expect(yesterday.closing_balance).toBe(140_000);
    expect(yesterday.aging).toEqual({ current: 30_000, d1_30: 0, d31_60: 70_000, d61_90: 40_000, over_90: 0 });

    // From 60 days ago: the two old sales are the opening balance; the period has the rest.
    const period = (await statement(c.id, `startDate=${addDays(today, -60)}&endDate=${today}`)).body.data;
    expect(period.opening_balance).toBe(210_000);
    expect(period.lines).toHaveLength(5);
    expect(period.lines[0]).toMatchObject({ kind: 'SALE', debit: 30_000, balance: 240_000, sale_id: recent });
    expect(period.lines[1]).toMatchObject({ kind: 'PAYMENT', credit: 100_000, payment_id: paid.id });
    expect(period.closing_balance).toBe(132_500);

    const pdf = await t.download(`/api/customerstatementpdf/${c.id}`, admin);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = pdfLines(pdf.bytes).join('\n');
    expect(text).toContain('STATEMENT OF ACCOUNT');
    expect(text).toContain('Byaruhanga Estates');
    expect(text).toContain('132,500');
    await expectBooksBalance();
  });
});

describe('aging', () => {
  it('of a past period owes again what a reversed payment had settled, as the books do, and today is the report row', async () => {
    const c = await customer('Kyomuhendo Works', 2_000_000, 30);
    const dated = async (table: 'sales' | 'customer_payments', id: number, day: string) =>
      table === 'sales'
        ? sql`UPDATE sales SET created_at = ${`${day}T09:00:00+03:00`}::timestamptz WHERE id = ${id}`.execute(t.db)
        : sql`UPDATE customer_payments SET payment_date = ${day}::date WHERE id = ${id}`.execute(t.db);
    const old = await creditSale(c.id, [[cement, 4]], [{ method: 'ACCOUNT', amount: 140_000 }]);
    await dated('sales', old, addDays(today, -100));
    const later = await creditSale(c.id, [[cement, 2]], [{ method: 'ACCOUNT', amount: 70_000 }]);
    await dated('sales', later, addDays(today, -70));
    const bounced = await payment(c.id, 100_000, { payment_date: addDays(today, -50) });
    const reversal = await reverse(bounced.id, 'Cheque bounced');
    await dated('customer_payments', reversal.body.data.id, addDays(today, -40));
    await payment(c.id, 50_000, { payment_date: addDays(today, -30) });

    // 20 days ago: the reversal made the oldest sale owed in full again, and the last payment settled 50,000 of it:
    // 90,000 of it 50 days overdue, the later sale 20 days overdue.
    const past = (await statement(c.id, `endDate=${addDays(today, -20)}`)).body.data;
    expect(past.closing_balance).toBe(160_000);
    expect(past.aging).toEqual({ current: 0, d1_30: 70_000, d31_60: 90_000, d61_90: 0, over_90: 0 });
    // Today the same amounts are 70 and 40 days overdue, as the receivables report ages them.
    const now = (await statement(c.id)).body.data;
    expect(now.aging).toEqual({ current: 0, d1_30: 0, d31_60: 70_000, d61_90: 90_000, over_90: 0 });
    const row = ((await wholeReport(t, admin, 'reportreceivableslist')).data.data as Record<string, number>[]).find(
      (r) => r.customer_id === c.id,
    );
    expect(row).toMatchObject({ balance: now.closing_balance, ...now.aging });
    await expectBooksBalance();
  });
});

describe('the cash-up', () => {
  it("counts cash and mobile money taken for customers' accounts in the cashier's expected cash, once", async () => {
    const c = await customer('Ssemakula Plumbing', 300_000);
    await creditSale(c.id, [[cement, 2]], [{ method: 'ACCOUNT', amount: 70_000 }]);
    await withCashierKeys(t, ['customerPayment'], async () => {
      const before = (await t.call('GET', `/api/salescashup?date=${today}`, { token: cashier })).body.data;
      await payment(c.id, 30_000, {}, cashier);
      await payment(c.id, 20_000, { method: 'MOBILE_MONEY', reference: 'MP-CASHUP-1' }, cashier);
      const after = (await t.call('GET', `/api/salescashup?date=${today}`, { token: cashier })).body.data;
      expect(after.cash_taken - before.cash_taken).toBe(30_000);
      expect(after.expected_cash - before.expected_cash).toBe(30_000);
      expect(after.account_payments_count - before.account_payments_count).toBe(2);
      const method = (day: { by_method: { method: string; account_payments: number }[] }, m: string) =>
        day.by_method.find((x) => x.method === m)?.account_payments ?? 0;
      expect(method(after, 'MOBILE_MONEY') - method(before, 'MOBILE_MONEY')).toBe(20_000);
      const saved = await t.call('POST', '/api/salescashupstore', {
        token: cashier,
        body: { date: today, opening_float: 0, counted_cash: after.expected_cash },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const next = (await t.call('GET', `/api/salescashup?date=${today}`, { token: cashier })).body.data;
      expect(next.account_payments_count).toBe(0);
      expect(next.cash_taken).toBe(0);
    });
  });
});

describe('a customer in the trash who owes again', () => {
  const trash = async (id: number) =>
    expect((await t.call('DELETE', `/api/customerdelete/${id}`, { token: admin })).status).toBe(200);
  const isLive = async (id: number) =>
    (await t.call('GET', `/api/customershow/${id}`, { token: admin })).status === 200;
  const owingIds = async () => {
    const body = await wholeReport(t, admin, 'reportreceivableslist');
    return (body.data.data as { customer_id: number }[]).map((r) => r.customer_id);
  };
  const offlineSale = (id: number) =>
    sellTo(id, [[nails, 2]], [{ method: 'ACCOUNT', amount: 15_000 }], {
      offline: true,
      made_at: new Date(Date.now() - 30 * 60_000).toISOString(),
    });

  it('is brought back to the list by a sale made offline before the delete, or by a reversed payment', async () => {
    const sold = await customer('Tumusiime Roofing', 100_000);
    await trash(sold.id);
    expect(await isLive(sold.id)).toBe(false);
    expect((await offlineSale(sold.id)).status).toBe(200);
    expect((await lastAudit(t)).details).toContain('brought back from the trash, as they have a balance again');
    expect(await isLive(sold.id)).toBe(true);
    expect(await owingIds()).toContain(sold.id);

    const paid = await customer('Akello Glass', 100_000);
    await creditSale(paid.id, [[nails, 2]], [{ method: 'ACCOUNT', amount: 15_000 }]);
    const cleared = await payment(paid.id, 15_000);
    await trash(paid.id);
    expect((await reverse(cleared.id, 'Cheque bounced')).status).toBe(200);
    expect((await lastAudit(t)).details).toContain('now owes UGX 15,000; brought back from the trash');
    expect(await isLive(paid.id)).toBe(true);
    await expectBooksBalance();
  });

  it('whose phone another customer took stays in the trash, and the receivables report still counts them', async () => {
    const gone = await customer('Old Name Builders', 100_000);
    await trash(gone.id);
    const phone = (
      await t.db.selectFrom('customers').select('phone_number').where('id', '=', gone.id).executeTakeFirstOrThrow()
    ).phone_number;
    const heir = await t.call('POST', '/api/customerstore', {
      token: admin,
      body: { name: 'New Name Builders', phone_number: phone, credit_limit: 0, payment_terms_days: 30 },
    });
    expect(heir.status).toBe(200);
    expect((await offlineSale(gone.id)).status).toBe(200);
    expect(await isLive(gone.id)).toBe(false);
    expect(await balanceOf(gone.id)).toBe(15_000);
    expect(await owingIds()).toContain(gone.id);
  });
});

describe('returns of sales on account in the money reports', () => {
  it('take out of the drawer and the revenue by method only what was handed back', async () => {
    const c = await customer('Mugisha Tiling', 1_000_000);
    const cashUp = async () => (await t.call('GET', `/api/salescashup?date=${today}`, { token: admin })).body.data;
    const before = await cashUp();
    // 3 cement = 105,000: 35,000 in cash, 70,000 on account.
    const id = await creditSale(
      c.id,
      [[cement, 3]],
      [
        { method: 'CASH', amount: 35_000 },
        { method: 'ACCOUNT', amount: 70_000 },
      ],
    );
    const lineId = (
      await t.db.selectFrom('sale_items').select('id').where('sale_id', '=', id).executeTakeFirstOrThrow()
    ).id;
    const give = async (quantity: number) => {
      const res = await t.call('POST', `/api/salesreturnstore/${id}`, {
        token: admin,
        body: { items: [{ sale_item_id: lineId, quantity }], reason: 'Wrong colour', refund_method: 'CASH' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as { id: number; return_number: number; credited_amount: number };
    };
    // Two bags back: 70,000 all taken off the account, nothing handed back; the third: 35,000 in cash.
    const credited = await give(2);
    const refunded = await give(1);
    expect([credited.credited_amount, refunded.credited_amount]).toEqual([70_000, 0]);
    const after = await cashUp();
    expect(after.expected_cash - before.expected_cash).toBe(0);
    const { rows } = await sql<{ return_id: number; cash: string }>`
      SELECT return_id, cash FROM sale_money WHERE return_id IN (${credited.id}, ${refunded.id}) ORDER BY return_id`.execute(
      t.db,
    );
    expect(rows.map((r) => Number(r.cash))).toEqual([0, -35_000]);
    // The returns file says the same: the value, what came off the account and what was handed back.
    const file = await exportedRows(t, admin, `salesreturncsv?startDate=${today}&endDate=${today}`, 'csv');
    const header = file.rows.findIndex((r) => r[0] === 'Return Number');
    const columns = ['Returned Value', 'Credited to Account', 'Refunded'].map(
      (h) => file.rows[header]?.indexOf(h) ?? -1,
    );
    const figures = [credited, refunded].map((r) => {
      const row = file.rows.find((cells) => String(cells[0]) === String(r.return_number));
      return columns.map((i) => Number(row?.[i]));
    });
    expect(figures).toEqual([
      [70_000, 70_000, 0],
      [35_000, 0, 35_000],
    ]);
    expect(await balanceOf(c.id)).toBe(0);
    await expectBooksBalance();
  });
});

describe('concurrency', () => {
  it('never passes the limit under 50 concurrent credit sales and payments for one customer', async () => {
    const c = await customer('Concurrent Co', 150_000);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 5 === 4
          ? pay({ customer_id: c.id, amount: 10_000, method: 'CASH' })
          : sellTo(c.id, [[nails, 1]], [{ method: 'ACCOUNT', amount: 7_500 }]),
      ),
    );
    expect(results.every((r) => r.status === 200 || r.status === 422)).toBe(true);
    const sold = results.filter((r, i) => i % 5 !== 4 && r.status === 200).length;
    const refused = results.filter((r) => r.status === 422);
    for (const r of refused) expect(r.body.message).toMatch(/^Only UGX [\d,]+ of credit is available/);
    // 10 payments of 10,000 always land; of 40 sales of 7,500 (300,000) at most the limit and what was paid
    // (250,000) can go on account, so at least 7 are refused whatever the order.
    expect(results.filter((r, i) => i % 5 === 4 && r.status === 200)).toHaveLength(10);
    expect(refused.length).toBeGreaterThanOrEqual(7);
    const balance = await balanceOf(c.id);
    expect(balance).toBe(sold * 7_500 - 100_000);
    expect(balance).toBeLessThanOrEqual(150_000);
    // At every moment: no sale left the customer owing more than the limit.
    const highest = await t.db
      .selectFrom('sales')
      .select(sql<number>`max(customer_balance_after)`.as('max'))
      .where('customer_id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(Number(highest.max)).toBeLessThanOrEqual(150_000);
    await expectBooksBalance();
  });
});
