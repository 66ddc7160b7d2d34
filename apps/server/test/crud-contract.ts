// The contract every record on registerCrudRoutes keeps (platform/crud-routes.ts), proved once here and run by each
// module's test with its specifics: who may call each of the six calls (401, 403, each key alone), the list's query
// rules, 404 for unknown and trashed ids, one record to the trash with its audit row, a bulk delete all or nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CASHIER } from '../src/db/seed/demo.ts';
import {
  auditCount,
  auditSince,
  catalogue,
  DENIED,
  expectEachCallNeedsItsKey,
  expectInvalid,
  lastAudit,
  lastAuditId,
  UNAUTHENTICATED,
  userIdOf,
} from './catalogue-fixtures.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** A test app with the demo Administrator and Cashier signed in, and the catalogue fixtures. */
export interface SignedIn {
  t: TestApp;
  admin: string;
  cashier: string;
  adminId: number;
  make: ReturnType<typeof catalogue>;
}

export async function signedInApp(): Promise<SignedIn> {
  const t = await createTestApp();
  const admin = await t.signIn();
  return {
    t,
    admin,
    cashier: await t.signIn(DEMO_CASHIER.email, DEMO_CASHIER.password),
    adminId: await userIdOf(t),
    make: catalogue(t, admin),
  };
}

export interface CrudContract {
  /** Paths and keys: 'brand' → /api/brandlist… and brandList, brandAdd… */
  word: string;
  /** 'Brand': audit type, trash record type, "Brand not found.", "Brand deleted successfully!" */
  label: string;
  /** The bulk delete call and its body field: '/api/brandsdelete', 'brand_ids'. */
  bulkDelete: { path: string; field: string };
  table: 'brands' | 'products' | 'measurements' | 'categories' | 'roles' | 'suppliers' | 'users' | 'customers';
  /** Makes a live record named `name` through the API. */
  make: (name: string) => Promise<number>;
  storeBody: (name: string) => object;
  updateBody: (name: string) => object;
  /** What the show call answers for a record from `make`, beside its id and name. */
  shown?: () => object;
  /** Its name in the trash and the audit log; the record's name when absent (a supplier adds its number). */
  trashName?: (id: number) => Promise<string>;
  /** A record that is only a name (and its parent): the store answers `{ id, name }`, audits `Created <word> "<name>"`,
   * and refuses a live record's name in another case. */
  namedRecord?: boolean;
  /** The lookup the forms fill their selects from (`/api/getproducts`): any signed-in user, live records only. */
  lookup?: string;
}

export function crudContract(app: () => SignedIn, spec: CrudContract) {
  const { word, label } = spec;
  const path = (call: string, id?: number | string) => `/api/${word}${call}${id === undefined ? '' : `/${id}`}`;
  const notFound = { success: false, message: `${label} not found.` };
  const row = (id: number) =>
    app().t.db.selectFrom(spec.table).select(['name', 'deleted_at']).where('id', '=', id).executeTakeFirst();
  const named = async (id: number, name: string) => (spec.trashName ? spec.trashName(id) : name);
  const bulk = (ids: unknown, token?: string) =>
    app().t.call('DELETE', spec.bulkDelete.path, { token, body: { [spec.bulkDelete.field]: ids } });
  let t: TestApp;
  let admin: string;
  let cashier: string;
  beforeAll(() => {
    ({ t, admin, cashier } = app());
  });

  describe(`the six ${word} calls (crud contract)`, () => {
    it(`list: refuses a missing token, a user without ${word}List, a bad page, page size or search`, async () => {
      expect(await t.call('GET', path('list'))).toMatchObject({ status: 401, body: UNAUTHENTICATED });
      expect(await t.call('GET', path('list'), { token: cashier })).toMatchObject({ status: 403, body: DENIED });
      for (const size of ['3', '7', '15', '20', '0', '1000', 'ten']) {
        const res = await t.call('GET', `${path('list')}?pagination_size=${size}`, { token: admin });
        expect(res.status, size).toBe(422);
        expect(res.body).toEqual({
          success: false,
          message: 'The page size must be one of 5, 10, 25, 50, 100.',
          errors: { pagination_size: ['The page size must be one of 5, 10, 25, 50, 100.'] },
        });
      }
      for (const size of [5, 10, 25, 50, 100]) {
        const res = await t.call('GET', `${path('list')}?pagination_size=${size}`, { token: admin });
        expect(res.body.per_page).toBe(size);
      }
      expect((await t.call('GET', `${path('list')}?page=0`, { token: admin })).status).toBe(422);
      const long = await t.call('GET', `${path('list')}?search=${'s'.repeat(101)}`, { token: admin });
      expect(long.status).toBe(422);
      expect(long.body.message).toBe('The search may have at most 100 characters.');
    });

    it(`show: refuses a missing token, a user without ${word}List, an unknown, malformed or trashed id`, async () => {
      const id = await spec.make('Contract Show');
      expect(await t.call('GET', path('show', id))).toMatchObject({ status: 401, body: UNAUTHENTICATED });
      expect(await t.call('GET', path('show', id), { token: cashier })).toMatchObject({ status: 403, body: DENIED });
      expect(await t.call('GET', path('show', 999_999), { token: admin })).toMatchObject({
        status: 404,
        body: notFound,
      });
      expect((await t.call('GET', path('show', 'abc'), { token: admin })).status).toBe(422);
      expect(await t.call('GET', path('show', id), { token: admin })).toMatchObject({
        status: 200,
        body: { success: true, data: { id, name: 'Contract Show', ...spec.shown?.() } },
      });
      await t.call('DELETE', path('delete', id), { token: admin });
      expect((await t.call('GET', path('show', id), { token: admin })).status).toBe(404);
    });

    it(`store and update: refuse a missing token and a user without the key, an unknown or trashed id`, async () => {
      // Who may call comes before what is sent: an empty body is refused the same way.
      for (const body of [{}, spec.storeBody('Contract Ghost')]) {
        expect(await t.call('POST', path('store'), { body })).toMatchObject({ status: 401, body: UNAUTHENTICATED });
        const denied = await t.call('POST', path('store'), { token: cashier, body });
        expect(denied).toMatchObject({ status: 403, body: DENIED });
      }
      const id = await spec.make('Contract Edit');
      const body = spec.updateBody('Contract Changed');
      expect(await t.call('PUT', path('update', id), { body })).toMatchObject({ status: 401, body: UNAUTHENTICATED });
      expect(await t.call('PUT', path('update', id), { token: cashier, body })).toMatchObject({
        status: 403,
        body: DENIED,
      });
      expect(await t.call('PUT', path('update', 999_999), { token: admin, body })).toMatchObject({
        status: 404,
        body: notFound,
      });
      expect((await row(id))?.name).toBe('Contract Edit');
      expect(await t.db.selectFrom(spec.table).select('id').where('name', '=', 'Contract Ghost').execute()).toEqual([]);
      await t.call('DELETE', path('delete', id), { token: admin });
      expect((await t.call('PUT', path('update', id), { token: admin, body })).status).toBe(404);
      expect((await row(id))?.name).toBe('Contract Edit');
    });

    if (spec.namedRecord) {
      it('store: keeps the name trimmed, the environment sent and the creator, and audits it', async () => {
        const body = { ...spec.storeBody('  Contract Trimmed '), environment: 'PRODUCTION' };
        const res = await t.call('POST', path('store'), { token: admin, body });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body).toEqual({
          success: true,
          message: `${label} created successfully!`,
          data: { id: expect.any(Number), name: 'Contract Trimmed' },
        });
        const id = res.body.data.id;
        expect(await t.db.selectFrom(spec.table).selectAll().where('id', '=', id).executeTakeFirst()).toMatchObject({
          name: 'Contract Trimmed',
          environment: 'PRODUCTION',
          created_by: app().adminId,
          deleted_at: null,
        });
        expect(await lastAudit(t)).toMatchObject({
          type: label,
          activity: 'Create',
          details: `Created ${word} "Contract Trimmed" (id ${id})`,
          user_id: app().adminId,
          browser: 'Chrome 140',
          platform: 'Linux',
          ip: '127.0.0.1',
        });
      });

      it('update: renames the record, audits from/to of the name, and takes its own name in another case', async () => {
        const id = await spec.make('Contract Rename');
        const res = await t.call('PUT', path('update', id), {
          token: admin,
          body: spec.updateBody('Contract Renamed'),
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body).toEqual({ success: true, message: `${label} updated successfully!` });
        expect((await row(id))?.name).toBe('Contract Renamed');
        expect(await lastAudit(t)).toMatchObject({
          type: label,
          activity: 'Update',
          details: `${label} ${id} from: {"name":"Contract Rename"} to: {"name":"Contract Renamed"}`,
          user_id: app().adminId,
        });
        const recase = await t.call('PUT', path('update', id), {
          token: admin,
          body: spec.updateBody('CONTRACT RENAMED'),
        });
        expect(recase.status).toBe(200);
        expect((await row(id))?.name).toBe('CONTRACT RENAMED');
      });

      it("store: refuses a live record's name in another case, and audits nothing", async () => {
        await spec.make('Contract Unique');
        const before = await auditCount(t);
        const clash = await t.call('POST', path('store'), { token: admin, body: spec.storeBody(' CONTRACT unique ') });
        expectInvalid(clash, { name: ['The name has already been taken.'] });
        expect(await auditCount(t)).toBe(before);
      });
    }

    const { lookup } = spec;
    if (lookup) {
      it(`lookup: ${lookup} needs a signed-in user only, and lists live records as id and name sorted ignoring case`, async () => {
        expect(await t.call('GET', lookup)).toMatchObject({ status: 401, body: UNAUTHENTICATED });
        const ids = [await spec.make('MMM Gamma'), await spec.make('mmm alpha'), await spec.make('Mmm Beta')];
        await t.call('DELETE', path('delete', await spec.make('Mmm Gone')), { token: admin });
        const res = await t.call('GET', lookup, { token: cashier });
        expect(res.status).toBe(200);
        expect(res.body.success).toBe(true);
        expect(res.body.data.filter((r: { name: string }) => r.name.toLowerCase().startsWith('mmm '))).toEqual([
          { id: ids[1], name: 'mmm alpha' },
          { id: ids[2], name: 'Mmm Beta' },
          { id: ids[0], name: 'MMM Gamma' },
        ]);
        const live = await t.db.selectFrom(spec.table).select('id').where('deleted_at', 'is', null).execute();
        expect(res.body.data.map((r: { id: number }) => r.id).sort()).toEqual(live.map((r) => r.id).sort());
      });
    }

    it('delete and bulk delete: refuse a missing token, a user without the key, an unknown id, no selection', async () => {
      const id = await spec.make('Contract Keep');
      expect(await t.call('DELETE', path('delete', id))).toMatchObject({ status: 401, body: UNAUTHENTICATED });
      expect(await t.call('DELETE', path('delete', id), { token: cashier })).toMatchObject({
        status: 403,
        body: DENIED,
      });
      expect(await bulk([id])).toMatchObject({ status: 401, body: UNAUTHENTICATED });
      expect(await bulk([id], cashier)).toMatchObject({ status: 403, body: DENIED });
      for (const body of [{}, { [spec.bulkDelete.field]: [] }, { [spec.bulkDelete.field]: 'all' }, { ids: [id] }]) {
        const res = await t.call('DELETE', spec.bulkDelete.path, { token: admin, body });
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(res.body).toEqual({
          success: false,
          message: 'Select at least one record.',
          errors: { [spec.bulkDelete.field]: ['Select at least one record.'] },
        });
      }
      expect(await t.call('DELETE', path('delete', 999_999), { token: admin })).toMatchObject({
        status: 404,
        body: notFound,
      });
      expect((await row(id))?.deleted_at).toBeNull();
    });

    it('delete: moves the record to the trash, out of the list and show, and audits it', async () => {
      const id = await spec.make('Contract Temporary');
      const name = await named(id, 'Contract Temporary');
      const res = await t.call('DELETE', path('delete', id), { token: admin });
      expect(res).toMatchObject({ status: 200, body: { success: true, message: `${label} deleted successfully!` } });
      expect(res.body).toEqual({ success: true, message: `${label} deleted successfully!` });
      expect((await row(id))?.deleted_at).toBeInstanceOf(Date);
      expect(await lastAudit(t)).toMatchObject({
        type: label,
        activity: 'Delete',
        details: `Moved ${word} "${name}" (id ${id}) to the trash`,
        user_id: app().adminId,
      });
      const list = await t.call('GET', `${path('list')}?search=Contract Temporary`, { token: admin });
      expect(list.body.total).toBe(0);
      expect((await t.call('GET', path('show', id), { token: admin })).status).toBe(404);
      expect((await t.call('DELETE', path('delete', id), { token: admin })).status).toBe(404);
      const trash = await t.call('GET', `/api/trashlist?search=Contract Temporary`, { token: admin });
      expect(trash.body.data).toEqual([{ id, name, model: word, record_type: label, created_at: expect.any(String) }]);
    });

    it('bulk delete: all or nothing (an unknown or trashed id is a 404), one audit row each', async () => {
      const ids = [await spec.make('Contract Bulk X'), await spec.make('Contract Bulk Y')];
      const trashed = await spec.make('Contract Bulk Gone');
      await t.call('DELETE', path('delete', trashed), { token: admin });
      const before = await auditCount(t);
      for (const extra of [999_999, trashed]) {
        expect(await bulk([...ids, extra], admin)).toMatchObject({
          status: 404,
          body: { success: false, message: `Some of the selected ${word} records were not found.` },
        });
      }
      for (const id of ids) expect((await row(id))?.deleted_at).toBeNull();
      expect(await auditCount(t)).toBe(before);
      const since = await lastAuditId(t);
      const res = await bulk([...ids, ids[0]], admin);
      expect(res).toMatchObject({ status: 200 });
      expect(res.body).toEqual({ success: true, message: `2 ${word}(s) deleted successfully!` });
      for (const id of ids) expect((await row(id))?.deleted_at).toBeInstanceOf(Date);
      expect((await auditSince(t, since)).map((a) => [a.type, a.activity, a.details])).toEqual([
        [label, 'Delete', `Moved ${word} "${await named(ids[0], 'Contract Bulk X')}" (id ${ids[0]}) to the trash`],
        [label, 'Delete', `Moved ${word} "${await named(ids[1], 'Contract Bulk Y')}" (id ${ids[1]}) to the trash`],
      ]);
    });

    it('grants list/show, add, edit, delete and bulk delete one key at a time', async () => {
      const id = await spec.make('Contract Key Check');
      const doomed = await spec.make('Contract Key Doomed');
      const doomedToo = await spec.make('Contract Key Doomed Too');
      await expectEachCallNeedsItsKey(t, [
        [`${word}List`, () => t.call('GET', path('list'), { token: cashier })],
        [`${word}List`, () => t.call('GET', path('show', id), { token: cashier })],
        [`${word}Add`, () => t.call('POST', path('store'), { token: cashier, body: spec.storeBody('By Cashier') })],
        [
          `${word}Edit`,
          () => t.call('PUT', path('update', id), { token: cashier, body: spec.updateBody('Contract Key Checked') }),
        ],
        [`${word}Delete`, () => t.call('DELETE', path('delete', doomed), { token: cashier })],
        [`${word}BulkDelete`, () => bulk([doomedToo], cashier)],
      ]);
      expect((await row(id))?.name).toBe('Contract Key Checked');
      const made = await t.db.selectFrom(spec.table).select('created_by').where('name', '=', 'By Cashier').execute();
      expect(made.map((r) => r.created_by)).toEqual([await userIdOf(t, DEMO_CASHIER.email)]);
    });
  });
}
