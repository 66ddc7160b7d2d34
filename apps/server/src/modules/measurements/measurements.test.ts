import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditCount,
  auditSince,
  catalogue,
  DENIED,
  expectEachCallNeedsItsKey,
  lastAudit,
  lastAuditId,
  UNAUTHENTICATED,
  userIdOf,
} from '../../../test/catalogue-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { DEMO_CASHIER } from '../../db/seed/demo.ts';

let t: TestApp;
let admin: string;
let cashier: string;
let adminId: number;
let make: ReturnType<typeof catalogue>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn();
  cashier = await t.signIn(DEMO_CASHIER.email, DEMO_CASHIER.password);
  adminId = await userIdOf(t);
  make = catalogue(t, admin);
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
  it('refuses a missing token, a user without measurementList and a bad page', async () => {
    expect(await t.call('GET', '/api/measurementlist')).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    expect(await t.call('GET', '/api/measurementlist', { token: cashier })).toMatchObject({
      status: 403,
      body: DENIED,
    });
    expect((await t.call('GET', '/api/measurementlist?page=0', { token: admin })).status).toBe(422);
    const size = await t.call('GET', '/api/measurementlist?pagination_size=20', { token: admin });
    expect(size.body).toEqual({
      success: false,
      message: 'The page size must be one of 5, 10, 25, 50, 100.',
      errors: { pagination_size: ['The page size must be one of 5, 10, 25, 50, 100.'] },
    });
  });

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
  it('refuses a missing token and a user without measurementAdd, and creates nothing', async () => {
    expect(await t.call('POST', '/api/measurementstore', { body: {} })).toMatchObject({
      status: 401,
      body: UNAUTHENTICATED,
    });
    expect(await store({ name: 'Sneaky Unit', environment: 'TEST' }, cashier)).toMatchObject({
      status: 403,
      body: DENIED,
    });
    expect(await t.db.selectFrom('measurements').select('id').where('name', '=', 'Sneaky Unit').execute()).toEqual([]);
  });

  it('validates with the seeds messages', async () => {
    const empty = await store({});
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual({
      success: false,
      message: 'Name is required.',
      errors: { name: ['Name is required.'], environment: ['Environment is required.'] },
    });
    const blank = await store({ name: ' ', environment: 'production' });
    expect(blank.body.errors).toEqual({ name: ['Name is required.'], environment: ['Environment is required.'] });
    const long = await store({ name: 'm'.repeat(101), environment: 'TEST' });
    expect(long.body.errors).toEqual({ name: ['At most 100 characters.'] });
  });

  it('keeps names unique among live measurements, ignoring case', async () => {
    await make.measurement('Sheet');
    const before = await auditCount(t);
    const clash = await store({ name: ' SHEET ', environment: 'TEST' });
    expect(clash.status).toBe(422);
    expect(clash.body).toEqual({
      success: false,
      message: 'The name has already been taken.',
      errors: { name: ['The name has already been taken.'] },
    });
    expect(await auditCount(t)).toBe(before);
  });

  it('creates the measurement (trimmed) with its creator, and audits it', async () => {
    const res = await store({ name: '  Kilogram ', environment: 'DEVELOPMENT' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Measurement created successfully!',
      data: { id: expect.any(Number), name: 'Kilogram' },
    });
    const id = res.body.data.id;
    expect(await measurementRow(id)).toMatchObject({
      name: 'Kilogram',
      environment: 'DEVELOPMENT',
      created_by: adminId,
      deleted_at: null,
    });
    expect(await lastAudit(t)).toMatchObject({
      type: 'Measurement',
      activity: 'Create',
      details: `Created measurement "Kilogram" (id ${id})`,
      user_id: adminId,
      browser: 'Chrome 140',
      platform: 'Linux',
      ip: '127.0.0.1',
    });
  });
});

describe('GET /api/measurementshow/:id', () => {
  it('refuses a missing token, a user without measurementList and an unknown id; shows the name', async () => {
    const id = await make.measurement('Carton');
    expect(await t.call('GET', `/api/measurementshow/${id}`)).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    expect(await t.call('GET', `/api/measurementshow/${id}`, { token: cashier })).toMatchObject({
      status: 403,
      body: DENIED,
    });
    expect(await t.call('GET', '/api/measurementshow/999999', { token: admin })).toMatchObject({
      status: 404,
      body: { success: false, message: 'Measurement not found.' },
    });
    const res = await t.call('GET', `/api/measurementshow/${id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { id, name: 'Carton', environment: 'TEST' } });
  });
});

describe('PUT /api/measurementupdate/:id', () => {
  it('refuses a missing token, a user without measurementEdit, bad input and an unknown id', async () => {
    const id = await make.measurement('Crate');
    await make.measurement('Pallet');
    expect(await t.call('PUT', `/api/measurementupdate/${id}`, { body: { name: 'X' } })).toMatchObject({
      status: 401,
      body: UNAUTHENTICATED,
    });
    expect(await t.call('PUT', `/api/measurementupdate/${id}`, { token: cashier, body: { name: 'X' } })).toMatchObject({
      status: 403,
      body: DENIED,
    });
    const empty = await t.call('PUT', `/api/measurementupdate/${id}`, { token: admin, body: {} });
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual({
      success: false,
      message: 'Name is required.',
      errors: { name: ['Name is required.'] },
    });
    const clash = await t.call('PUT', `/api/measurementupdate/${id}`, { token: admin, body: { name: 'pallet' } });
    expect(clash.status).toBe(422);
    expect(clash.body.errors).toEqual({ name: ['The name has already been taken.'] });
    expect(
      await t.call('PUT', '/api/measurementupdate/999999', { token: admin, body: { name: 'Nobody' } }),
    ).toMatchObject({ status: 404, body: { success: false, message: 'Measurement not found.' } });
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

  it('does not update a measurement in the trash', async () => {
    const id = await make.measurement('Soon Gone');
    await t.call('DELETE', `/api/measurementdelete/${id}`, { token: admin });
    const res = await t.call('PUT', `/api/measurementupdate/${id}`, { token: admin, body: { name: 'Back Again' } });
    expect(res.status).toBe(404);
    expect((await measurementRow(id))?.name).toBe('Soon Gone');
  });
});

describe('DELETE /api/measurementdelete/:id and /api/measurementsdelete', () => {
  it('refuses a missing token, a user without the key, an empty selection and an unknown id', async () => {
    const id = await make.measurement('Keep Me');
    expect(await t.call('DELETE', `/api/measurementdelete/${id}`)).toMatchObject({ status: 401 });
    expect(await t.call('DELETE', `/api/measurementdelete/${id}`, { token: cashier })).toMatchObject({
      status: 403,
      body: DENIED,
    });
    expect(
      await t.call('DELETE', '/api/measurementsdelete', { token: cashier, body: { measurement_ids: [id] } }),
    ).toMatchObject({ status: 403, body: DENIED });
    const empty = await t.call('DELETE', '/api/measurementsdelete', { token: admin, body: { measurement_ids: [] } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ measurement_ids: ['Select at least one record.'] });
    expect((await measurementRow(id))?.deleted_at).toBeNull();
    expect(await t.call('DELETE', '/api/measurementdelete/999999', { token: admin })).toMatchObject({
      status: 404,
      body: { success: false, message: 'Measurement not found.' },
    });
  });

  it('moves the measurement to the trash, out of the list, show and lookup, and audits it', async () => {
    const id = await make.measurement('Temporary Unit');
    const res = await t.call('DELETE', `/api/measurementdelete/${id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Measurement deleted successfully!' });
    expect((await measurementRow(id))?.deleted_at).toBeInstanceOf(Date);
    expect(await lastAudit(t)).toMatchObject({
      type: 'Measurement',
      activity: 'Delete',
      details: `Moved measurement "Temporary Unit" (id ${id}) to the trash`,
      user_id: adminId,
    });
    expect(await listNames('Temporary Unit')).toEqual([]);
    expect((await t.call('GET', `/api/measurementshow/${id}`, { token: admin })).status).toBe(404);
    const lookup = await t.call('GET', '/api/getmeasurements', { token: admin });
    expect(lookup.body.data.map((m: { id: number }) => m.id)).not.toContain(id);
    const trash = await t.call('GET', '/api/trashlist?search=Temporary Unit', { token: admin });
    expect(trash.body.data).toEqual([
      { id, name: 'Temporary Unit', model: 'measurement', record_type: 'Measurement', created_at: expect.any(String) },
    ]);
    // Its name is free again.
    expect(await make.measurement('Temporary Unit')).not.toBe(id);
  });

  it('bulk deletes all or nothing, with one audit row each', async () => {
    const ids = [
      await make.measurement('Bulk M1'),
      await make.measurement('Bulk M2'),
      await make.measurement('Bulk M3'),
    ];
    const before = await auditCount(t);
    const partial = await t.call('DELETE', '/api/measurementsdelete', {
      token: admin,
      body: { measurement_ids: [999_999, ...ids] },
    });
    expect(partial).toMatchObject({
      status: 404,
      body: { success: false, message: 'Some of the selected measurement records were not found.' },
    });
    for (const id of ids) expect((await measurementRow(id))?.deleted_at).toBeNull();
    expect(await auditCount(t)).toBe(before);
    const since = await lastAuditId(t);
    const res = await t.call('DELETE', '/api/measurementsdelete', { token: admin, body: { measurement_ids: ids } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: '3 measurement(s) deleted successfully!' });
    expect(await listNames('Bulk M')).toEqual([]);
    expect((await auditSince(t, since)).map((r) => [r.type, r.activity, r.details])).toEqual([
      ['Measurement', 'Delete', `Moved measurement "Bulk M1" (id ${ids[0]}) to the trash`],
      ['Measurement', 'Delete', `Moved measurement "Bulk M2" (id ${ids[1]}) to the trash`],
      ['Measurement', 'Delete', `Moved measurement "Bulk M3" (id ${ids[2]}) to the trash`],
    ]);
  });
});

describe('each measurement call asks for its own key', () => {
  it('grants list/show, add, edit, delete and bulk delete one key at a time', async () => {
    const id = await make.measurement('Key Check');
    const doomed = await make.measurement('Key Doomed');
    const doomedToo = await make.measurement('Key Doomed Too');
    await expectEachCallNeedsItsKey(t, [
      ['measurementList', () => t.call('GET', '/api/measurementlist', { token: cashier })],
      ['measurementList', () => t.call('GET', `/api/measurementshow/${id}`, { token: cashier })],
      ['measurementAdd', () => store({ name: 'By Cashier', environment: 'TEST' }, cashier)],
      [
        'measurementEdit',
        () => t.call('PUT', `/api/measurementupdate/${id}`, { token: cashier, body: { name: 'Key Checked' } }),
      ],
      ['measurementDelete', () => t.call('DELETE', `/api/measurementdelete/${doomed}`, { token: cashier })],
      [
        'measurementBulkDelete',
        () => t.call('DELETE', '/api/measurementsdelete', { token: cashier, body: { measurement_ids: [doomedToo] } }),
      ],
    ]);
    expect((await measurementRow(id))?.name).toBe('Key Checked');
    expect((await measurementRow(doomed))?.deleted_at).toBeInstanceOf(Date);
  });
});

describe('GET /api/getmeasurements', () => {
  it('needs a signed-in user only, and lists live measurements as id and name sorted ignoring case', async () => {
    expect(await t.call('GET', '/api/getmeasurements')).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    const ids = [
      await make.measurement('MMM Gamma'),
      await make.measurement('mmm alpha'),
      await make.measurement('Mmm Beta'),
    ];
    const trashed = await make.measurement('Mmm Gone');
    await t.call('DELETE', `/api/measurementdelete/${trashed}`, { token: admin });
    const res = await t.call('GET', '/api/getmeasurements', { token: cashier });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.filter((m: { name: string }) => m.name.toLowerCase().startsWith('mmm '))).toEqual([
      { id: ids[1], name: 'mmm alpha' },
      { id: ids[2], name: 'Mmm Beta' },
      { id: ids[0], name: 'MMM Gamma' },
    ]);
    const live = await t.db.selectFrom('measurements').select('id').where('deleted_at', 'is', null).execute();
    expect(res.body.data.map((m: { id: number }) => m.id).sort()).toEqual(live.map((m) => m.id).sort());
  });
});

describe('a measurement that stock on hand still uses', () => {
  const ON_HAND =
    'This measurement is still used by 1 batch(es) with stock on hand. Sell or write off that stock first.';

  it('stays out of the trash, deleted alone or in bulk, until that stock is gone', async () => {
    const refs = await make.chain('On Hand');
    const batch = await make.stock(refs);
    const spare = await make.measurement('On Hand Spare');
    const before = await auditCount(t);
    expect(await t.call('DELETE', `/api/measurementdelete/${refs.measurement_id}`, { token: admin })).toMatchObject({
      status: 409,
      body: { success: false, message: ON_HAND },
    });
    const bulk = await t.call('DELETE', '/api/measurementsdelete', {
      token: admin,
      body: { measurement_ids: [spare, refs.measurement_id] },
    });
    expect(bulk).toMatchObject({ status: 409, body: { success: false, message: ON_HAND } });
    expect((await measurementRow(refs.measurement_id))?.deleted_at).toBeNull();
    expect((await measurementRow(spare))?.deleted_at).toBeNull();
    expect(await auditCount(t)).toBe(before);

    await make.emptyBatch(batch.id);
    const res = await t.call('DELETE', '/api/measurementsdelete', {
      token: admin,
      body: { measurement_ids: [spare, refs.measurement_id] },
    });
    expect(res).toMatchObject({ status: 200, body: { message: '2 measurement(s) deleted successfully!' } });
  });
});

describe('measurements in the trash', () => {
  it('restores a measurement whole and audits it; a live namesake blocks the restore', async () => {
    const id = await make.measurement('Comeback Unit');
    await t.call('DELETE', `/api/measurementdelete/${id}`, { token: admin });
    const res = await t.call('PUT', `/api/trashrestore/measurement/${id}`, { token: admin });
    expect(res).toMatchObject({ status: 200, body: { success: true, message: 'Record restored successfully!' } });
    expect(await measurementRow(id)).toMatchObject({ name: 'Comeback Unit', environment: 'TEST', deleted_at: null });
    expect(await lastAudit(t)).toMatchObject({
      type: 'Measurement',
      activity: 'Restore',
      details: `Restored measurement "Comeback Unit" (id ${id}) from the trash`,
    });
    expect(await listNames('Comeback Unit')).toEqual(['Comeback Unit']);

    await t.call('DELETE', `/api/measurementdelete/${id}`, { token: admin });
    const namesake = await make.measurement('comeback unit');
    expect(await t.call('PUT', `/api/trashrestore/measurement/${id}`, { token: admin })).toMatchObject({
      status: 409,
      body: { success: false, message: 'Another measurement now uses the same details. Rename or remove it first.' },
    });
    expect((await measurementRow(id))?.deleted_at).toBeInstanceOf(Date);
    expect((await measurementRow(namesake))?.deleted_at).toBeNull();
  });

  it('refuses permanent delete while stock batches use it, then allows it', async () => {
    const refs = await make.chain('Purge');
    const batch = await make.stock(refs);
    // The batch goes to the trash first (its stock on hand keeps the measurement out of it); there it still uses it.
    expect((await t.call('DELETE', `/api/stockdelete/${batch.id}`, { token: admin })).status).toBe(200);
    expect((await t.call('DELETE', `/api/measurementdelete/${refs.measurement_id}`, { token: admin })).status).toBe(
      200,
    );
    expect(
      await t.call('DELETE', `/api/trashdelete/measurement/${refs.measurement_id}`, { token: admin }),
    ).toMatchObject({ status: 409, body: { success: false, message: 'Stock records still use this measurement.' } });
    expect(await measurementRow(refs.measurement_id)).toBeDefined();
    expect((await t.call('DELETE', `/api/trashdelete/stock/${batch.id}`, { token: admin })).status).toBe(200);
    const res = await t.call('DELETE', `/api/trashdelete/measurement/${refs.measurement_id}`, { token: admin });
    expect(res).toMatchObject({ status: 200, body: { success: true, message: 'Record deleted successfully!' } });
    expect(await measurementRow(refs.measurement_id)).toBeUndefined();
    expect(await lastAudit(t)).toMatchObject({
      type: 'Measurement',
      activity: 'Permanent delete',
      details: `Deleted measurement "Purge Unit" (id ${refs.measurement_id}) permanently`,
    });
  });

  it('keeps showing the measurement name on old stock rows after it is trashed', async () => {
    const refs = await make.chain('History');
    const batch = await make.stock(refs);
    await make.emptyBatch(batch.id);
    expect((await t.call('DELETE', `/api/measurementdelete/${refs.measurement_id}`, { token: admin })).status).toBe(
      200,
    );
    const res = await t.call('GET', `/api/stockshow/${batch.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ measurement_id: refs.measurement_id, measurement_name: 'History Unit' });
  });
});
