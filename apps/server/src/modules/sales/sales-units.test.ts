import { randomUUID } from 'node:crypto';
import { inexactQuantity, lineTotal, unitPrice } from '@duka/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInApp } from '../../../test/crud-contract.ts';
import { exportedRows, wholeReport } from '../../../test/report-fixtures.ts';
import { type Batch, batchState, type Catalogue, makeCatalogue, receiveBatch } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';

// Selling in units over HTTP: Cement counted in Bags, sold by the Bag and by the Tonne of 20 Bags at 5 % off. The batch
// gives and takes back base units; lines, receipts, returns and reports speak the unit sold.
let t: TestApp;
let admin: string;
let cashier: string;

beforeAll(async () => ({ t, admin, cashier } = await signedInApp()));
afterAll(() => t.close());

interface Line {
  batchNumber: string;
  quantity: number;
  measurementId?: number;
}
const sale = (items: Line[], extra: Record<string, unknown> = {}) => ({
  customerName: 'Anonymous',
  customerPhone: '0700000000',
  items,
  discount: 0,
  paymentMethod: 'CASH',
  idempotencyKey: randomUUID(),
  ...extra,
});
const sell = (body: unknown) => t.call('POST', '/api/salesstore', { token: cashier, body });
const giveBack = (saleId: number, items: { sale_item_id: number; quantity: number }[]) =>
  t.call('POST', `/api/salesreturnstore/${saleId}`, {
    token: admin,
    body: { items, reason: 'Too much', refund_method: 'CASH' },
  });
const show = async (saleId: number) => (await t.call('GET', `/api/saleshow/${saleId}`, { token: admin })).body.data;

async function ok(res: Promise<{ status: number; body: any }>) {
  const r = await res;
  if (r.status !== 200) throw new Error(`call failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

const measurement = async (name: string): Promise<number> =>
  (await ok(t.call('POST', '/api/measurementstore', { token: admin, body: { name, environment: 'PRODUCTION' } }))).data
    .id;

/** A product counted in `base` with the given other units (declared as the product screen does). */
async function declareUnits(
  productId: number,
  base: number,
  units: { measurement_id: number; factor: number; bulk_discount_percent?: number }[],
) {
  await ok(
    t.call('PUT', `/api/productunitsupdate/${productId}`, {
      token: admin,
      body: { base_measurement_id: base, units },
    }),
  );
}

describe('Cement in Bags, sold by the Bag and by the Tonne (20 Bags, 5 % off)', () => {
  let bag: number;
  let tonne: number;
  let catalogue: Catalogue;
  let batch: Batch;
  let saleId: number;
  let tonneLine: number;

  beforeAll(async () => {
    bag = await measurement('Bag');
    tonne = await measurement('Tonne');
    const made = await makeCatalogue(t, admin, 'Portland Cement');
    catalogue = { ...made, measurement_id: bag };
    batch = await receiveBatch(t, admin, catalogue, { quantity: 40, unit_price: 30_000, sale_price: 32_000 });
    await declareUnits(catalogue.product_id, bag, [{ measurement_id: tonne, factor: 20, bulk_discount_percent: 5 }]);
  });

  it('sells 1 Tonne and 3 Bags: 608,000 and 96,000, 23 Bags off the batch, lines shown in Tonne and Bag', async () => {
    const res = await sell(
      sale([
        { batchNumber: batch.batch_number, quantity: 1, measurementId: tonne },
        { batchNumber: batch.batch_number, quantity: 3 },
      ]),
    );
    expect(res.status).toBe(200);
    saleId = res.body.data.id;
    expect((await batchState(t, batch.id)).balance).toBe(17);
    expect((await batchState(t, batch.id)).quantity_sold).toBe(23);

    const stored = await t.db
      .selectFrom('sale_items')
      .select([
        'id',
        'quantity',
        'measurement_id',
        'sold_measurement_id',
        'sold_quantity',
        'factor',
        'unit_price',
        'unit_cost',
        'total_price',
      ])
      .where('sale_id', '=', saleId)
      .orderBy('id')
      .execute();
    tonneLine = stored[0]?.id as number;
    expect(stored.map(({ id: _id, ...l }) => l)).toEqual([
      {
        quantity: 20,
        measurement_id: bag,
        sold_measurement_id: tonne,
        sold_quantity: 1,
        factor: 20,
        unit_price: 608_000,
        unit_cost: 30_000,
        total_price: 608_000,
      },
      {
        quantity: 3,
        measurement_id: bag,
        sold_measurement_id: null,
        sold_quantity: null,
        factor: 1,
        unit_price: 32_000,
        unit_cost: 30_000,
        total_price: 96_000,
      },
    ]);

    const shown = await show(saleId);
    expect(shown.total_amount).toBe(704_000);
    expect(
      shown.items.map((i: any) => [
        i.quantity,
        i.measurement.name,
        i.unit_price,
        i.total_price,
        i.factor,
        i.base_quantity,
        i.base_measurement.name,
      ]),
    ).toEqual([
      [1, 'Tonne', 608_000, 608_000, 20, 20, 'Bag'],
      [3, 'Bag', 32_000, 96_000, 1, 3, 'Bag'],
    ]);
  });

  it('refuses a Tonne when 17 Bags are left, naming what is left in Tonnes and Bags, and writes nothing', async () => {
    const before = await batchState(t, batch.id);
    const sales = await t.db.selectFrom('sales').select('id').execute();
    const res = await sell(sale([{ batchNumber: batch.batch_number, quantity: 1, measurementId: tonne }]));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `Not enough stock of Portland Cement (Tororo, batch ${batch.batch_number}): only 0.85 Tonnes left (17 Bags).`,
    );
    expect(res.body.available).toBe(17);
    // Lines of one batch in two units are checked together: 10 Bags + 8 Bags is more than 17.
    const together = await sell(
      sale([
        { batchNumber: batch.batch_number, quantity: 0.5, measurementId: tonne },
        { batchNumber: batch.batch_number, quantity: 8 },
      ]),
    );
    expect(together.status).toBe(409);
    expect(together.body.message).toMatch(/only 7 Bags left\.$/);
    expect(await batchState(t, batch.id)).toEqual(before);
    expect(await t.db.selectFrom('sales').select('id').execute()).toEqual(sales);
  });

  it('takes half a Tonne back: 10 Bags into the batch, 304,000 refunded, the return shown in Tonnes', async () => {
    const over = await giveBack(saleId, [{ sale_item_id: tonneLine, quantity: 1.5 }]);
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual({
      'items.0.quantity': ['Only 1 of Portland Cement can come back: 1 sold, 0 already returned.'],
    });
    const res = await giveBack(saleId, [{ sale_item_id: tonneLine, quantity: 0.5 }]);
    expect(res.status).toBe(200);
    expect((await batchState(t, batch.id)).balance).toBe(27);
    const saved = await t.db
      .selectFrom('sale_returns')
      .select(['refund_amount', 'cost_amount'])
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({ refund_amount: 304_000, cost_amount: 300_000 });
    expect(
      await t.db
        .selectFrom('sale_return_items')
        .select(['quantity', 'sold_quantity', 'refund_amount'])
        .where('return_id', '=', res.body.data.id)
        .execute(),
    ).toEqual([{ quantity: 10, sold_quantity: 0.5, refund_amount: 304_000 }]);
    // What is left to return is in Tonnes too.
    expect((await show(saleId)).returned).toEqual({ [tonneLine]: 0.5 });
    const again = await giveBack(saleId, [{ sale_item_id: tonneLine, quantity: 0.6 }]);
    expect(again.body.errors).toEqual({
      'items.0.quantity': ['Only 0.5 of Portland Cement can come back: 1 sold, 0.5 already returned.'],
    });
    const shown = (await t.call('GET', `/api/salesreturnshow/${res.body.data.id}`, { token: admin })).body.data;
    expect(
      shown.items.map((i: any) => [i.quantity, i.measurement.name, i.unit_price, i.base_quantity, i.factor]),
    ).toEqual([[0.5, 'Tonne', 608_000, 10, 20]]);
  });

  it('the cascade and the price call offer the Tonne at its price; the search and the till copy carry the units', async () => {
    const units = await ok(
      t.call('GET', `/api/getmeasurementsbybrandinstock/${catalogue.brand_id}?batchNumber=${batch.batch_number}`, {
        token: cashier,
      }),
    );
    expect(units.data).toEqual([
      { id: bag, name: 'Bag', plural: null },
      { id: tonne, name: 'Tonne', plural: null },
    ]);
    const price = (measurementId: number) =>
      t.call(
        'GET',
        `/api/getsalepriceinstock?productId=${catalogue.product_id}&batchNumber=${batch.batch_number}&brandId=${catalogue.brand_id}&measurementId=${measurementId}`,
        { token: cashier },
      );
    expect((await price(tonne)).body).toEqual({
      success: true,
      salePrice: 608_000,
      balance: 27,
      factor: 20,
      unitBalance: 1.35,
    });
    expect((await price(bag)).body).toEqual({
      success: true,
      salePrice: 32_000,
      balance: 27,
      factor: 1,
      unitBalance: 27,
    });
    // A unit the product is not sold in has no price.
    expect((await price(await measurement('Drum'))).status).toBe(404);

    const hits = await ok(t.call('GET', '/api/possearch?q=portland', { token: cashier }));
    expect(hits.data[0].units).toEqual([
      { id: bag, name: 'Bag', plural: null, factor: 1, bulk_discount_percent: 0, price: 32_000 },
      { id: tonne, name: 'Tonne', plural: null, factor: 20, bulk_discount_percent: 5, price: 608_000 },
    ]);
    const copy = await ok(t.call('GET', '/api/possnapshot', { token: cashier }));
    expect(copy.data.product_units).toContainEqual({
      product_id: catalogue.product_id,
      measurement_id: tonne,
      factor: 20,
      bulk_discount_percent: 5,
    });
    expect(copy.data.measurements).toContainEqual({ id: tonne, name: 'Tonne', plural: null });
  });

  it('charges an offline sale in Tonnes as online, from the price when it was made', async () => {
    const reprice = async (sale_price: number) =>
      ok(
        t.call('PUT', `/api/stockupdate/${batch.id}`, {
          token: admin,
          body: {
            ...catalogue,
            quantity: 40,
            unit_price: 30_000,
            sale_price,
            min_stock_level: 2,
            stock_date: '2026-11-20',
            environment: 'PRODUCTION',
          },
        }),
      );
    // Made by the till a moment before the price went up to 34,000 a Bag.
    const made_at = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await reprice(34_000);
    const res = await sell(
      sale([{ batchNumber: batch.batch_number, quantity: 0.25, measurementId: tonne }], { offline: true, made_at }),
    );
    expect(res.status).toBe(200);
    const shown = await show(res.body.data.id);
    // 32,000 × 20 × 0.95 a Tonne, as online before the change.
    expect(shown.items[0]).toMatchObject({
      quantity: 0.25,
      unit_price: 608_000,
      total_price: 152_000,
      base_quantity: 5,
    });
    expect(shown.total_amount).toBe(152_000);
    expect((await batchState(t, batch.id)).balance).toBe(22);
    // Sold now, the Tonne is the new price: 34,000 × 20 × 0.95.
    const now = await sell(sale([{ batchNumber: batch.batch_number, quantity: 0.05, measurementId: tonne }]));
    expect((await show(now.body.data.id)).items[0]).toMatchObject({ unit_price: 646_000, total_price: 32_300 });
    expect((await batchState(t, batch.id)).balance).toBe(21);
    await reprice(32_000);
  });

  it('the daily sales report shows each line in the unit sold, the return in Tonnes, and its files the base', async () => {
    const report = await wholeReport(t, admin, 'reportdailysaleslist');
    const rows = report.data.data.filter((r: { batch_number: string }) => r.batch_number === batch.batch_number);
    const pick = (r: any) => [
      r.quantity,
      r.measurement.name,
      r.unit_price,
      r.total_price,
      r.base_quantity,
      r.base_measurement.name,
    ];
    expect(rows.map(pick)).toEqual(
      expect.arrayContaining([
        [1, 'Tonne', 608_000, 608_000, 20, 'Bag'],
        [3, 'Bag', 32_000, 96_000, 3, 'Bag'],
        [-0.5, 'Tonne', 608_000, -304_000, -10, 'Bag'],
      ]),
    );
    const { rows: file } = await exportedRows(t, admin, 'reportdailysalesxlsx', 'xlsx');
    const header = file[3] as string[];
    const returned = file.find((r) => r[header.indexOf('Qty')] === -0.5) as unknown[];
    expect([
      returned[header.indexOf('Measurement')],
      returned[header.indexOf('Base Qty')],
      returned[header.indexOf('Base Unit')],
    ]).toEqual(['Tonne', -10, 'Bag']);
  });

  it('refuses a unit not of the product and a quantity that is not a whole thousandth of a Bag, with 422', async () => {
    const crate = await measurement('Crate');
    const drum = (await t.db.selectFrom('measurements').select('id').where('name', '=', 'Drum').executeTakeFirst())
      ?.id as number;
    await declareUnits(catalogue.product_id, bag, [
      { measurement_id: tonne, factor: 20, bulk_discount_percent: 5 },
      { measurement_id: crate, factor: 2.5 },
    ]);
    const before = await batchState(t, batch.id);
    const inexact = await sell(sale([{ batchNumber: batch.batch_number, quantity: 0.001, measurementId: crate }]));
    expect(inexact.status).toBe(422);
    expect(inexact.body.errors).toEqual({
      'items.0.quantity': [inexactQuantity(0.001, { name: 'Crate', plural: null }, 2.5)],
    });
    const foreign = await sell(sale([{ batchNumber: batch.batch_number, quantity: 1, measurementId: drum }]));
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({
      'items.0.measurementId': ['Portland Cement is not sold in that unit: choose its base unit or one of its units.'],
    });
    expect(await batchState(t, batch.id)).toEqual(before);
    // 0.01 Crate is 0.025 Bag: exact, and priced per Crate.
    const fine = await sell(sale([{ batchNumber: batch.batch_number, quantity: 0.01, measurementId: crate }]));
    expect(fine.status).toBe(200);
    expect((await show(fine.body.data.id)).items[0]).toMatchObject({
      unit_price: 80_000,
      total_price: lineTotal(0.01, 80_000),
      base_quantity: 0.025,
    });
  });
});

/** A small seeded generator (mulberry32), so the sequence below is the same on every run. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}
const milli = (n: number) => Math.round(n * 1000);

describe('a seeded run of receipts, sales, returns and write-offs in mixed units', () => {
  it('leaves every batch at received − sold + returned − written off, as the lines and the API say', async () => {
    const random = seeded(20_261_127);
    const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)] as T;
    const bag = await measurement('Sack');
    const tonne = await measurement('Ton');
    const crate = await measurement('Bundle');
    const { measurement_id: _unused, ...catalogue } = await makeCatalogue(t, admin, 'Lime');
    await declareUnits(catalogue.product_id, bag, [
      { measurement_id: tonne, factor: 20, bulk_discount_percent: 5 },
      { measurement_id: crate, factor: 2.5 },
    ]);
    const units = [
      { id: bag, factor: 1, discount: 0, places: 3 },
      { id: tonne, factor: 20, discount: 5, places: 2 },
      // 2.5 × a quantity of 2 decimals is at most 3 decimals.
      { id: crate, factor: 2.5, discount: 0, places: 2 },
    ];
    // The model, in thousandths of a base unit.
    const batches: { id: number; batch_number: string; sale_price: number; received: number; balance: number }[] = [];
    const today = new Date().toISOString().slice(0, 10);
    const lines: { saleId: number; lineId: number; factor: number; sold: number; returned: number }[] = [];
    // A receipt in any of the units (prices then per that unit); the batch keeps base units and prices per base unit.
    const receive = async () => {
      const unit = pick(units);
      const scale = 10 ** unit.places;
      const quantity = Math.floor(((random() * 60 + 20) / unit.factor) * scale) / scale;
      const b = await ok(
        t.call('POST', '/api/stockstore', {
          token: admin,
          body: {
            ...catalogue,
            measurement_id: unit.id,
            quantity,
            unit_price: Math.round(800 * unit.factor),
            sale_price: 1_000 * Math.floor(random() * 20 + 5) * unit.factor,
            min_stock_level: 0,
            stock_date: today,
            environment: 'PRODUCTION',
          },
        }),
      );
      const shown = (await ok(t.call('GET', `/api/stockshow/${b.data.id}`, { token: admin }))).data;
      expect(milli(shown.quantity)).toBe(milli(quantity * unit.factor));
      batches.push({
        id: b.data.id,
        batch_number: b.data.batch_number,
        sale_price: shown.sale_price,
        received: milli(shown.quantity),
        balance: milli(shown.quantity),
      });
    };
    await receive();
    const counts = { receipt: 1, sale: 0, refused: 0, return: 0, writeOff: 0 };

    for (let step = 0; step < 60; step++) {
      const roll = random();
      if (roll < 0.12) {
        await receive();
        counts.receipt += 1;
      } else if (roll < 0.6) {
        // One or two lines, in any unit; now and then more than the batch holds.
        const cart = Array.from({ length: random() < 0.3 ? 2 : 1 }, () => {
          const batch = pick(batches);
          const unit = pick(units);
          const scale = 10 ** unit.places;
          const most = (batch.balance / 1000 / unit.factor) * (random() < 0.1 ? 1.5 : 0.4);
          const quantity = Math.max(1, Math.floor(random() * most * scale)) / scale;
          return { batch, unit, quantity, base: milli(quantity * unit.factor) };
        });
        const asked = new Map<number, number>();
        for (const l of cart) asked.set(l.batch.id, (asked.get(l.batch.id) ?? 0) + l.base);
        const fits = [...asked].every(([id, base]) => base <= (batches.find((b) => b.id === id)?.balance ?? 0));
        const res = await sell(
          sale(
            cart.map((l) => ({
              batchNumber: l.batch.batch_number,
              quantity: l.quantity,
              ...(l.unit.factor === 1 ? {} : { measurementId: l.unit.id }),
            })),
          ),
        );
        // Equal batch and unit make one line, as the server merges them.
        const sameLine = cart.length === 2 && cart[0]?.batch === cart[1]?.batch && cart[0]?.unit === cart[1]?.unit;
        if (!fits) {
          expect(res.status).toBe(409);
          counts.refused += 1;
          continue;
        }
        expect(res.status).toBe(200);
        counts.sale += 1;
        const stored = await t.db
          .selectFrom('sale_items')
          .select(['id', 'unit_price', 'total_price'])
          .where('sale_id', '=', res.body.data.id)
          .orderBy('id')
          .execute();
        const merged = sameLine
          ? [
              {
                ...(cart[0] as (typeof cart)[number]),
                quantity: Math.round(((cart[0]?.quantity ?? 0) + (cart[1]?.quantity ?? 0)) * 1000) / 1000,
              },
            ]
          : cart;
        expect(stored).toHaveLength(merged.length);
        merged.forEach((l, i) => {
          const price = unitPrice(l.batch.sale_price, l.unit.factor, l.unit.discount);
          expect(stored[i]).toMatchObject({ unit_price: price, total_price: lineTotal(l.quantity, price) });
          lines.push({
            saleId: res.body.data.id,
            lineId: stored[i]?.id as number,
            factor: l.unit.factor,
            sold: milli(l.quantity),
            returned: 0,
          });
        });
        for (const l of cart) l.batch.balance -= l.base;
      } else if (roll < 0.8 && lines.length > 0) {
        const line = pick(lines);
        const left = line.sold - line.returned;
        if (left === 0) continue;
        // Whole hundredths of the unit sold (exact in base units for both factors), or all that is left.
        const quantity = random() < 0.3 ? left / 1000 : Math.max(10, Math.floor((random() * left) / 10) * 10) / 1000;
        const tooMuch = milli(quantity) > left;
        const res = await giveBack(line.saleId, [{ sale_item_id: line.lineId, quantity }]);
        if (tooMuch) {
          expect(res.status).toBe(422);
          continue;
        }
        expect(res.status).toBe(200);
        counts.return += 1;
        line.returned += milli(quantity);
        const batchId = (
          await t.db.selectFrom('sale_items').select('batch_id').where('id', '=', line.lineId).executeTakeFirstOrThrow()
        ).batch_id;
        const b = batches.find((x) => x.id === batchId) as (typeof batches)[number];
        b.balance += milli(quantity * line.factor);
      } else {
        const batch = pick(batches);
        const unit = pick(units);
        const scale = 10 ** unit.places;
        const quantity = Math.floor(((random() * batch.balance * 0.3) / 1000 / unit.factor) * scale) / scale;
        if (quantity === 0) continue;
        const res = await t.call('POST', '/api/stockadjustmentstore', {
          token: admin,
          body: {
            batch_id: batch.id,
            reason: 'DAMAGE',
            quantity,
            ...(unit.factor === 1 ? {} : { measurement_id: unit.id }),
            adjustment_date: today,
            note: 'Torn sacks',
          },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        batch.balance -= milli(quantity * unit.factor);
        counts.writeOff += 1;
      }
    }
    // The run did each kind of step.
    expect(Object.values(counts).every((n) => n > 0)).toBe(true);

    for (const b of batches) {
      const [sold, returned, written] = await Promise.all([
        t.db
          .selectFrom('sale_items')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity'), eb.lit(0)).as('q'))
          .where('batch_id', '=', b.id)
          .executeTakeFirstOrThrow(),
        t.db
          .selectFrom('sale_return_items as ri')
          .innerJoin('sale_items as i', 'i.id', 'ri.sale_item_id')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('ri.quantity'), eb.lit(0)).as('q'))
          .where('i.batch_id', '=', b.id)
          .executeTakeFirstOrThrow(),
        t.db
          .selectFrom('stock_adjustments')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity'), eb.lit(0)).as('q'))
          .where('batch_id', '=', b.id)
          .executeTakeFirstOrThrow(),
      ]);
      const fromLines = b.received - milli(Number(sold.q)) + milli(Number(returned.q)) - milli(Number(written.q));
      const api = (await ok(t.call('GET', `/api/stockshow/${b.id}`, { token: admin }))).data;
      expect({ batch: b.batch_number, model: b.balance, lines: fromLines, api: milli(api.balance) }).toEqual({
        batch: b.batch_number,
        model: fromLines,
        lines: fromLines,
        api: fromLines,
      });
      expect(milli(api.quantity_sold)).toBe(milli(Number(sold.q)) - milli(Number(returned.q)));
      expect(milli(api.quantity_adjusted)).toBe(milli(Number(written.q)));
      expect(milli(api.quantity)).toBe(b.received);
    }
    // Each line's base quantity is its quantity sold times its factor.
    const { rows: mismatched } = await sql`
      SELECT id FROM sale_items
      WHERE product_id = ${catalogue.product_id} AND coalesce(sold_quantity, quantity) * factor <> quantity`.execute(
      t.db,
    );
    expect(mismatched).toEqual([]);
  });
});
