import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCount, DENIED, demoRoleIds, expectInvalid, lastAudit } from '../../../test/catalogue-fixtures.ts';
import { crudContract, type SignedIn, signedInApp } from '../../../test/crud-contract.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { STOREKEEPER_KEYS } from '../../db/seed/demo.ts';

let app: SignedIn;
let t: TestApp;
let admin: string;
let cashier: string;
let adminId: number;
let adminRoleId: number;
let cashierRoleId: number;
let storekeeperRoleId: number;

beforeAll(async () => {
  app = await signedInApp();
  ({ t, admin, cashier, adminId } = app);
  ({ adminRoleId, cashierRoleId, storekeeperRoleId } = await demoRoleIds(t));
});
afterAll(() => t.close());

const BUILT_IN = 'The Administrator role is built in and cannot be changed or deleted.';

const createRole = async (name: string, environment = 'TEST') => {
  const res = await t.call('POST', '/api/rolestore', { token: admin, body: { name, environment } });
  expect(res.status).toBe(200);
  return res.body.data.id as number;
};
const roleRow = (id: number) => t.db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();

describe('GET /api/rolelist', () => {
  it('lists the live roles newest first with their user count and creator', async () => {
    const res = await t.call('GET', '/api/rolelist', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, current_page: 1, last_page: 1, total: 3, per_page: 10 });
    expect(res.body.from).toBe(1);
    expect(res.body.to).toBe(3);
    const byName = Object.fromEntries(res.body.data.map((r: { name: string }) => [r.name, r]));
    expect(Object.keys(byName).sort()).toEqual(['Administrator', 'Cashier', 'Storekeeper']);
    expect(byName.Administrator).toMatchObject({ is_admin: true, users_count: 1, user: { name: 'Administrator' } });
    expect(byName.Cashier).toMatchObject({
      id: cashierRoleId,
      environment: 'PRODUCTION',
      is_admin: false,
      users_count: 1,
      user: { name: 'Administrator' },
    });
    expect(byName.Storekeeper.users_count).toBe(0);
    expect(new Date(byName.Cashier.created_at).getTime()).not.toBeNaN();
  });

  it('searches by name, case-insensitively and with LIKE wildcards taken literally', async () => {
    const res = await t.call('GET', '/api/rolelist?search=CASH', { token: admin });
    expect(res.body.data.map((r: { name: string }) => r.name)).toEqual(['Cashier']);
    expect(res.body.total).toBe(1);
    const wildcard = await t.call('GET', `/api/rolelist?search=${encodeURIComponent('%')}`, { token: admin });
    expect(wildcard.body).toMatchObject({ total: 0, data: [], from: null, to: null, last_page: 1 });
  });

  it('pages with the chosen size and numbers rows on across pages', async () => {
    for (const name of ['Pager A', 'Pager B', 'Pager C']) await createRole(name);
    const first = await t.call('GET', '/api/rolelist?pagination_size=5&page=1', { token: admin });
    expect(first.body).toMatchObject({ total: 6, last_page: 2, current_page: 1, per_page: 5, from: 1, to: 5 });
    expect(first.body.data[0].name).toBe('Pager C');
    const second = await t.call('GET', '/api/rolelist?pagination_size=5&page=2', { token: admin });
    expect(second.body).toMatchObject({ total: 6, last_page: 2, current_page: 2, from: 6, to: 6 });
    expect(second.body.data).toHaveLength(1);
    const ids = [...first.body.data, ...second.body.data].map((r: { id: number }) => r.id);
    expect(new Set(ids).size).toBe(6);
    const beyond = await t.call('GET', '/api/rolelist?pagination_size=5&page=9', { token: admin });
    expect(beyond.body).toMatchObject({ data: [], total: 6, current_page: 9, from: null, to: null });
    await t.call('DELETE', '/api/rolesdelete', { token: admin, body: { role_ids: ids.slice(0, 3) } });
  });
});

describe('POST /api/rolestore', () => {
  it('validates with the original client messages', async () => {
    const empty = await t.call('POST', '/api/rolestore', { token: admin, body: {} });
    expectInvalid(empty, { name: ['Name is required.'] });
    const blank = await t.call('POST', '/api/rolestore', {
      token: admin,
      body: { name: '   ', environment: 'STAGING' },
    });
    expect(blank.body.errors).toEqual({ name: ['Name is required.'], environment: ['Environment is required.'] });
    const long = await t.call('POST', '/api/rolestore', {
      token: admin,
      body: { name: 'x'.repeat(101), environment: 'TEST' },
    });
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ name: ['At most 100 characters.'] });
  });

  it('refuses a name already taken by a live role, ignoring case', async () => {
    const before = await auditCount(t);
    const res = await t.call('POST', '/api/rolestore', {
      token: admin,
      body: { name: ' cAsHiEr ', environment: 'TEST' },
    });
    expectInvalid(res, { name: ['The name has already been taken.'] });
    expect(await auditCount(t)).toBe(before);
  });

  // Trimmed name, creator and audit row: the crud contract (namedRecord).
  it('creates a role that is not the Administrator role and holds no keys yet', async () => {
    const res = await t.call('POST', '/api/rolestore', {
      token: admin,
      body: { name: 'Accountant', environment: 'DEVELOPMENT' },
    });
    expect(res.status).toBe(200);
    expect(await roleRow(res.body.data.id)).toMatchObject({ environment: 'DEVELOPMENT', is_admin: false });
    expect(
      await t.db
        .selectFrom('role_permissions')
        .select('permission_key')
        .where('role_id', '=', res.body.data.id)
        .execute(),
    ).toEqual([]);
  });
});

describe('GET /api/roleshow/:id', () => {
  it('shows the role', async () => {
    const res = await t.call('GET', `/api/roleshow/${cashierRoleId}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      data: { id: cashierRoleId, name: 'Cashier', environment: 'PRODUCTION', is_admin: false },
    });
  });
});

describe('PUT /api/roleupdate/:id', () => {
  it('validates the name, including a clash with another role', async () => {
    const blank = await t.call('PUT', `/api/roleupdate/${storekeeperRoleId}`, { token: admin, body: { name: '' } });
    expectInvalid(blank, { name: ['Name is required.'] });
    const clash = await t.call('PUT', `/api/roleupdate/${storekeeperRoleId}`, {
      token: admin,
      body: { name: 'CASHIER' },
    });
    expect(clash.status).toBe(422);
    expect(clash.body.errors).toEqual({ name: ['The name has already been taken.'] });
  });

  it('answers 404 for an unknown id and 409 for the built-in Administrator role', async () => {
    const unknown = await t.call('PUT', '/api/roleupdate/999999', { token: admin, body: { name: 'Ghost' } });
    expect(unknown).toMatchObject({ status: 404, body: { success: false, message: 'Role not found.' } });
    const builtIn = await t.call('PUT', `/api/roleupdate/${adminRoleId}`, { token: admin, body: { name: 'Boss' } });
    expect(builtIn).toMatchObject({ status: 409, body: { success: false, message: BUILT_IN } });
    expect((await roleRow(adminRoleId))?.name).toBe('Administrator');
  });
});

describe('DELETE /api/roledelete/:id', () => {
  it("frees the trashed role's name", async () => {
    const id = await createRole('Temporary');
    expect((await t.call('DELETE', `/api/roledelete/${id}`, { token: admin })).status).toBe(200);
    expect(await createRole('Temporary')).not.toBe(id);
  });

  it('refuses a role that still has users, and the built-in role', async () => {
    const used = await t.call('DELETE', `/api/roledelete/${cashierRoleId}`, { token: admin });
    expect(used).toMatchObject({
      status: 409,
      body: { success: false, message: 'This role still has 1 user. Move them to another role first.' },
    });
    expect((await roleRow(cashierRoleId))?.deleted_at).toBeNull();
    const builtIn = await t.call('DELETE', `/api/roledelete/${adminRoleId}`, { token: admin });
    expect(builtIn).toMatchObject({ status: 409, body: { success: false, message: BUILT_IN } });
    expect((await roleRow(adminRoleId))?.deleted_at).toBeNull();
  });

  it('counts only live users: a role whose users are all in the trash may go', async () => {
    const roleId = await createRole('Seasonal');
    const user = await t.call('POST', '/api/userstore', {
      token: admin,
      body: {
        name: 'Season Worker',
        gender: 'Male',
        nin: 'CM99000001',
        phone_number: '0780000001',
        email: 'season@duka.test',
        role_id: roleId,
        environment: 'TEST',
      },
    });
    expect(user.status).toBe(200);
    expect((await t.call('DELETE', `/api/roledelete/${roleId}`, { token: admin })).status).toBe(409);
    expect((await t.call('DELETE', `/api/userdelete/${user.body.data.id}`, { token: admin })).status).toBe(200);
    expect((await t.call('DELETE', `/api/roledelete/${roleId}`, { token: admin })).status).toBe(200);
  });
});

describe('DELETE /api/rolesdelete', () => {
  it('deletes all or none: an unknown id is a 404 and a role with users a 409, and nothing changes', async () => {
    const a = await createRole('Bulk A');
    const b = await createRole('Bulk B');
    const before = await auditCount(t);
    const unknown = await t.call('DELETE', '/api/rolesdelete', { token: admin, body: { role_ids: [a, 999999] } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.success).toBe(false);
    const used = await t.call('DELETE', '/api/rolesdelete', { token: admin, body: { role_ids: [a, cashierRoleId] } });
    expect(used.status).toBe(409);
    expect(used.body.message).toBe('This role still has 1 user. Move them to another role first.');
    expect((await roleRow(a))?.deleted_at).toBeNull();
    expect(await auditCount(t)).toBe(before);

    const res = await t.call('DELETE', '/api/rolesdelete', { token: admin, body: { role_ids: [a, b, a] } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: '2 role(s) deleted successfully!' });
    expect((await roleRow(a))?.deleted_at).toBeInstanceOf(Date);
    expect((await roleRow(b))?.deleted_at).toBeInstanceOf(Date);
    const audits = await t.db
      .selectFrom('audit_logs')
      .select('details')
      .where('type', '=', 'Role')
      .where('activity', '=', 'Delete')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(audits.map((x) => x.details).sort()).toEqual([
      `Moved role "Bulk A" (id ${a}) to the trash`,
      `Moved role "Bulk B" (id ${b}) to the trash`,
    ]);
  });
});

describe('GET /api/assignedmenus/:id', () => {
  it('refuses a missing token, a user without roleEdit and an unknown id', async () => {
    expect(await t.call('GET', `/api/assignedmenus/${cashierRoleId}`)).toMatchObject({ status: 401 });
    expect(await t.call('GET', `/api/assignedmenus/${cashierRoleId}`, { token: cashier })).toMatchObject({
      status: 403,
      body: DENIED,
    });
    expect(await t.call('GET', '/api/assignedmenus/999999', { token: admin })).toMatchObject({
      status: 404,
      body: { success: false, message: 'Role not found.' },
    });
  });

  it("answers the role's name and keys", async () => {
    const res = await t.call('GET', `/api/assignedmenus/${storekeeperRoleId}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.role).toEqual({ id: storekeeperRoleId, name: 'Storekeeper', is_admin: false });
    expect([...res.body.assignedMenuNames].sort()).toEqual([...STOREKEEPER_KEYS].sort());
  });
});

describe('POST /api/assignmenus/:id', () => {
  it('refuses a missing token, a user without roleEdit and an unknown id', async () => {
    const body = { selectedMenus: ['dashboard'] };
    expect(await t.call('POST', `/api/assignmenus/${cashierRoleId}`, { body })).toMatchObject({ status: 401 });
    expect(await t.call('POST', `/api/assignmenus/${cashierRoleId}`, { token: cashier, body })).toMatchObject({
      status: 403,
      body: DENIED,
    });
    expect(await t.call('POST', '/api/assignmenus/999999', { token: admin, body })).toMatchObject({
      status: 404,
      body: { success: false, message: 'Role not found.' },
    });
  });

  it('validates the list and refuses private and unknown keys', async () => {
    const missing = await t.call('POST', `/api/assignmenus/${cashierRoleId}`, { token: admin, body: {} });
    expectInvalid(missing, { selectedMenus: ['Choose the permissions to assign.'] });
    const privateKeys = await t.call('POST', `/api/assignmenus/${cashierRoleId}`, {
      token: admin,
      body: { selectedMenus: ['dashboard', 'settings', 'reportTaxList', 'noSuchKey'] },
    });
    expect(privateKeys.status).toBe(422);
    expect(privateKeys.body.message).toBe('These permissions cannot be assigned: settings, reportTaxList, noSuchKey.');
    expect(privateKeys.body.errors.selectedMenus).toEqual([privateKeys.body.message]);
    const keys = await t.db
      .selectFrom('role_permissions')
      .select('permission_key')
      .where('role_id', '=', cashierRoleId)
      .execute();
    expect(keys.map((k) => k.permission_key)).not.toContain('settings');
  });

  it('refuses to change the built-in Administrator role', async () => {
    const res = await t.call('POST', `/api/assignmenus/${adminRoleId}`, {
      token: admin,
      body: { selectedMenus: ['dashboard'] },
    });
    expect(res).toMatchObject({ status: 409, body: { success: false, message: BUILT_IN } });
    expect(
      await t.db.selectFrom('role_permissions').select('permission_key').where('role_id', '=', adminRoleId).execute(),
    ).toEqual([]);
    // The Administrator still holds every key, private ones included.
    const access = await t.call('POST', '/api/accessmenus', {
      token: admin,
      body: { menuArray: ['settings', 'roleList'] },
    });
    expect(access.body.hasAccess).toEqual(['settings', 'roleList']);
  });

  it("replaces the role's keys, which apply at once to its users, and audits from/to", async () => {
    const before = await t.call('GET', '/api/rolelist', { token: cashier });
    expect(before.status).toBe(403);
    const res = await t.call('POST', `/api/assignmenus/${cashierRoleId}`, {
      token: admin,
      body: { selectedMenus: ['salesPOS', 'roleList', 'salesPOS', 'dashboard'] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Permissions assigned successfully!' });
    const assigned = await t.call('GET', `/api/assignedmenus/${cashierRoleId}`, { token: admin });
    expect([...assigned.body.assignedMenuNames].sort()).toEqual(['dashboard', 'roleList', 'salesPOS']);
    expect((await t.call('GET', '/api/rolelist', { token: cashier })).status).toBe(200);
    expect((await t.call('GET', `/api/roleshow/${adminRoleId}`, { token: cashier })).status).toBe(200);
    const audit = await lastAudit(t);
    expect(audit).toMatchObject({ type: 'Role', activity: 'Permission change', user_id: adminId });
    expect(audit.details).toBe(
      `Role ${cashierRoleId} from: {"permissions":"dashboard, salesCashUp, salesFilter, salesInvoice, salesList, salesPOS, salesReceipt, salesReturn, stockLevel"} to: {"permissions":"dashboard, roleList, salesPOS"}`,
    );

    const cleared = await t.call('POST', `/api/assignmenus/${cashierRoleId}`, {
      token: admin,
      body: { selectedMenus: [] },
    });
    expect(cleared.status).toBe(200);
    expect(
      (await t.call('GET', `/api/assignedmenus/${cashierRoleId}`, { token: admin })).body.assignedMenuNames,
    ).toEqual([]);
    expect((await t.call('GET', '/api/rolelist', { token: cashier })).status).toBe(403);
  });
});

crudContract(() => app, {
  word: 'role',
  label: 'Role',
  bulkDelete: { path: '/api/rolesdelete', field: 'role_ids' },
  table: 'roles',
  make: (name) => createRole(name),
  storeBody: (name) => ({ name, environment: 'TEST' }),
  updateBody: (name) => ({ name }),
  namedRecord: true,
});
