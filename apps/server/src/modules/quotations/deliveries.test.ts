import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DENIED,
  expectInvalid,
  lastAudit,
  okData,
  UNAUTHENTICATED,
  withCashierKeys,
} from '../../../test/catalogue-fixtures.ts';
import { type SignedIn, signedInApp } from '../../../test/crud-contract.ts';
import { pdfLines } from '../../../test/pdf-text.ts';
import { wholeReport } from '../../../test/report-fixtures.ts';
import { type Batch, makeCatalogue, receiveBatch } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';

// Goods sold now and collected over several trips: the stock leaves the batch at the sale, delivery notes never take
// a line past what remains, the yard shows on the stock levels and the awaiting-delivery report, and a return of
// goods never collected goes back to its batch and off what remains to collect.

let s: SignedIn;
let t: TestApp;
let admin: string;
let cashier: string;
let bars: Batch;

beforeAll(async () => {
  s = await signedInApp();
  ({ t, admin, cashier } = s);
  bars = await receiveBatch(t, admin, await makeCatalogue(t, admin, 'Iron Bar Y12'), {
    quantity: 200,
    unit_price: 28_000,
    sale_price: 32_000,
  });
});
afterAll(() => t.close());

/** `quantity` bars sold now, paid in cash, collected later. */
async function soldForLater(quantity: number, deliverLater = true) {
  const sale = await okData(
    t.call('POST', '/api/salesstore', {
      token: admin,
      body: {
        customerName: 'Namara Builders',
        customerPhone: '0772555111',
        items: [{ batchNumber: bars.batch_number, quantity }],
        payments: [{ method: 'CASH', amount: 32_000 * quantity }],
        deliver_later: deliverLater,
        idempotencyKey: randomUUID(),
      },
    }),
  );
  const lines = await okData(t.call('GET', `/api/deliverynotesale/${sale.id}`, { token: admin }));
  return { id: sale.id as number, itemId: lines.lines[0].sale_item_id as number };
}

const deliver = (saleId: number, itemId: number, quantity: number, as: string | null = admin) =>
  t.call('POST', '/api/deliverynotestore', {
    token: as ?? undefined,
    body: { sale_id: saleId, lines: [{ sale_item_id: itemId, quantity }], vehicle: 'UBK 123X', driver: 'Musoke' },
  });
const remaining = async (saleId: number) =>
  (await okData(t.call('GET', `/api/deliverynotesale/${saleId}`, { token: admin }))).lines[0].remaining as number;
const inYard = async () => {
  const levels = await okData(t.call('GET', `/api/stocklevel?search=${bars.batch_number}`, { token: admin }));
  return { balance: levels[0].balance as number, inYard: levels[0].in_yard as number };
};
const awaiting = async () =>
  (await wholeReport(t, admin, 'reportawaitingdeliverylist')).data.data as { sale_id: number; remaining: number }[];

describe('keys', () => {
  it('answers 401 without a token and 403 to the cashier; each call opens with its key alone', async () => {
    const sale = await soldForLater(2);
    const note = await okData(deliver(sale.id, sale.itemId, 1));
    for (const [key, path] of [
      ['deliveryNoteList', '/api/deliverynotelist'],
      ['deliveryNoteList', '/api/deliverynotexlsx'],
      ['deliveryNoteList', `/api/deliverynoteshow/${note.id}`],
      ['deliveryNoteList', `/api/deliverynotepdf/${note.id}`],
      ['deliveryNoteAdd', `/api/deliverynotesale/${sale.id}`],
      ['reportAwaitingDeliveryList', '/api/reportawaitingdeliverylist'],
      ['reportAwaitingDeliveryExport', '/api/reportawaitingdeliverycsv'],
    ] as const) {
      expect((await t.download(path)).status, path).toBe(401);
      expect((await t.download(path, cashier)).status, path).toBe(403);
      expect((await withCashierKeys(t, [key], () => t.download(path, cashier))).status, path).toBe(200);
    }
    expect(await deliver(sale.id, sale.itemId, 1, null)).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    expect(await deliver(sale.id, sale.itemId, 1, cashier)).toMatchObject({ status: 403, body: DENIED });
    expect(
      (await withCashierKeys(t, ['deliveryNoteAdd'], () => deliver(sale.id, sale.itemId, 1, cashier))).status,
    ).toBe(200);
    expect((await t.download('/api/deliverynoteshow/999999', admin)).status).toBe(404);
    expect((await t.download('/api/deliverynotesale/999999', admin)).status).toBe(404);
  });
});

describe('goods collected over several trips', () => {
  it('takes the stock at the sale, delivers in two trips, refuses over-delivery naming what remains', async () => {
    const before = await inYard();
    const sale = await soldForLater(30);
    expect(await inYard()).toEqual({ balance: before.balance - 30, inYard: before.inYard + 30 });
    expect((await awaiting()).find((r) => r.sale_id === sale.id)).toMatchObject({ remaining: 30 });

    const first = await okData(deliver(sale.id, sale.itemId, 12));
    expect(first.delivery_number).toMatch(/^DN-\d{6}$/);
    expect(await lastAudit(t)).toMatchObject({ type: 'Delivery note', activity: 'Create' });
    expect(await remaining(sale.id)).toBe(18);
    expectInvalid(await deliver(sale.id, sale.itemId, 18.5), {
      'lines.0.quantity': [
        expect.stringMatching(/^Only 18 .* of Iron Bar Y12 remain to collect\.$/) as unknown as string,
      ],
    });
    const second = await okData(deliver(sale.id, sale.itemId, 18));
    expect(await remaining(sale.id)).toBe(0);
    expectInvalid(await deliver(sale.id, sale.itemId, 1), {
      'lines.0.quantity': ['Nothing of Iron Bar Y12 remains to collect.'],
    });
    expect((await awaiting()).find((r) => r.sale_id === sale.id)).toBeUndefined();
    expect(await inYard()).toEqual({ balance: before.balance - 30, inYard: before.inYard });

    const shown = await okData(t.call('GET', `/api/deliverynoteshow/${first.id}`, { token: admin }));
    expect(shown.lines).toEqual([expect.objectContaining({ quantity: 12, remaining_after: 18 })]);
    const pdf = pdfLines((await t.download(`/api/deliverynotepdf/${second.id}`, admin)).bytes).join('\n');
    expect(pdf).toContain('DELIVERY NOTE');
    expect(pdf).toContain(second.delivery_number);
    expect(pdf).toContain('Signature');
  });

  it('refuses a note for a sale whose goods left with the customer, and a line of another sale', async () => {
    const taken = await soldForLater(1, false);
    expectInvalid(await deliver(taken.id, taken.itemId, 1), {
      sale_id: [expect.stringContaining('was not sold for collection later') as unknown as string],
    });
    const waiting = await soldForLater(1);
    expectInvalid(await deliver(waiting.id, taken.itemId, 1), {
      'lines.0.sale_item_id': [expect.stringContaining('The line is not on receipt') as unknown as string],
    });
  });

  it('a return of goods never collected goes back to the batch and off what remains to collect', async () => {
    const sale = await soldForLater(10);
    await okData(deliver(sale.id, sale.itemId, 4));
    const before = await inYard();
    await okData(
      t.call('POST', `/api/salesreturnstore/${sale.id}`, {
        token: admin,
        body: {
          items: [{ sale_item_id: sale.itemId, quantity: 5 }],
          reason: 'Changed the design',
          refund_method: 'CASH',
        },
      }),
    );
    expect(await remaining(sale.id)).toBe(1);
    expect(await inYard()).toEqual({ balance: before.balance + 5, inYard: before.inYard - 5 });
    expectInvalid(await deliver(sale.id, sale.itemId, 2), {
      'lines.0.quantity': [
        expect.stringMatching(/^Only 1 .* of Iron Bar Y12 remain to collect\.$/) as unknown as string,
      ],
    });
  });
});
