import { randomUUID } from 'node:crypto';
import { inexactQuantity } from '@duka/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastAuditOf } from '../../../test/catalogue-fixtures.ts';
import { type SignedIn, signedInApp } from '../../../test/crud-contract.ts';
import { pdfLines } from '../../../test/pdf-text.ts';
import { batchState } from '../../../test/stock-fixtures.ts';

// Stock in a product's units over HTTP: received and written off in any unit the product declared, kept in its base
// unit, and shown back in the largest whole units.

let s: SignedIn;
let supplier: number;
const unit: Record<'bag' | 'tonne' | 'pallet' | 'kg' | 'box', number> = { bag: 0, tonne: 0, pallet: 0, kg: 0, box: 0 };
let cement: { product_id: number; brand_id: number };
let nails: { product_id: number; brand_id: number };

/** A product with a brand, counted in `base` with the other units given. */
async function productWithUnits(name: string, base: number, units: { measurement_id: number; factor: number }[]) {
  const product_id = await s.make.product(name, await s.make.category(`${name} Category`));
  const brand_id = await s.make.brand(`${name} Brand`, product_id);
  const res = await s.t.call('PUT', `/api/productunitsupdate/${product_id}`, {
    token: s.admin,
    body: { base_measurement_id: base, units },
  });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return { product_id, brand_id };
}

beforeAll(async () => {
  s = await signedInApp();
  supplier = (await s.make.supplier('Hima Supplies')).id;
  for (const [key, name] of [
    ['bag', 'Bag'],
    ['tonne', 'Tonne'],
    ['pallet', 'Pallet'],
    ['kg', 'Kg'],
    ['box', 'Box'],
  ] as const)
    unit[key] = await s.make.measurement(name);
  cement = await productWithUnits('Cement', unit.bag, [
    { measurement_id: unit.tonne, factor: 20 },
    { measurement_id: unit.pallet, factor: 12.5 },
  ]);
  nails = await productWithUnits('Wire Nails', unit.kg, [{ measurement_id: unit.box, factor: 25 }]);
});
afterAll(() => s.t.close());

const receipt = (
  product: { product_id: number; brand_id: number },
  measurement_id: number,
  figures: { quantity: number; unit_price: number; sale_price: number; min_stock_level?: number },
) => ({
  ...product,
  measurement_id,
  supplier_id: supplier,
  min_stock_level: 0,
  stock_date: '2026-11-20',
  environment: 'PRODUCTION',
  ...figures,
});
const receive = (body: object) => s.t.call('POST', '/api/stockstore', { token: s.admin, body });
const writeOff = (batch_id: number, quantity: number, measurement_id?: number) =>
  s.t.call('POST', '/api/stockadjustmentstore', {
    token: s.admin,
    body: {
      batch_id,
      reason: 'DAMAGE',
      quantity,
      ...(measurement_id ? { measurement_id } : {}),
      adjustment_date: '2026-11-21',
      note: 'Torn in the store',
    },
  });
const stored = (id: number) =>
  s.t.db
    .selectFrom('stock_batches')
    .select([
      'measurement_id',
      'quantity',
      'unit_price',
      'sale_price',
      'total_cost',
      'min_stock_level',
      'balance',
      'received_measurement_id',
      'received_quantity',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const batchCount = async () =>
  Number((await s.t.db.selectFrom('stock_batches').select(s.t.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('receiving stock in a unit of the product', () => {
  it('keeps 2 Tonnes at 600,000 a tonne as 40 Bags at 30,000, sold at 32,000, for 1,200,000', async () => {
    const res = await receive(
      receipt(cement, unit.tonne, { quantity: 2, unit_price: 600_000, sale_price: 640_000, min_stock_level: 1 }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.total_cost).toBe(1_200_000);
    const id = res.body.data.id as number;
    expect(await stored(id)).toEqual({
      measurement_id: unit.bag,
      quantity: 40,
      unit_price: 30_000,
      sale_price: 32_000,
      total_cost: 1_200_000,
      min_stock_level: 20,
      balance: 40,
      received_measurement_id: unit.tonne,
      received_quantity: 2,
    });
    // The price history is per Bag, as the till charges from it.
    const prices = await s.t.db
      .selectFrom('batch_sale_prices')
      .select('sale_price')
      .where('batch_id', '=', id)
      .execute();
    expect(prices).toEqual([{ sale_price: 32_000 }]);
    const audit = await lastAuditOf(s.t, { type: 'Stock', activity: 'Create' });
    expect(audit.details).toBe(
      `Received batch ${res.body.data.batch_number}: 2 Tonnes = 40 Bags at 600000 UGX a Tonne (30000 UGX a Bag) (total 1200000 UGX)`,
    );
    const shown = (await s.t.call('GET', `/api/stockshow/${id}`, { token: s.admin })).body.data;
    expect(shown).toMatchObject({
      measurement_name: 'Bag',
      quantity: 40,
      received_quantity: 2,
      received_measurement_id: unit.tonne,
      received_as: '2 Tonnes = 40 Bags',
    });
    const pdf = pdfLines((await s.t.download(`/api/stockpdf/${id}`, s.admin)).bytes);
    expect(pdf).toEqual(expect.arrayContaining(['40 Bags', 'Received as', '2 Tonnes = 40 Bags']));
    const listed = await s.t.call('GET', `/api/stocklist?search=${res.body.data.batch_number}`, { token: s.admin });
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id, received_as: '2 Tonnes = 40 Bags', total_cost: 1_200_000 }),
    ]);
  });

  it('corrects a batch in another unit, or in the base, and keeps the history in base prices', async () => {
    const made = await receive(receipt(cement, unit.tonne, { quantity: 1, unit_price: 600_000, sale_price: 640_000 }));
    const id = made.body.data.id as number;
    const update = (body: object) => s.t.call('PUT', `/api/stockupdate/${id}`, { token: s.admin, body });
    const inTonnes = await update(
      receipt(cement, unit.tonne, { quantity: 3, unit_price: 610_000, sale_price: 660_000 }),
    );
    expect(inTonnes.status, JSON.stringify(inTonnes.body)).toBe(200);
    expect(await stored(id)).toMatchObject({
      measurement_id: unit.bag,
      quantity: 60,
      unit_price: 30_500,
      sale_price: 33_000,
      total_cost: 1_830_000,
      balance: 60,
      received_measurement_id: unit.tonne,
      received_quantity: 3,
    });
    expect((await lastAuditOf(s.t, { type: 'Stock', activity: 'Update' })).details).toContain(
      'received as 3 Tonnes = 60 Bags at 610000 UGX a Tonne (30500 UGX a Bag)',
    );
    const inBags = await update(receipt(cement, unit.bag, { quantity: 50, unit_price: 30_000, sale_price: 32_000 }));
    expect(inBags.status, JSON.stringify(inBags.body)).toBe(200);
    expect(await stored(id)).toMatchObject({
      measurement_id: unit.bag,
      quantity: 50,
      unit_price: 30_000,
      sale_price: 32_000,
      total_cost: 1_500_000,
      received_measurement_id: null,
      received_quantity: null,
    });
    const prices = await s.t.db
      .selectFrom('batch_sale_prices')
      .select('sale_price')
      .where('batch_id', '=', id)
      .orderBy('valid_from')
      .execute();
    expect(prices.map((p) => p.sale_price)).toEqual([32_000, 33_000, 32_000]);
    expect((await s.t.call('GET', `/api/stockshow/${id}`, { token: s.admin })).body.data.received_as).toBeNull();
  });

  it('refuses a quantity that is no exact number of base units, and a unit of another product, receiving nothing', async () => {
    const before = await batchCount();
    const inexact = await receive(receipt(cement, unit.pallet, { quantity: 0.001, unit_price: 1, sale_price: 1 }));
    expect(inexact.status).toBe(422);
    expect(inexact.body.errors).toEqual({ quantity: [inexactQuantity(0.001, { name: 'Pallet' }, 12.5)] });
    expect(inexact.body.errors.quantity[0]).toBe(
      '0.001 Pallets is 0.001 × 12.5 base units: more than 3 decimals. Change the quantity.',
    );
    const lowInexact = await receive(
      receipt(cement, unit.pallet, { quantity: 2, unit_price: 1, sale_price: 1, min_stock_level: 0.001 }),
    );
    expect(lowInexact.body.errors).toEqual({ min_stock_level: [inexactQuantity(0.001, { name: 'Pallet' }, 12.5)] });
    const otherProducts = await receive(receipt(cement, unit.box, { quantity: 1, unit_price: 1, sale_price: 1 }));
    expect(otherProducts.status).toBe(422);
    expect(otherProducts.body.errors).toEqual({
      measurement_id: ['Cement is counted in Bag; it may be received in Bag, Pallet or Tonne.'],
    });
    expect(await batchCount()).toBe(before);
  });
});

describe('Wire Nails counted in Kg and sold by the Box of 25 Kg', () => {
  let batch: { id: number; batch_number: string };

  beforeAll(async () => {
    const res = await receive(
      receipt(nails, unit.box, { quantity: 3, unit_price: 100_000, sale_price: 125_000, min_stock_level: 2 }),
    );
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    batch = res.body.data;
  });

  it('writes off 3 Kg and then 1 Box in base units, and the balance is received − sold − written off', async () => {
    expect(await stored(batch.id)).toMatchObject({ quantity: 75, unit_price: 4_000, sale_price: 5_000, balance: 75 });
    const kilos = await writeOff(batch.id, 3);
    expect(kilos.body).toMatchObject({ success: true, data: { balance: 72 } });
    const box = await writeOff(batch.id, 1, unit.box);
    expect(box.body).toMatchObject({ success: true, data: { balance: 47 } });
    const adjustments = await s.t.db
      .selectFrom('stock_adjustments')
      .select(['quantity', 'unit_cost', 'entered_measurement_id', 'entered_quantity'])
      .where('batch_id', '=', batch.id)
      .orderBy('id')
      .execute();
    expect(adjustments).toEqual([
      { quantity: 3, unit_cost: 4_000, entered_measurement_id: null, entered_quantity: null },
      { quantity: 25, unit_cost: 4_000, entered_measurement_id: unit.box, entered_quantity: 1 },
    ]);
    expect((await lastAuditOf(s.t, { type: 'Stock', activity: 'Write-off' })).details).toBe(
      `Wrote off 1 Box = 25 Kg from batch ${batch.batch_number} (DAMAGE: Torn in the store); balance now 47`,
    );
    const sale = await s.t.call('POST', '/api/salesstore', {
      token: s.admin,
      body: {
        customerName: 'Walk-in',
        customerPhone: '0700000000',
        items: [{ batchNumber: batch.batch_number, quantity: 2 }],
        paymentMethod: 'CASH',
        idempotencyKey: randomUUID(),
      },
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(200);
    const state = await batchState(s.t, batch.id);
    expect(state).toMatchObject({ quantity: 75, quantity_sold: 2, quantity_adjusted: 28, balance: 45 });
    expect(state.quantity - state.quantity_sold - state.quantity_adjusted).toBe(state.balance);
    // The write-off list says what was entered, its cost in base units: 25 Kg × 4,000.
    const listed = await s.t.call('GET', `/api/stockadjustmentlist?search=${batch.batch_number}`, { token: s.admin });
    expect(
      listed.body.data.map((r: { quantity: number; entered_as: string | null; cost: number }) => [
        r.quantity,
        r.entered_as,
        r.cost,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [25, '1 Box = 25 Kg', 100_000],
        [3, null, 12_000],
      ]),
    );
  });

  it('shows the balance as 1 Box + 20 Kg on Stock Levels, the low-stock report and their files', async () => {
    const levels = await s.t.call('GET', `/api/stocklevel?search=${batch.batch_number}`, { token: s.admin });
    expect(levels.body.data).toEqual([
      expect.objectContaining({ balance: 45, balance_in_units: '1 Box + 20 Kg', status: 'Low Stock' }),
    ]);
    const csv = await s.t.download(`/api/stocklevelcsv?search=${batch.batch_number}`, s.admin);
    expect(csv.bytes.toString('utf8')).toContain(`${batch.batch_number},Wire Nails Brand,Kg,45,1 Box + 20 Kg,2,`);
    // 45 Kg left of a minimum of 2 Boxes (50 Kg): low.
    const low = await s.t.call('GET', '/api/reportstocklowalertlist?search=Wire', { token: s.admin });
    expect(low.body.data.data).toEqual([
      expect.objectContaining({ batch_number: batch.batch_number, balance: 45, balance_in_units: '1 Box + 20 Kg' }),
    ]);
    const lowCsv = await s.t.download('/api/reportstocklowalertcsv?search=Wire', s.admin);
    expect(lowCsv.bytes.toString('utf8')).toContain('45,1 Box + 20 Kg,Low Stock');
    // A product that declared no units shows its balance in its own unit.
    const chain = await s.make.chain('Plain');
    const plain = await s.make.stock(chain);
    const plainLevel = await s.t.call('GET', `/api/stocklevel?search=${plain.batch_number}`, { token: s.admin });
    expect(plainLevel.body.data[0].balance_in_units).toBe('10 Plain Units');
  });

  it('refuses writing off more than is left, naming it in the unit entered and in Kg, and inexact or foreign units', async () => {
    const before = await batchState(s.t, batch.id);
    const tooMuch = await writeOff(batch.id, 2, unit.box);
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe(`Only 45 Kg (1.8 Boxes) left in batch ${batch.batch_number}.`);
    const foreign = await writeOff(batch.id, 1, unit.tonne);
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({
      measurement_id: ['Wire Nails is counted in Kg; it may be written off in Kg or Box.'],
    });
    const cementBatch = await receive(
      receipt(cement, unit.bag, { quantity: 10, unit_price: 30_000, sale_price: 32_000 }),
    );
    const inexact = await writeOff(cementBatch.body.data.id, 0.001, unit.pallet);
    expect(inexact.status).toBe(422);
    expect(inexact.body.errors).toEqual({ quantity: [inexactQuantity(0.001, { name: 'Pallet' }, 12.5)] });
    expect(await batchState(s.t, batch.id)).toEqual(before);
  });
});
