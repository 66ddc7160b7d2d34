import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInvalid, lastAudit } from '../../../test/catalogue-fixtures.ts';
import { crudContract, type SignedIn, signedInApp } from '../../../test/crud-contract.ts';
import { stockReferenceContract } from '../../../test/stock-reference-contract.ts';
import type { TestApp } from '../../../test/test-app.ts';

let app: SignedIn;
let t: TestApp;
let admin: string;
let adminId: number;
let make: SignedIn['make'];

beforeAll(async () => {
  app = await signedInApp();
  ({ t, admin, adminId, make } = app);
});
afterAll(() => t.close());

const measurementRow = (id: number) =>
  t.db.selectFrom('measurements').selectAll().where('id', '=', id).executeTakeFirst();
const store = (body: object, token = admin) => t.call('POST', '/api/measurementstore', { token, body });
const listNames = async (search: string) =>
  (await t.call('GET', `/api/measurementlist?search=${encodeURIComponent(search)}`, { token: admin })).body.data.map(
    (m: { name: string }) => m.name,
  );

describe('GET /api/measurementlist', () => {
  it('lists live measurements newest first with creator, searched and paged', async () => {
    const ids = [];
    for (const name of ['Bag', 'Tonne', 'Metre', 'Litre', 'Piece', 'Roll']) ids.push(await make.measurement(name));
    const res = await t.call('GET', '/api/measurementlist?pagination_size=5', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, total: 6, last_page: 2, per_page: 5, from: 1, to: 5 });
    expect(res.body.data.map((m: { id: number }) => m.id)).toEqual(ids.slice(1).reverse());
    expect(res.body.data[0]).toMatchObject({
      id: ids[5],
      name: 'Roll',
      environment: 'TEST',
      user: { name: 'Administrator' },
    });
    const second = await t.call('GET', '/api/measurementlist?pagination_size=5&page=2', { token: admin });
    expect(second.body).toMatchObject({ current_page: 2, from: 6, to: 6 });
    expect(second.body.data.map((m: { id: number }) => m.id)).toEqual([ids[0]]);
    expect(await listNames('TRE')).toEqual(['Litre', 'Metre']);
    expect(await listNames('_')).toEqual([]);
  });
});

describe('POST /api/measurementstore', () => {
  it('validates with the original client messages', async () => {
    const empty = await store({});
    expectInvalid(empty, { name: ['Name is required.'] });
    const blank = await store({ name: ' ', environment: 'production' });
    expect(blank.body.errors).toEqual({ name: ['Name is required.'], environment: ['Environment is required.'] });
    const long = await store({ name: 'm'.repeat(101), environment: 'TEST' });
    expect(long.body.errors).toEqual({ name: ['At most 100 characters.'] });
  });
});

describe('PUT /api/measurementupdate/:id', () => {
  it('validates the name, free among live measurements', async () => {
    const id = await make.measurement('Crate');
    await make.measurement('Pallet');
    const empty = await t.call('PUT', `/api/measurementupdate/${id}`, { token: admin, body: {} });
    expectInvalid(empty, { name: ['Name is required.'] });
    const clash = await t.call('PUT', `/api/measurementupdate/${id}`, { token: admin, body: { name: 'pallet' } });
    expect(clash.status).toBe(422);
    expect(clash.body.errors).toEqual({ name: ['The name has already been taken.'] });
    expect((await measurementRow(id))?.name).toBe('Crate');
  });

  it('renames the measurement and audits from/to', async () => {
    const id = await make.measurement('Drum');
    const res = await t.call('PUT', `/api/measurementupdate/${id}`, {
      token: admin,
      body: { name: 'Drum (200 L)', environment: 'PRODUCTION' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Measurement updated successfully!' });
    expect(await measurementRow(id)).toMatchObject({ name: 'Drum (200 L)', environment: 'TEST' });
    expect(await lastAudit(t)).toMatchObject({
      type: 'Measurement',
      activity: 'Update',
      details: `Measurement ${id} from: {"name":"Drum"} to: {"name":"Drum (200 L)"}`,
      user_id: adminId,
    });
    const recase = await t.call('PUT', `/api/measurementupdate/${id}`, {
      token: admin,
      body: { name: 'DRUM (200 L)' },
    });
    expect(recase.status).toBe(200);
  });
});

describe('DELETE /api/measurementdelete/:id', () => {
  it('takes the trashed measurement out of the lookup and frees its name', async () => {
    const id = await make.measurement('Temporary Unit');
    expect((await t.call('DELETE', `/api/measurementdelete/${id}`, { token: admin })).status).toBe(200);
    expect(await listNames('Temporary Unit')).toEqual([]);
    const lookup = await t.call('GET', '/api/getmeasurements', { token: admin });
    expect(lookup.body.data.map((m: { id: number }) => m.id)).not.toContain(id);
    expect(await make.measurement('Temporary Unit')).not.toBe(id);
  });
});

describe('measurements in the trash', () => {
  it('are not restored while a live namesake took the name', async () => {
    const id = await make.measurement('Comeback Unit');
    await t.call('DELETE', `/api/measurementdelete/${id}`, { token: admin });
    const namesake = await make.measurement('comeback unit');
    expect(await t.call('PUT', `/api/trashrestore/measurement/${id}`, { token: admin })).toMatchObject({
      status: 409,
      body: { success: false, message: 'Another measurement now uses the same details. Rename or remove it first.' },
    });
    expect((await measurementRow(id))?.deleted_at).toBeInstanceOf(Date);
    expect((await measurementRow(namesake))?.deleted_at).toBeNull();
  });
});

crudContract(() => app, {
  word: 'measurement',
  label: 'Measurement',
  bulkDelete: { path: '/api/measurementsdelete', field: 'measurement_ids' },
  table: 'measurements',
  make: (name) => make.measurement(name),
  storeBody: (name) => ({ name, environment: 'TEST' }),
  updateBody: (name) => ({ name }),
  shown: () => ({ environment: 'TEST' }),
  namedRecord: true,
  lookup: '/api/getmeasurements',
});

stockReferenceContract(() => app, {
  word: 'measurement',
  label: 'Measurement',
  table: 'measurements',
  bulkDelete: { path: '/api/measurementsdelete', field: 'measurement_ids' },
  make: (name) => make.measurement(name),
  chainName: (label) => `${label} Unit`,
  onHand: 'This measurement is still used by 1 batch(es) with stock on hand. Sell or write off that stock first.',
  stillUsed: 'Stock records still use this measurement.',
});
