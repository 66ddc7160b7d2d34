import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutCashierKeys } from '../../../test/catalogue-fixtures.ts';
import { signedInApp } from '../../../test/crud-contract.ts';
import { type Batch, batchState, makeCatalogue, receiveBatch } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: string;
let cashier: string;

beforeAll(async () => ({ t, admin, cashier } = await signedInApp()));
afterAll(() => t.close());

const sale = (
  items: { batchNumber: string; quantity: number; salePrice?: number }[],
  extra: Record<string, unknown> = {},
) => ({
  customerName: 'Anonymous',
  customerPhone: '0700000000',
  items,
  discount: 0,
  paymentMethod: 'CASH',
  idempotencyKey: randomUUID(),
  ...extra,
});
const sell = (body: unknown, token = cashier) => t.call('POST', '/api/salesstore', { token, body });

describe('POST /api/salesstore', () => {
  let batch: Batch;
  beforeAll(async () => {
    batch = await receiveBatch(t, admin, await makeCatalogue(t, admin), {
      quantity: 20,
      unit_price: 30_000,
      sale_price: 35_000,
    });
  });

  it('answers 401, 403 and 422 with clear messages, and writes nothing', async () => {
    expect((await t.call('POST', '/api/salesstore', { body: sale([]) })).status).toBe(401);
    const denied = await withoutCashierKeys(t, ['salesPOS'], () =>
      sell(sale([{ batchNumber: batch.batch_number, quantity: 1 }])),
    );
    expect(denied.status).toBe(403);
    const empty = await sell(sale([]));
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe('The cart is empty.');
    // Past the line limit the message says so, not that the cart is empty.
    const long = await sell(
      sale(Array.from({ length: 201 }, () => ({ batchNumber: batch.batch_number, quantity: 1 }))),
    );
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ items: ['At most 200 lines: split the sale in two.'] });
    const bad = await sell({
      ...sale([{ batchNumber: batch.batch_number, quantity: 1 }]),
      customerName: '',
      customerPhone: '77x',
      paymentMethod: 'GOLD',
      discount: 101,
    });
    expect(bad.body.errors).toMatchObject({
      customerName: ['Customer name is required.'],
      customerPhone: ['Invalid customer phone format. Please enter only digits.'],
      paymentMethod: ['Payment method is required.'],
      discount: ['The discount must be a number from 0 to 100.'],
    });
    const fineDiscount = await sell(sale([{ batchNumber: batch.batch_number, quantity: 1 }], { discount: 12.345 }));
    expect(fineDiscount.body.errors).toEqual({ discount: ['Use at most 2 decimals for the discount.'] });
    // An invoice sends the customer's e-mail and address: then they must be filled in.
    const line = [{ batchNumber: batch.batch_number, quantity: 1 }];
    const blankInvoice = await sell(sale(line, { customerEmail: '', customerAddress: '  ' }));
    expect(blankInvoice.body.errors).toEqual({
      customerEmail: ['Customer email is required.'],
      customerAddress: ['Customer address is required.'],
    });
    const badEmail = await sell(sale(line, { customerEmail: 'not-an-email', customerAddress: 'Plot 3, Mbale' }));
    expect(badEmail.body.errors).toEqual({ customerEmail: ['Invalid email format.'] });
    expect((await t.db.selectFrom('sales').selectAll().execute()).length).toBe(0);
    expect((await batchState(t, batch.id)).balance).toBe(20);
  });

  it('charges the batch price whatever the client sends, computes totals with half-up rounding, and records unit cost', async () => {
    const res = await sell(
      sale([{ batchNumber: batch.batch_number, quantity: 1.5, salePrice: 1 }], {
        discount: 12.5,
        paymentMethod: 'MOBILE MONEY',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Sale processed successfully!');
    const stored = await t.db
      .selectFrom('sales')
      .selectAll()
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    // 1.5 × 35,000 = 52,500; 12.5 % of it = 6,562.5 → 6,563 (half-up); total 45,937.
    expect(stored).toMatchObject({
      subtotal: 52_500,
      discount_amount: 6_563,
      total_amount: 45_937,
      payment_method: 'MOBILE_MONEY',
    });
    expect(stored.sale_number).toMatch(/^SN[0-9A-F]{14}$/);
    const line = await t.db
      .selectFrom('sale_items')
      .selectAll()
      .where('sale_id', '=', stored.id)
      .executeTakeFirstOrThrow();
    expect(line).toMatchObject({
      quantity: 1.5,
      unit_price: 35_000,
      unit_cost: 30_000,
      total_price: 52_500,
      discount_amount: 6_563,
    });
    expect(await batchState(t, batch.id)).toMatchObject({ quantity_sold: 1.5, balance: 18.5 });
    const audit = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('activity', '=', 'Sale')
      .executeTakeFirstOrThrow();
    expect(audit.details).toContain(stored.sale_number);
  });

  it("spreads the discount over the lines so that their amounts add up to the sale's total", async () => {
    const catalogue = await makeCatalogue(t, admin);
    const [nails, wire, paint] = await Promise.all(
      [1_001, 2_999, 3_333].map((sale_price) => receiveBatch(t, admin, catalogue, { quantity: 9, sale_price })),
    );
    const res = await sell(
      sale(
        [nails, wire, paint].map((b) => ({ batchNumber: b.batch_number, quantity: 1 })),
        { discount: 7.77 },
      ),
    );
    expect(res.status).toBe(200);
    const stored = await t.db
      .selectFrom('sales')
      .select(['discount_amount', 'total_amount'])
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    const lines = await t.db
      .selectFrom('sale_items')
      .select(['total_price', 'discount_amount'])
      .where('sale_id', '=', res.body.data.id)
      .orderBy('id')
      .execute();
    // 7,333 × 7.77 % = 569.77 → 570; shares 77.81 / 233.11 / 259.08: the one shilling left goes to the largest remainder.
    expect(stored.discount_amount).toBe(570);
    expect(lines.map((l) => l.discount_amount)).toEqual([78, 233, 259]);
    expect(lines.reduce((sum, l) => sum + l.total_price - l.discount_amount, 0)).toBe(stored.total_amount);
  });

  it('refuses more than the batch holds with 409 naming the product and what is left, writing nothing', async () => {
    const before = await batchState(t, batch.id);
    const res = await sell(sale([{ batchNumber: batch.batch_number, quantity: 19 }]));
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(
      /^Not enough stock of Cement \w+ \(Tororo, batch BN[0-9A-F]{14}\): only 18\.5 Bag Cement \w+ left\.$/,
    );
    expect(res.body.available).toBe(18.5);
    expect(await batchState(t, batch.id)).toEqual(before);
  });

  it('merges equal lines before checking, and rolls back every line when one fails', async () => {
    const other = await receiveBatch(t, admin, await makeCatalogue(t, admin), { quantity: 3, sale_price: 1_000 });
    const before = await batchState(t, batch.id);
    const res = await sell(
      sale([
        { batchNumber: batch.batch_number, quantity: 1 },
        { batchNumber: other.batch_number, quantity: 2 },
        { batchNumber: other.batch_number, quantity: 2 },
      ]),
    );
    expect(res.status).toBe(409);
    expect(await batchState(t, batch.id)).toEqual(before);
    expect((await batchState(t, other.id)).balance).toBe(3);
  });

  it('returns the first sale for a repeated key instead of selling twice', async () => {
    const body = sale([{ batchNumber: batch.batch_number, quantity: 1 }]);
    const first = await sell(body);
    const again = await sell(body);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(again.body.data.replayed).toBe(true);
    expect(
      (await t.db.selectFrom('sales').selectAll().where('idempotency_key', '=', body.idempotencyKey).execute()).length,
    ).toBe(1);
  });
});

describe('the sale key is bound to its user and its cart', () => {
  const message = 'This sale key was already used for a different sale.';
  const refused = { status: 422, body: { success: false, message, errors: { idempotencyKey: [message] } } };
  let batch: Batch;
  beforeAll(async () => {
    batch = await receiveBatch(t, admin, await makeCatalogue(t, admin), { quantity: 50, sale_price: 1_000 });
  });

  it('refuses the same key with a different cart or details, or from another user, and never leaks the sale', async () => {
    const body = sale([{ batchNumber: batch.batch_number, quantity: 2 }], { customerName: 'Okello' });
    const first = await sell(body);
    expect(first.status).toBe(200);
    const variants = [
      { ...body, items: [{ batchNumber: batch.batch_number, quantity: 3 }] },
      { ...body, items: [...body.items, { batchNumber: batch.batch_number, quantity: 1 }] },
      { ...body, discount: 5 },
      { ...body, customerName: 'Someone else' },
      { ...body, customerPhone: '0777000000' },
      { ...body, paymentMethod: 'CARD' },
      { ...body, notice: 'Deliver tomorrow' },
      { ...body, customerEmail: 'a@b.ug', customerAddress: 'Plot 3, Mbale' },
    ];
    for (const variant of variants) {
      const res = await sell(variant);
      expect(res).toMatchObject(refused);
      expect(res.body.data).toBeUndefined();
    }
    const otherUser = await sell(body, admin);
    expect(otherUser).toMatchObject(refused);
    expect(JSON.stringify(otherUser.body)).not.toContain(String(first.body.data.id));
    expect(
      await t.db.selectFrom('sales').select('id').where('idempotency_key', '=', body.idempotencyKey).execute(),
    ).toHaveLength(1);
    expect((await batchState(t, batch.id)).balance).toBe(48);
  });

  it('replays for the same user and request however it is spelt, the ignored client price included', async () => {
    const body = sale([{ batchNumber: batch.batch_number, quantity: 1, salePrice: 1_000 }], {
      paymentMethod: 'MOBILE_MONEY',
    });
    const first = await sell(body);
    // Same request after validation: keys in another order, the payment method as the original client spells it, a new
    // price.
    const { idempotencyKey, ...rest } = body;
    const respelt = {
      idempotencyKey,
      ...rest,
      paymentMethod: 'Mobile Money',
      items: [{ ...body.items[0], salePrice: 9 }],
    };
    const again = await sell(respelt);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ id: first.body.data.id, replayed: true });
  });

  it('keeps sales from before the binding bound to their user only', async () => {
    const body = sale([{ batchNumber: batch.batch_number, quantity: 1 }]);
    const first = await sell(body);
    await t.db.updateTable('sales').set({ request_hash: null }).where('id', '=', first.body.data.id).execute();
    const sameUser = await sell({ ...body, discount: 10 });
    expect(sameUser.body.data).toEqual({ id: first.body.data.id, replayed: true });
    expect(await sell(body, admin)).toMatchObject(refused);
  });
});

describe('concurrency on PostgreSQL', () => {
  it('sells exactly the 10 units of a batch to 50 concurrent one-unit sales', async () => {
    const batch = await receiveBatch(t, admin, await makeCatalogue(t, admin), { quantity: 10 });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => sell(sale([{ batchNumber: batch.batch_number, quantity: 1 }]))),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    expect(await batchState(t, batch.id)).toMatchObject({ balance: 0, quantity_sold: 10 });
    const sold = await t.db
      .selectFrom('sale_items')
      .select((eb) => eb.fn.sum<number>('quantity').as('n'))
      .where('batch_id', '=', batch.id)
      .executeTakeFirstOrThrow();
    expect(Number(sold.n)).toBe(10);
  });

  it('never deadlocks two carts taking the same batches in opposite orders', async () => {
    const a = await receiveBatch(t, admin, await makeCatalogue(t, admin), { quantity: 150 });
    const b = await receiveBatch(t, admin, await makeCatalogue(t, admin), { quantity: 150 });
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        sell(
          sale(
            i % 2
              ? [
                  { batchNumber: a.batch_number, quantity: 1 },
                  { batchNumber: b.batch_number, quantity: 2 },
                ]
              : [
                  { batchNumber: b.batch_number, quantity: 2 },
                  { batchNumber: a.batch_number, quantity: 1 },
                ],
          ),
        ),
      ),
    );
    expect(results.filter((r) => r.status !== 200 && r.status !== 409)).toEqual([]);
    const ok = results.filter((r) => r.status === 200).length;
    const [stateA, stateB] = [await batchState(t, a.id), await batchState(t, b.id)];
    expect(stateA.quantity_sold).toBe(ok);
    expect(stateB.quantity_sold).toBe(ok * 2);
    expect(stateA.balance + stateA.quantity_sold).toBe(150);
    expect(stateB.balance + stateB.quantity_sold).toBe(150);
  });

  it('makes one sale of the same key sent 10 times at once', async () => {
    const batch = await receiveBatch(t, admin, await makeCatalogue(t, admin), { quantity: 10 });
    const body = sale([{ batchNumber: batch.batch_number, quantity: 1 }]);
    const results = await Promise.all(Array.from({ length: 10 }, () => sell(body)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    expect((await batchState(t, batch.id)).balance).toBe(9);
  });
});
