import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInApp } from '../../../test/crud-contract.ts';
import { type Batch, makeCatalogue, receiveBatch } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';

// Paying at the till: payments against the server's total, change, references, receipt numbers.
let t: TestApp;
let admin: string;
let cashier: string;
let batch: Batch;

beforeAll(async () => {
  ({ t, admin, cashier } = await signedInApp());
  batch = await receiveBatch(t, admin, await makeCatalogue(t, admin), {
    quantity: 1000,
    unit_price: 30_000,
    sale_price: 35_000,
  });
});
afterAll(() => t.close());

const sale = (quantity: number, extra: Record<string, unknown>) => ({
  customerName: 'Anonymous',
  customerPhone: '0700000000',
  items: [{ batchNumber: batch.batch_number, quantity }],
  discount: 0,
  idempotencyKey: randomUUID(),
  ...extra,
});
const sell = (body: unknown) => t.call('POST', '/api/salesstore', { token: cashier, body });
/** A sale of `quantity` of the batch paid with `payments`. */
const pay = (quantity: number, payments: { method: string; amount: number; reference?: string }[]) =>
  sell(sale(quantity, { payments }));
const show = async (id: number) => (await t.call('GET', `/api/saleshow/${id}`, { token: admin })).body.data;
const saleCount = async () =>
  (
    await t.db
      .selectFrom('sales')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

describe('payments on POST /api/salesstore', () => {
  it('takes cash over the total and records the change', async () => {
    const res = await pay(2, [{ method: 'CASH', amount: 100_000 }]);
    expect(res.status).toBe(200);
    const s = await show(res.body.data.id);
    expect(s).toMatchObject({
      total_amount: 70_000,
      payment_method: 'CASH',
      change_given: 30_000,
      amount_tendered: 100_000,
      payments: [{ method: 'CASH', amount: 100_000, reference: null }],
      returns: [],
    });
    expect(s.receipt_number).toBeGreaterThan(0);
  });

  it('splits a sale between cash and mobile money with its reference', async () => {
    const res = await pay(3, [
      { method: 'MOBILE_MONEY', amount: 60_000, reference: ' MP2611201234 ' },
      { method: 'cash', amount: 50_000 },
    ]);
    expect(res.status).toBe(200);
    const s = await show(res.body.data.id);
    expect(s).toMatchObject({
      total_amount: 105_000,
      payment_method: 'SPLIT',
      change_given: 5_000,
      payments: [
        { method: 'MOBILE_MONEY', amount: 60_000, reference: 'MP2611201234' },
        { method: 'CASH', amount: 50_000, reference: null },
      ],
    });
  });

  it('refuses payments that do not cover the total with the amount still due, and writes nothing', async () => {
    const before = await saleCount();
    const res = await pay(3, [
      { method: 'MOBILE_MONEY', amount: 60_000, reference: 'MP1' },
      { method: 'CARD', amount: 40_000 },
    ]);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('UGX 5,000 is still due: the payments do not cover the total.');
    expect(res.body.errors.payments).toEqual([res.body.message]);
    expect(await saleCount()).toBe(before);
  });

  it('refuses mobile money without its transaction id, and change from anything but cash', async () => {
    const noRef = await pay(1, [{ method: 'MOBILE_MONEY', amount: 35_000 }]);
    expect(noRef.status).toBe(422);
    expect(noRef.body.errors).toEqual({
      'payments.0.reference': ['Mobile Money needs the transaction id from the SMS.'],
    });
    const blankRef = await pay(1, [{ method: 'MOBILE_MONEY', amount: 35_000, reference: ' ' }]);
    expect(blankRef.status).toBe(422);
    const overCard = await pay(1, [{ method: 'CARD', amount: 40_000 }]);
    expect(overCard.status).toBe(422);
    expect(overCard.body.message).toContain('Only cash can be more than the total');
    const zero = await pay(1, [{ method: 'CASH', amount: 0 }]);
    expect(zero.body.errors).toEqual({ 'payments.0.amount': ['A payment must be more than 0.'] });
    const none = await sell(sale(1, {}));
    expect(none.body.errors).toEqual({ paymentMethod: ['Payment method is required.'] });
  });

  it('refuses an amount past UGX 10 billion, change past the total or UGX 100,000, and a sale past UGX 10 billion', async () => {
    const before = await saleCount();
    const huge = await pay(1, [{ method: 'CASH', amount: 1e13 }]);
    expect(huge.status).toBe(422);
    expect(huge.body.errors).toEqual({ 'payments.0.amount': ['At most UGX 10,000,000,000.'] });
    // A sale of 35,000 gives at most 100,000 of change; one of 105,000 at most its total.
    const tooMuchChange = await pay(1, [{ method: 'CASH', amount: 135_001 }]);
    expect(tooMuchChange.status).toBe(422);
    expect(tooMuchChange.body.errors.payments).toEqual([
      'UGX 100,001 of change is more than a sale of UGX 35,000 can give (at most UGX 100,000): check the cash handed over.',
    ]);
    expect((await pay(3, [{ method: 'CASH', amount: 210_001 }])).status).toBe(422);
    expect(await saleCount()).toBe(before);
    expect((await show((await pay(1, [{ method: 'CASH', amount: 135_000 }])).body.data.id)).change_given).toBe(100_000);
    expect((await show((await pay(3, [{ method: 'CASH', amount: 210_000 }])).body.data.id)).change_given).toBe(105_000);
    // 600 × 20,000,000 is UGX 12 billion: more than one sale may come to.
    const dear = await receiveBatch(t, admin, await makeCatalogue(t, admin), {
      quantity: 1000,
      unit_price: 15_000_000,
      sale_price: 20_000_000,
    });
    const tooLarge = await sell({
      ...sale(600, { paymentMethod: 'BANK' }),
      items: [{ batchNumber: dear.batch_number, quantity: 600 }],
    });
    expect(tooLarge.status).toBe(422);
    expect(tooLarge.body.errors).toEqual({ items: ['This sale is too large to record. Split it in two.'] });
  });

  it("keeps the original client's single paymentMethod as one payment of the whole total; bank and card take a reference", async () => {
    const seeds = await sell(sale(1, { paymentMethod: 'Mobile Money' }));
    expect(await show(seeds.body.data.id)).toMatchObject({
      payment_method: 'MOBILE_MONEY',
      change_given: 0,
      payments: [{ method: 'MOBILE_MONEY', amount: 35_000, reference: null }],
    });
    const bank = await pay(1, [{ method: 'BANK', amount: 35_000, reference: 'TT-889' }]);
    expect((await show(bank.body.data.id)).payments).toEqual([{ method: 'BANK', amount: 35_000, reference: 'TT-889' }]);
  });

  it('binds the payments to the sale key: the same key with other payments is refused', async () => {
    const body = sale(1, { payments: [{ method: 'CASH', amount: 50_000 }] });
    const first = await sell(body);
    const replay = await sell(body);
    expect(replay.body.data).toEqual({ id: first.body.data.id, replayed: true });
    const other = await sell({ ...body, payments: [{ method: 'CASH', amount: 40_000 }] });
    expect(other.status).toBe(422);
    expect(other.body.errors.idempotencyKey).toBeDefined();
  });

  it('numbers receipts 1, 2, 3… without gaps under 50 concurrent sales of which some fail', async () => {
    const before = await t.db
      .selectFrom('sales')
      .select('receipt_number')
      .orderBy('receipt_number', 'desc')
      .executeTakeFirst();
    const start = before?.receipt_number ?? 0;
    // Every fifth does not cover its total (refused after its stock was taken), every seventh asks for too much stock.
    const bodies = Array.from({ length: 50 }, (_, i) =>
      i % 5 === 0
        ? sale(1, { payments: [{ method: 'CASH', amount: 1_000 }] })
        : i % 7 === 0
          ? sale(5000, { paymentMethod: 'CASH' })
          : sale(1, { payments: [{ method: 'CASH', amount: 35_000 }] }),
    );
    const answers = await Promise.all(bodies.map((b) => sell(b)));
    const ok = answers.filter((a) => a.status === 200);
    expect(answers.filter((a) => a.status !== 200).every((a) => [409, 422].includes(a.status))).toBe(true);
    expect(ok.length).toBe(50 - 10 - 6);
    const numbers = await t.db
      .selectFrom('sales')
      .select('receipt_number')
      .where(
        'id',
        'in',
        ok.map((a) => a.body.data.id),
      )
      .orderBy('receipt_number')
      .execute();
    // Numbered in the order the sales committed (ids are taken earlier, at the key's claim): every number from where
    // the shop was up, once each, none lost to the refused sales.
    expect(numbers.map((n) => n.receipt_number)).toEqual(Array.from({ length: ok.length }, (_, i) => start + i + 1));
    // And the next sale goes on from the last of them: none of the refused sales kept a number.
    const next = await sell(sale(1, { payments: [{ method: 'CASH', amount: 35_000 }] }));
    const stamped = await t.db
      .selectFrom('sales')
      .select('receipt_number')
      .where('id', '=', next.body.data.id)
      .executeTakeFirstOrThrow();
    expect(stamped.receipt_number).toBe(start + ok.length + 1);
  });
});
