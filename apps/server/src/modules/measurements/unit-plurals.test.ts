import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastAudit } from '../../../test/catalogue-fixtures.ts';
import { signedInApp } from '../../../test/crud-contract.ts';
import { pdfLines } from '../../../test/pdf-text.ts';
import { type Catalogue, makeCatalogue, receiveBatch } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';

// A unit's plural: stored with the measurement, and used wherever a quantity is written beside its unit, so no
// screen or document says "Kgs" or "Boxs".
let t: TestApp;
let admin: string;

beforeAll(async () => {
  ({ t, admin } = await signedInApp());
});
afterAll(() => t.close());

const pluralOf = async (id: number) =>
  (await t.db.selectFrom('measurements').select('plural').where('id', '=', id).executeTakeFirstOrThrow()).plural;
const rename = (id: number, body: object) => t.call('PUT', `/api/measurementupdate/${id}`, { token: admin, body });

/** A catalogue whose unit is called `unit` (with the shop's own plural, if given). */
async function catalogueIn(product: string, unit: string, plural?: string): Promise<Catalogue> {
  const catalogue = await makeCatalogue(t, admin, product);
  const res = await rename(catalogue.measurement_id, { name: unit, ...(plural ? { plural } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return catalogue;
}

const sell = async (items: { batchNumber: string; quantity: number }[]) => {
  const res = await t.call('POST', '/api/salesstore', {
    token: admin,
    body: {
      customerName: 'Walk-in',
      customerPhone: '0700000000',
      items,
      paymentMethod: 'CASH',
      idempotencyKey: randomUUID(),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
};

describe('a measurement’s plural', () => {
  it('is stored trimmed on create, listed and shown, and blank is none', async () => {
    const created = await t.call('POST', '/api/measurementstore', {
      token: admin,
      body: { name: 'Crate', plural: '  Crates of 24 ', environment: 'PRODUCTION' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id;
    expect(await pluralOf(id)).toBe('Crates of 24');
    const listed = await t.call('GET', '/api/measurementlist?search=Crate', { token: admin });
    expect(listed.body.data).toEqual([expect.objectContaining({ id, name: 'Crate', plural: 'Crates of 24' })]);
    const shown = await t.call('GET', `/api/measurementshow/${id}`, { token: admin });
    expect(shown.body.data).toMatchObject({ name: 'Crate', plural: 'Crates of 24' });

    const blank = await t.call('POST', '/api/measurementstore', {
      token: admin,
      body: { name: 'Sack', plural: '   ', environment: 'PRODUCTION' },
    });
    expect(await pluralOf(blank.body.data.id)).toBeNull();
    const long = await t.call('POST', '/api/measurementstore', {
      token: admin,
      body: { name: 'Pallet', plural: 'P'.repeat(101), environment: 'PRODUCTION' },
    });
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ plural: ['At most 100 characters.'] });
  });

  it('is kept by an update that sends the name only, changed with an audit row, and cleared by a blank', async () => {
    const created = await t.call('POST', '/api/measurementstore', {
      token: admin,
      body: { name: 'Tin', plural: 'Tins', environment: 'PRODUCTION' },
    });
    const id = created.body.data.id;
    expect((await rename(id, { name: 'Tin (4 L)' })).status).toBe(200);
    expect(await pluralOf(id)).toBe('Tins');
    expect((await rename(id, { name: 'Tin (4 L)', plural: 'Tins (4 L)' })).status).toBe(200);
    expect(await pluralOf(id)).toBe('Tins (4 L)');
    expect((await lastAudit(t)).details).toBe(`Measurement ${id} from: {"plural":"Tins"} to: {"plural":"Tins (4 L)"}`);
    expect((await rename(id, { name: 'Tin (4 L)', plural: '' })).status).toBe(200);
    expect(await pluralOf(id)).toBeNull();
  });
});

describe('quantities with their units', () => {
  it('the dashboard’s top products: English plurals, abbreviations unchanged, the shop’s own plural first', async () => {
    const boxes = await receiveBatch(t, admin, await catalogueIn('Tiles', 'Box'));
    const kilos = await receiveBatch(t, admin, await catalogueIn('Nails', 'kg'));
    const pairs = await receiveBatch(t, admin, await catalogueIn('Gloves', 'Pair', 'Pairs (work gloves)'));
    const single = await receiveBatch(t, admin, await catalogueIn('Ladder', 'Piece'));
    await sell([
      { batchNumber: boxes.batch_number, quantity: 5 },
      { batchNumber: kilos.batch_number, quantity: 4 },
      { batchNumber: pairs.batch_number, quantity: 3 },
      { batchNumber: single.batch_number, quantity: 1 },
    ]);
    const res = await t.call('GET', '/api/dashboard', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.chart_data).toEqual([
      { label: 'Tiles (Boxes)', y: 5 },
      { label: 'Nails (kg)', y: 4 },
      { label: 'Gloves (Pairs (work gloves))', y: 3 },
      { label: 'Ladder (Piece)', y: 1 },
    ]);
  });

  it('the receipt’s lines, the POS search and its lookups carry the unit’s plural', async () => {
    const catalogue = await catalogueIn('Padlocks', 'Blister', 'Blister packs');
    const batch = await receiveBatch(t, admin, catalogue);
    const saleId = await sell([{ batchNumber: batch.batch_number, quantity: 2 }]);
    const shown = await t.call('GET', `/api/saleshow/${saleId}`, { token: admin });
    expect(shown.body.data.items[0].measurement).toEqual({ name: 'Blister', plural: 'Blister packs' });

    const hits = await t.call('GET', '/api/possearch?q=Padlocks', { token: admin });
    expect(hits.body.data[0].measurement).toEqual({
      id: catalogue.measurement_id,
      name: 'Blister',
      plural: 'Blister packs',
    });
    const units = await t.call('GET', `/api/getmeasurementsbybrandinstock/${catalogue.brand_id}`, { token: admin });
    expect(units.body.data).toEqual([{ id: catalogue.measurement_id, name: 'Blister', plural: 'Blister packs' }]);
    const snapshot = await t.call('GET', '/api/possnapshot', { token: admin });
    expect(snapshot.body.data.measurements).toContainEqual({
      id: catalogue.measurement_id,
      name: 'Blister',
      plural: 'Blister packs',
    });
  });

  it('the stock PDF writes each quantity with its unit', async () => {
    const batch = await receiveBatch(t, admin, await catalogueIn('Sand', 't'), { quantity: 12.5, min_stock_level: 1 });
    const boxes = await receiveBatch(t, admin, await catalogueIn('Screws', 'carton'), {
      quantity: 40,
      min_stock_level: 1,
    });
    const linesOf = async (id: number) => pdfLines((await t.download(`/api/stockpdf/${id}`, admin)).bytes);
    const sand = await linesOf(batch.id);
    expect(sand).toEqual(expect.arrayContaining(['Quantity', '12.5 t', 'Minimum stock level', '1 t', 'Sold', '0 t']));
    const screws = await linesOf(boxes.id);
    expect(screws).toEqual(expect.arrayContaining(['40 cartons', '1 carton', '0 cartons']));
  });
});
