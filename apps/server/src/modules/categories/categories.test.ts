import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInvalid, lastAudit } from '../../../test/catalogue-fixtures.ts';
import { crudContract, type SignedIn, signedInApp } from '../../../test/crud-contract.ts';
import type { TestApp } from '../../../test/test-app.ts';

let app: SignedIn;
let t: TestApp;
let admin: string;
let adminId: number;

beforeAll(async () => {
  app = await signedInApp();
  ({ t, admin, adminId } = app);
  // The first category: the list counts it, and the update refuses its name.
  await createCategory('Roofing Sheets');
});
afterAll(() => t.close());

const NOT_FOUND = { success: false, message: 'Category not found.' };

const categoryRow = (id: number) => t.db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
const createCategory = async (name: string, environment = 'PRODUCTION') => {
  const res = await t.call('POST', '/api/categorystore', { token: admin, body: { name, environment } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
};

describe('POST /api/categorystore', () => {
  it('validates with the original client messages', async () => {
    const empty = await t.call('POST', '/api/categorystore', { token: admin, body: {} });
    expectInvalid(empty, { name: ['Name is required.'] });
    const badEnv = await t.call('POST', '/api/categorystore', {
      token: admin,
      body: { name: 'Cement', environment: 'production' },
    });
    expect(badEnv.status).toBe(422);
    expect(badEnv.body.errors).toEqual({ environment: ['Environment is required.'] });
    const long = await t.call('POST', '/api/categorystore', {
      token: admin,
      body: { name: 'c'.repeat(101), environment: 'TEST' },
    });
    expect(long.body.errors).toEqual({ name: ['At most 100 characters.'] });
  });
});

describe('GET /api/categorylist', () => {
  it('lists live categories newest first with the creator, paged and searchable', async () => {
    const names = ['Cement', 'Steel Bars', 'Paint', 'Plumbing', 'Electrical', 'Timber'];
    const ids: number[] = [];
    for (const name of names) ids.push(await createCategory(name));
    const total = 1 + names.length; // and Roofing Sheets

    const first = await t.call('GET', '/api/categorylist?pagination_size=5', { token: admin });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      current_page: 1,
      last_page: 2,
      total,
      per_page: 5,
      from: 1,
      to: 5,
    });
    expect(first.body.data.map((c: { name: string }) => c.name)).toEqual([
      'Timber',
      'Electrical',
      'Plumbing',
      'Paint',
      'Steel Bars',
    ]);
    expect(first.body.data[0]).toMatchObject({
      id: ids[5],
      name: 'Timber',
      environment: 'PRODUCTION',
      user: { name: 'Administrator' },
    });
    const second = await t.call('GET', '/api/categorylist?pagination_size=5&page=2', { token: admin });
    expect(second.body).toMatchObject({ current_page: 2, last_page: 2, from: 6, to: 7 });
    expect(second.body.data.map((c: { name: string }) => c.name)).toEqual(['Cement', 'Roofing Sheets']);

    const search = await t.call('GET', '/api/categorylist?search=%20steel%20', { token: admin });
    expect(search.body.data.map((c: { name: string }) => c.name)).toEqual(['Steel Bars']);
    const underscore = await t.call('GET', '/api/categorylist?search=_', { token: admin });
    expect(underscore.body.total).toBe(0);

    await t.call('DELETE', `/api/categorydelete/${ids[0]}`, { token: admin });
    const afterDelete = await t.call('GET', '/api/categorylist?pagination_size=100', { token: admin });
    expect(afterDelete.body.total).toBe(total - 1);
    expect(afterDelete.body.data.map((c: { name: string }) => c.name)).not.toContain('Cement');
  });

  it('answers a null user when the creator is not known', async () => {
    const id = await createCategory('Orphaned');
    await t.db.updateTable('categories').set({ created_by: null }).where('id', '=', id).execute();
    const res = await t.call('GET', '/api/categorylist?search=Orphaned', { token: admin });
    expect(res.body.data).toEqual([expect.objectContaining({ id, name: 'Orphaned', user: null })]);
  });
});

describe('PUT /api/categoryupdate/:id', () => {
  it('validates, refuses a clash and an unknown id', async () => {
    const id = await createCategory('Tiles');
    const blank = await t.call('PUT', `/api/categoryupdate/${id}`, { token: admin, body: { name: ' ' } });
    expectInvalid(blank, { name: ['Name is required.'] });
    const clash = await t.call('PUT', `/api/categoryupdate/${id}`, { token: admin, body: { name: 'roofing sheets' } });
    expect(clash.status).toBe(422);
    expect(clash.body.errors).toEqual({ name: ['The name has already been taken.'] });
    const unknown = await t.call('PUT', '/api/categoryupdate/999999', { token: admin, body: { name: 'Ghost' } });
    expect(unknown).toMatchObject({ status: 404, body: NOT_FOUND });
  });
});

describe('DELETE /api/categorydelete/:id and /api/categoriesdelete', () => {
  it('moves one category to the trash and audits it', async () => {
    const id = await createCategory('Gravel');
    const res = await t.call('DELETE', `/api/categorydelete/${id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Category deleted successfully!' });
    expect((await categoryRow(id))?.deleted_at).toBeInstanceOf(Date);
    expect(await lastAudit(t)).toMatchObject({
      type: 'Category',
      activity: 'Delete',
      user_id: adminId,
      details: `Moved category "Gravel" (id ${id}) to the trash`,
    });
    expect((await t.call('DELETE', `/api/categorydelete/${id}`, { token: admin })).status).toBe(404);
    // The name is free again for a new category.
    expect(await createCategory('Gravel')).not.toBe(id);
  });
});

describe('a category in use', () => {
  it('is not moved to the trash while live products use it', async () => {
    const token = await t.signIn();
    const category = await t.call('POST', '/api/categorystore', {
      token,
      body: { name: 'In Use', environment: 'TEST' },
    });
    await t.call('POST', '/api/productstore', {
      token,
      body: { name: 'Nails', category_id: category.body.data.id, environment: 'TEST' },
    });
    const res = await t.call('DELETE', `/api/categorydelete/${category.body.data.id}`, { token });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('1 product still uses this category. Move or delete them first.');
  });
});

crudContract(() => app, {
  word: 'category',
  label: 'Category',
  bulkDelete: { path: '/api/categoriesdelete', field: 'category_ids' },
  table: 'categories',
  make: (name) => createCategory(name),
  storeBody: (name) => ({ name, environment: 'TEST' }),
  updateBody: (name) => ({ name }),
  namedRecord: true,
  lookup: '/api/getcategories',
});

// Last: the list's counts above do not include these.
describe('POST /api/categorystore without an environment', () => {
  it('makes a Production category when the environment is left out or blank', async () => {
    for (const body of [{ name: 'Padlocks' }, { name: 'Door Hinges', environment: '' }]) {
      const res = await t.call('POST', '/api/categorystore', { token: admin, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await categoryRow(res.body.data.id))?.environment).toBe('PRODUCTION');
    }
  });
});
