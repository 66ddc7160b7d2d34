// The till tests' shop (sales payments, cash-ups, returns): the app with both demo users signed in and two batches
// to sell from, made through the API as a storekeeper would.
import { randomUUID } from 'node:crypto';
import { signedInApp } from './crud-contract.ts';
import { postSale } from './report-fixtures.ts';
import { makeCatalogue, receiveBatch } from './stock-fixtures.ts';
import type { TestApp } from './test-app.ts';

/** Cement (sold at 35,000, cost 30,000) and nails (7,500, cost 5,000), 100 of each, beside the signed-in app. */
export async function tillShop() {
  const app = await signedInApp();
  const { t, admin } = app;
  const stocked = async (name: string | undefined, unit_price: number, sale_price: number) =>
    receiveBatch(t, admin, await makeCatalogue(t, admin, name), { quantity: 100, unit_price, sale_price });
  return { ...app, cement: await stocked(undefined, 30_000, 35_000), nails: await stocked('Nails', 5_000, 7_500) };
}

/**
 * An offline sale its batch could not cover, as it happens at a till: a batch of `received` (sold at 10,000), the
 * offline sale of `quantity` made 30 minutes ago, and meanwhile an online sale of `soldSince`. The offline sale arrives
 * last: the batch gives what is left and the rest is a stock discrepancy.
 */
export async function shortOfflineSale(
  t: TestApp,
  admin: string,
  cashier: string,
  { received, soldSince, quantity }: { received: number; soldSince: number; quantity: number },
) {
  const batch = await receiveBatch(t, admin, await makeCatalogue(t, admin), {
    quantity: received,
    unit_price: 6_000,
    sale_price: 10_000,
  });
  const online = await postSale(t, cashier, [[batch, soldSince]], { paymentMethod: 'CASH' });
  const res = await t.call('POST', '/api/salesstore', {
    token: cashier,
    body: {
      customerName: 'Okello Builders',
      customerPhone: '0772123456',
      items: [{ batchNumber: batch.batch_number, quantity }],
      paymentMethod: 'CASH',
      idempotencyKey: randomUUID(),
      offline: true,
      made_at: new Date(Date.now() - 30 * 60_000).toISOString(),
    },
  });
  if (res.status !== 200) throw new Error(`offline sale failed: ${res.status} ${JSON.stringify(res.body)}`);
  const offlineSaleId = res.body.data.id as number;
  const discrepancy = await t.db
    .selectFrom('stock_discrepancies')
    .select('id')
    .where('sale_id', '=', offlineSaleId)
    .executeTakeFirstOrThrow();
  const line = await t.db
    .selectFrom('sale_items')
    .select('id')
    .where('sale_id', '=', offlineSaleId)
    .executeTakeFirstOrThrow();
  return { batch, onlineSaleId: online.id, offlineSaleId, discrepancyId: discrepancy.id, lineId: line.id };
}
