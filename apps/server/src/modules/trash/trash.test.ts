import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCount, DENIED, lastAudit, UNAUTHENTICATED } from '../../../test/catalogue-fixtures.ts';
import { signedInApp } from '../../../test/crud-contract.ts';
import type { ApiResponse, TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: string;
let cashier: string;
let adminId: number;
let cashierRoleId: number;

beforeAll(async () => {
  ({ t, admin, cashier, adminId } = await signedInApp());
  cashierRoleId = (await t.db.selectFrom('roles').select('id').where('name', '=', 'Cashier').executeTakeFirstOrThrow())
    .id;
});
afterAll(() => t.close());

const UNKNOWN_TYPE = { success: false, message: 'Unknown record type.' };
const NOT_FOUND = { success: false, message: 'Record not found.' };

async function created(path: string, body: Record<string, unknown>) {
  const res = await t.call('POST', path, { token: admin, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; temporary_password?: string };
}
const newCategory = async (name: string) => (await created('/api/categorystore', { name, environment: 'TEST' })).id;
const newRole = async (name: string) => (await created('/api/rolestore', { name, environment: 'TEST' })).id;
let serial = 0;
async function newUser(name: string, roleId: number) {
  serial += 1;
  const email = `trash${serial}@duka.test`;
  const data = await created('/api/userstore', {
    name,
    gender: 'Male',
    nin: `TR${String(serial).padStart(6, '0')}`,
    phone_number: `07500000${String(serial).padStart(2, '0')}`,
    email,
    role_id: roleId,
    environment: 'TEST',
  });
  return { id: data.id, email, temporary_password: data.temporary_password as string };
}
async function trash(path: string) {
  const res = await t.call('DELETE', path, { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
const restore = (model: string, id: number, token = admin) =>
  t.call('PUT', `/api/trashrestore/${model}/${id}`, { token });
const purge = (model: string, id: number, token = admin) =>
  t.call('DELETE', `/api/trashdelete/${model}/${id}`, { token });
const deletedAt = async (table: 'roles' | 'users' | 'categories', id: number) =>
  (await t.db.selectFrom(table).select('deleted_at').where('id', '=', id).executeTakeFirst())?.deleted_at;

/** `act` refused with 409 and `message`: the record stays in the trash and no audit row is written. */
async function expectRefusedInTrash(
  act: () => Promise<ApiResponse>,
  message: string,
  table: 'roles' | 'users' | 'categories',
  id: number,
) {
  const before = await auditCount(t);
  expect(await act()).toMatchObject({ status: 409, body: { success: false, message } });
  expect(await deletedAt(table, id)).toBeInstanceOf(Date);
  expect(await auditCount(t)).toBe(before);
}

/**
 * The refusals restore and purge share, on a category put in the trash (whose id it returns, still there): 401
 * without a token, 403 without the trash key, 404 for an unknown type, an id never used and a live record.
 */
async function expectTrashRefusals(
  name: string,
  act: (model: string, id: number, token?: string) => Promise<ApiResponse>,
  anonymous: (id: number) => Promise<ApiResponse>,
) {
  const id = await newCategory(name);
  await trash(`/api/categorydelete/${id}`);
  expect(await anonymous(id)).toMatchObject({ status: 401, body: UNAUTHENTICATED });
  expect(await act('category', id, cashier)).toMatchObject({ status: 403, body: DENIED });
  expect(await act('widget', id)).toMatchObject({ status: 404, body: UNKNOWN_TYPE });
  expect(await act('category', 999999)).toMatchObject({ status: 404, body: NOT_FOUND });
  expect(await act('role', cashierRoleId)).toMatchObject({ status: 404, body: NOT_FOUND });
  return id;
}

describe('GET /api/trashlist', () => {
  it('refuses a missing token, a user without the trash key and a page size outside the list', async () => {
    expect(await t.call('GET', '/api/trashlist')).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    expect(await t.call('GET', '/api/trashlist', { token: cashier })).toMatchObject({ status: 403, body: DENIED });
    const res = await t.call('GET', '/api/trashlist?pagination_size=4', { token: admin });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ pagination_size: ['The page size must be one of 5, 10, 25, 50, 100.'] });
  });

  it('is empty at first', async () => {
    const res = await t.call('GET', '/api/trashlist', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: [],
      current_page: 1,
      last_page: 1,
      total: 0,
      per_page: 10,
      from: null,
      to: null,
    });
  });

  it('lists the trashed records of every kind, newest first, searchable by name and type', async () => {
    const categoryId = await newCategory('Listed Category');
    const roleId = await newRole('Listed Role');
    const user = await newUser('Listed User', cashierRoleId);
    await trash(`/api/categorydelete/${categoryId}`);
    await trash(`/api/roledelete/${roleId}`);
    await trash(`/api/userdelete/${user.id}`);

    const res = await t.call('GET', '/api/trashlist', { token: admin });
    expect(res.body).toMatchObject({ total: 3, from: 1, to: 3 });
    expect(res.body.data.map((r: Record<string, unknown>) => [r.model, r.record_type, r.id, r.name])).toEqual([
      ['user', 'User', user.id, `Listed User (${user.email})`],
      ['role', 'Role', roleId, 'Listed Role'],
      ['category', 'Category', categoryId, 'Listed Category'],
    ]);
    const deleted = await deletedAt('roles', roleId);
    expect(new Date(res.body.data[1].created_at).getTime()).toBe(deleted?.getTime());

    const byName = await t.call('GET', '/api/trashlist?search=listed%20role', { token: admin });
    expect(byName.body.data.map((r: { id: number }) => r.id)).toEqual([roleId]);
    const byType = await t.call('GET', '/api/trashlist?search=category', { token: admin });
    expect(byType.body.data.map((r: { model: string }) => r.model)).toEqual(['category']);
    const byEmail = await t.call('GET', `/api/trashlist?search=${encodeURIComponent(user.email)}`, { token: admin });
    expect(byEmail.body.data.map((r: { id: number }) => r.id)).toEqual([user.id]);

    const paged = await t.call('GET', '/api/trashlist?pagination_size=5&page=1', { token: admin });
    expect(paged.body).toMatchObject({ per_page: 5, last_page: 1, total: 3 });
    for (const [model, id] of [
      ['user', user.id],
      ['role', roleId],
      ['category', categoryId],
    ] as const)
      expect((await purge(model, id)).status).toBe(200);
    expect((await t.call('GET', '/api/trashlist', { token: admin })).body.total).toBe(0);
  });
});

describe('PUT /api/trashrestore/:model/:id', () => {
  it('refuses a missing token, a user without the trash key, an unknown type and an id not in the trash', async () => {
    const id = await expectTrashRefusals('Restore Guard', restore, (id) =>
      t.call('PUT', `/api/trashrestore/category/${id}`),
    );
    expect(await deletedAt('categories', id)).toBeInstanceOf(Date);
  });

  it('brings the record back whole, out of the trash, and audits it', async () => {
    const id = await newCategory('Come Back');
    await trash(`/api/categorydelete/${id}`);
    const res = await restore('category', id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Record restored successfully!' });
    expect(await deletedAt('categories', id)).toBeNull();
    expect(await lastAudit(t)).toMatchObject({
      type: 'Category',
      activity: 'Restore',
      user_id: adminId,
      details: `Restored category "Come Back" (id ${id}) from the trash`,
    });
    const shown = await t.call('GET', `/api/categoryshow/${id}`, { token: admin });
    expect(shown.body.data).toMatchObject({ id, name: 'Come Back', environment: 'TEST' });
    const listed = await t.call('GET', '/api/trashlist?search=Come%20Back', { token: admin });
    expect(listed.body.total).toBe(0);
    expect(await restore('category', id)).toMatchObject({ status: 404, body: NOT_FOUND });
  });

  it('restores a user with the same role, number and password', async () => {
    const user = await newUser('Returning User', cashierRoleId);
    const before = await t.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    await trash(`/api/userdelete/${user.id}`);
    expect((await restore('user', user.id)).status).toBe(200);
    const after = await t.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect({ ...after, updated_at: null }).toEqual({ ...before, updated_at: null });
    const login = await t.call('POST', '/api/login', {
      body: { email: user.email, password: user.temporary_password },
    });
    expect(login.status).toBe(200);
  });

  it('refuses to restore a record whose name or e-mail a live record now uses', async () => {
    const first = await newCategory('Duplicate Me');
    await trash(`/api/categorydelete/${first}`);
    await newCategory('duplicate me');
    await expectRefusedInTrash(
      () => restore('category', first),
      'Another category now uses the same details. Rename or remove it first.',
      'categories',
      first,
    );

    const user = await newUser('Old Account', cashierRoleId);
    await trash(`/api/userdelete/${user.id}`);
    await created('/api/userstore', {
      name: 'New Account',
      gender: 'Female',
      nin: 'NEWACCOUNT1',
      phone_number: '0751999999',
      email: user.email.toUpperCase(),
      role_id: cashierRoleId,
      environment: 'TEST',
    });
    await expectRefusedInTrash(
      () => restore('user', user.id),
      'Another user now uses the same details. Rename or remove it first.',
      'users',
      user.id,
    );
  });

  it('refuses to restore a user whose role is in the trash until the role is back', async () => {
    const roleId = await newRole('Gone Role');
    const user = await newUser('Role Orphan', roleId);
    // A role with a live user is not deleted.
    const refused = await t.call('DELETE', `/api/roledelete/${roleId}`, { token: admin });
    expect(refused).toMatchObject({
      status: 409,
      body: { success: false, message: 'This role still has 1 user. Move them to another role first.' },
    });
    await trash(`/api/userdelete/${user.id}`);
    await trash(`/api/roledelete/${roleId}`);
    await expectRefusedInTrash(() => restore('user', user.id), "Restore this user's role first.", 'users', user.id);
    expect((await restore('role', roleId)).status).toBe(200);
    expect((await restore('user', user.id)).status).toBe(200);
    expect(await deletedAt('users', user.id)).toBeNull();
  });
});

describe('DELETE /api/trashdelete/:model/:id', () => {
  it('refuses a missing token, a user without the trash key, an unknown type and an id not in the trash', async () => {
    const id = await expectTrashRefusals('Purge Guard', purge, (id) =>
      t.call('DELETE', `/api/trashdelete/category/${id}`),
    );
    expect(await purge('sale', id)).toMatchObject({ status: 404, body: UNKNOWN_TYPE });
    // Live records are never removed for good from here.
    expect(await purge('user', adminId)).toMatchObject({ status: 404, body: NOT_FOUND });
    expect(await deletedAt('categories', id)).toBeInstanceOf(Date);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', adminId).executeTakeFirst()).toBeDefined();
  });

  it('removes the record for good and audits it', async () => {
    const id = await newCategory('Forever Gone');
    await trash(`/api/categorydelete/${id}`);
    const res = await purge('category', id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Record deleted successfully!' });
    expect(await t.db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect(await lastAudit(t)).toMatchObject({
      type: 'Category',
      activity: 'Permanent delete',
      user_id: adminId,
      details: `Deleted category "Forever Gone" (id ${id}) permanently`,
    });
    expect(await restore('category', id)).toMatchObject({ status: 404, body: NOT_FOUND });
    expect(await purge('category', id)).toMatchObject({ status: 404, body: NOT_FOUND });
  });

  it('refuses to purge a role while users, even trashed ones, refer to it', async () => {
    const roleId = await newRole('Purge Role');
    const user = await newUser('Purge Role User', roleId);
    await trash(`/api/userdelete/${user.id}`);
    await trash(`/api/roledelete/${roleId}`);
    await expectRefusedInTrash(
      () => purge('role', roleId),
      'Users (some may be in the trash) still refer to this role.',
      'roles',
      roleId,
    );
    // Once the user is gone for good, so may the role be.
    expect((await purge('user', user.id)).status).toBe(200);
    expect(await lastAudit(t)).toMatchObject({
      type: 'User',
      activity: 'Permanent delete',
      details: `Deleted user "Purge Role User (${user.email})" (id ${user.id}) permanently`,
    });
    expect((await purge('role', roleId)).status).toBe(200);
    expect(await t.db.selectFrom('roles').select('id').where('id', '=', roleId).executeTakeFirst()).toBeUndefined();
  });

  it('refuses to purge a user the audit log refers to, and a category a product refers to', async () => {
    const user = await newUser('Active User', cashierRoleId);
    await t.signIn(user.email, user.temporary_password);
    await trash(`/api/userdelete/${user.id}`);
    await expectRefusedInTrash(
      () => purge('user', user.id),
      'This user cannot be deleted permanently: other records refer to it.',
      'users',
      user.id,
    );
    expect((await restore('user', user.id)).status).toBe(200);

    const categoryId = await newCategory('Has Products');
    await sql`INSERT INTO products (name, category_id, environment, deleted_at)
      VALUES ('Trashed Product', ${categoryId}, 'TEST', now())`.execute(t.db);
    await t.db.updateTable('categories').set({ deleted_at: new Date() }).where('id', '=', categoryId).execute();
    await expectRefusedInTrash(
      () => purge('category', categoryId),
      'Products (some may be in the trash) still refer to this category.',
      'categories',
      categoryId,
    );
  });
});
