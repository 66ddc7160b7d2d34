// VAT on sales: prices are VAT-inclusive when the business is registered, each sale stores
// the rate in force and rate/(100 + rate) of its total after discount, half-up; not registered, 0 as the original
// receipt shows.
import { randomUUID } from 'node:crypto';
import { vatIncluded } from '@duka/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveVat } from '../../../test/business-fixtures.ts';
import { signedInApp } from '../../../test/crud-contract.ts';
import { type Batch, makeCatalogue, receiveBatch } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  ({ t, admin } = await signedInApp());
});
afterAll(() => t.close());

const setVat = (vat_registered: 'Yes' | 'No', vat_rate = 18) => saveVat(t, admin, vat_registered, vat_rate);

async function sell(batch: Batch, quantity: number, discount = 0) {
  const res = await t.call('POST', '/api/salesstore', {
    token: admin,
    body: {
      customerName: 'Okello Builders',
      customerPhone: '0772123456',
      items: [{ batchNumber: batch.batch_number, quantity }],
      discount,
      paymentMethod: 'CASH',
      idempotencyKey: randomUUID(),
    },
  });
  expect(res.status).toBe(200);
  const shown = await t.call('GET', `/api/saleshow/${res.body.data.id}`, { token: admin });
  expect(shown.status).toBe(200);
  return shown.body.data as { id: number; total_amount: number; vat_rate: number; vat_amount: number };
}

const stockAt = async (sale_price: number) =>
  receiveBatch(t, admin, await makeCatalogue(t, admin), { quantity: 50, unit_price: 1, sale_price });

describe('the VAT inside a total (vatIncluded)', () => {
  it('is rate/(100 + rate) of the total, half-up to the shilling, exact for large totals', () => {
    expect(vatIncluded(118_000, 18)).toBe(18_000);
    expect(vatIncluded(1_000, 18)).toBe(153); // 152.54
    expect(vatIncluded(100, 18)).toBe(15); // 15.25
    expect(vatIncluded(3, 20)).toBe(1); // exactly 0.5: half-up
    expect(vatIncluded(9, 20)).toBe(2); // exactly 1.5
    expect(vatIncluded(2, 20)).toBe(0); // 0.33
    expect(vatIncluded(112_500, 12.5)).toBe(12_500);
    expect(vatIncluded(5_000, 0)).toBe(0);
    // 2^53 − 1 shillings at 18 %: floating point would be off; BigInt is not.
    expect(vatIncluded(Number.MAX_SAFE_INTEGER, 18)).toBe(
      Number((BigInt(Number.MAX_SAFE_INTEGER) * 18n * 2n + 118n) / 236n),
    );
  });
});

describe('VAT on sales', () => {
  it('is 0 at rate 0 while the business is not VAT-registered (the default)', async () => {
    const sale = await sell(await stockAt(118_000), 1);
    expect(sale).toMatchObject({ total_amount: 118_000, vat_rate: 0, vat_amount: 0 });
  });

  it('registered at 18 %: a sale of 118,000 after discount stores 18,000 at rate 18', async () => {
    await setVat('Yes', 18);
    // 2 × 62,500 = 125,000, less 5.6 % (7,000) = 118,000 VAT-inclusive.
    const sale = await sell(await stockAt(62_500), 2, 5.6);
    expect(sale).toMatchObject({ total_amount: 118_000, vat_rate: 18, vat_amount: 18_000 });
    const row = await t.db
      .selectFrom('sales')
      .select(['vat_rate', 'vat_amount'])
      .where('id', '=', sale.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ vat_rate: 18, vat_amount: 18_000 });
  });

  it('rounds half-up to the shilling', async () => {
    await setVat('Yes', 18);
    expect(await sell(await stockAt(1_000), 1)).toMatchObject({ total_amount: 1_000, vat_amount: 153 });
    await setVat('Yes', 20);
    expect(await sell(await stockAt(3), 1)).toMatchObject({ total_amount: 3, vat_rate: 20, vat_amount: 1 });
  });

  it('changing the rate or deregistering never rewrites a past sale', async () => {
    await setVat('Yes', 18);
    const sale = await sell(await stockAt(118_000), 1);
    expect(sale).toMatchObject({ vat_rate: 18, vat_amount: 18_000 });

    await setVat('Yes', 20);
    const later = await sell(await stockAt(120_000), 1);
    expect(later).toMatchObject({ vat_rate: 20, vat_amount: 20_000 });
    await setVat('No', 20);
    const unregistered = await sell(await stockAt(120_000), 1);
    expect(unregistered).toMatchObject({ vat_rate: 0, vat_amount: 0 });

    const again = await t.call('GET', `/api/saleshow/${sale.id}`, { token: admin });
    expect(again.body.data).toMatchObject({ total_amount: 118_000, vat_rate: 18, vat_amount: 18_000 });
    const second = await t.call('GET', `/api/saleshow/${later.id}`, { token: admin });
    expect(second.body.data).toMatchObject({ vat_rate: 20, vat_amount: 20_000 });
  });
});
