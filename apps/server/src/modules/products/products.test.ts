import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCount, DENIED, expectInvalid, lastAudit } from '../../../test/catalogue-fixtures.ts';
import { crudContract, type SignedIn, signedInApp } from '../../../test/crud-contract.ts';
import { stockReferenceContract } from '../../../test/stock-reference-contract.ts';
import type { TestApp } from '../../../test/test-app.ts';

let app: SignedIn;
let t: TestApp;
let admin: string;
let cashier: string;
let adminId: number;
let make: SignedIn['make'];
let building: number;
let plumbing: number;

beforeAll(async () => {
  app = await signedInApp();
  ({ t, admin, cashier, adminId, make } = app);
  building = await make.category('Building Materials');
  plumbing = await make.category('Plumbing');
});
afterAll(() => t.close());

const productRow = (id: number) => t.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
const liveNames = async (search: string) =>
  (
    await t.call('GET', `/api/productlist?pagination_size=100&search=${encodeURIComponent(search)}`, { token: admin })
  ).body.data.map((p: { name: string }) => p.name);

crudContract(() => app, {
  word: 'product',
  label: 'Product',
  bulkDelete: { path: '/api/productsdelete', field: 'product_ids' },
  table: 'products',
  make: (name) => make.product(name, building),
  storeBody: (name) => ({ name, category_id: building, environment: 'TEST' }),
  updateBody: (name) => ({ name, category_id: building }),
  shown: () => ({ category_id: building, environment: 'TEST' }),
  namedRecord: true,
  lookup: '/api/getproducts',
});

describe('GET /api/productlist', () => {
  it('lists live products newest first with category and creator, and searches name and category', async () => {
    const category = await make.category('Listing Cat');
    const older = await make.product('Listing Nails', category);
    const newer = await make.product('Listing Hinges', category);
    const res = await t.call('GET', '/api/productlist?search=listing', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, current_page: 1, last_page: 1, total: 2, per_page: 10 });
    expect(res.body.data.map((p: { id: number }) => p.id)).toEqual([newer, older]);
    expect(res.body.data[0]).toMatchObject({
      id: newer,
      name: 'Listing Hinges',
      category_id: category,
      environment: 'TEST',
      category: { name: 'Listing Cat' },
      user: { name: 'Administrator' },
    });
    expect(new Date(res.body.data[0].created_at).getTime()).not.toBeNaN();
    // A search matches the category name too, case-insensitively; LIKE wildcards are literal.
    expect(await liveNames('LISTING CAT')).toEqual(['Listing Hinges', 'Listing Nails']);
    expect(await liveNames('%')).toEqual([]);
  });

  it('pages with the chosen size', async () => {
    const category = await make.category('Pager Cat');
    for (const name of ['Pager 1', 'Pager 2', 'Pager 3', 'Pager 4', 'Pager 5', 'Pager 6']) {
      await make.product(name, category);
    }
    const second = await t.call('GET', '/api/productlist?search=pager&pagination_size=5&page=2', { token: admin });
    expect(second.body).toMatchObject({ total: 6, last_page: 2, current_page: 2, per_page: 5, from: 6, to: 6 });
    expect(second.body.data.map((p: { name: string }) => p.name)).toEqual(['Pager 1']);
  });
});

describe('POST /api/productstore', () => {
  it('validates with the original client messages', async () => {
    const empty = await t.call('POST', '/api/productstore', { token: admin, body: {} });
    expectInvalid(empty, {
      name: ['Name is required.'],
      category_id: ['Category is required.'],
    });
    const bad = await t.call('POST', '/api/productstore', {
      token: admin,
      body: { name: '   ', category_id: 'abc', environment: 'STAGING' },
    });
    expect(bad.body.errors).toEqual({
      name: ['Name is required.'],
      category_id: ['Category is required.'],
      environment: ['Environment is required.'],
    });
    for (const category_id of [0, -3, 1.5]) {
      const res = await t.call('POST', '/api/productstore', {
        token: admin,
        body: { name: 'Odd', category_id, environment: 'TEST' },
      });
      expect(res.body.errors, String(category_id)).toEqual({ category_id: ['Category is required.'] });
    }
    const long = await t.call('POST', '/api/productstore', {
      token: admin,
      body: { name: 'x'.repeat(151), category_id: building, environment: 'TEST' },
    });
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ name: ['At most 150 characters.'] });
  });

  it('needs a live category', async () => {
    const gone = await make.category('Gone Category');
    expect((await t.call('DELETE', `/api/categorydelete/${gone}`, { token: admin })).status).toBe(200);
    const before = await auditCount(t);
    const unknown = await t.call('POST', '/api/productstore', {
      token: admin,
      body: { name: 'Orphan', category_id: 999_999, environment: 'TEST' },
    });
    expectInvalid(unknown, { category_id: ['Category is required.'] });
    const trashed = await t.call('POST', '/api/productstore', {
      token: admin,
      body: { name: 'Orphan', category_id: gone, environment: 'TEST' },
    });
    expect(trashed.status).toBe(422);
    expect(trashed.body.errors).toEqual({ category_id: ['Category is required.'] });
    expect(await t.db.selectFrom('products').where('name', '=', 'Orphan').selectAll().execute()).toEqual([]);
    expect(await auditCount(t)).toBe(before);
  });

  // Unique within its category, ignoring case: the crud contract (namedRecord). Not across categories:
  it("takes another category's product name, a category id sent as text, and a trashed product's name", async () => {
    await make.product('PVC Pipe', building);
    const elsewhere = await t.call('POST', '/api/productstore', {
      token: admin,
      body: { name: 'PVC Pipe', category_id: String(plumbing), environment: 'TEST' },
    });
    expect(elsewhere.status).toBe(200);
    expect(await productRow(elsewhere.body.data.id)).toMatchObject({ name: 'PVC Pipe', category_id: plumbing });
    // A trashed product's name is free again.
    const old = await make.product('Reused Name', building);
    await t.call('DELETE', `/api/productdelete/${old}`, { token: admin });
    expect(await make.product('Reused Name', building)).not.toBe(old);
  });
});

describe('PUT /api/productupdate/:id', () => {
  it('validates with the original client messages, a live category and a free name in the target category', async () => {
    const id = await make.product('Gate Valve', building);
    await make.product('Ball Valve', plumbing);
    const empty = await t.call('PUT', `/api/productupdate/${id}`, { token: admin, body: {} });
    expectInvalid(empty, { name: ['Name is required.'], category_id: ['Category is required.'] });
    const unknown = await t.call('PUT', `/api/productupdate/${id}`, {
      token: admin,
      body: { name: 'Gate Valve', category_id: 999_999 },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ category_id: ['Category is required.'] });
    const clash = await t.call('PUT', `/api/productupdate/${id}`, {
      token: admin,
      body: { name: 'BALL VALVE', category_id: plumbing },
    });
    expect(clash.status).toBe(422);
    expect(clash.body.errors).toEqual({ name: ['The name has already been taken.'] });
    expect(await productRow(id)).toMatchObject({ name: 'Gate Valve', category_id: building });
  });

  it('updates name and category only, and audits from/to of the changed fields', async () => {
    const id = await make.product('Wash Basin', building);
    const res = await t.call('PUT', `/api/productupdate/${id}`, {
      token: admin,
      body: { name: 'Wash Basin Deluxe', category_id: plumbing, environment: 'PRODUCTION' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Product updated successfully!' });
    expect(await productRow(id)).toMatchObject({
      name: 'Wash Basin Deluxe',
      category_id: plumbing,
      environment: 'TEST',
    });
    expect(await lastAudit(t)).toMatchObject({
      type: 'Product',
      activity: 'Update',
      details: `Product ${id} from: {"name":"Wash Basin","category_id":${building}} to: {"name":"Wash Basin Deluxe","category_id":${plumbing}}`,
      user_id: adminId,
    });
    // Its own name in another case is no clash; only the name is reported as changed.
    const recase = await t.call('PUT', `/api/productupdate/${id}`, {
      token: admin,
      body: { name: 'WASH BASIN DELUXE', category_id: plumbing },
    });
    expect(recase.status).toBe(200);
    expect((await lastAudit(t)).details).toBe(
      `Product ${id} from: {"name":"Wash Basin Deluxe"} to: {"name":"WASH BASIN DELUXE"}`,
    );
  });
});

describe('DELETE /api/productdelete/:id', () => {
  it('takes the trashed product out of the list and lookup, and a restore puts it back', async () => {
    const id = await make.product('Temporary Tiles', building);
    expect((await t.call('DELETE', `/api/productdelete/${id}`, { token: admin })).status).toBe(200);
    expect(await liveNames('Temporary Tiles')).toEqual([]);
    const lookup = await t.call('GET', '/api/getproducts', { token: admin });
    expect(lookup.body.data.map((p: { id: number }) => p.id)).not.toContain(id);
    expect((await t.call('PUT', `/api/trashrestore/product/${id}`, { token: admin })).status).toBe(200);
    expect(await productRow(id)).toMatchObject({ category_id: building, created_by: adminId, deleted_at: null });
    expect(await liveNames('Temporary Tiles')).toEqual(['Temporary Tiles']);
    const back = await t.call('GET', '/api/getproducts', { token: admin });
    expect(back.body.data).toContainEqual({ id, name: 'Temporary Tiles' });
    expect((await t.call('GET', '/api/trashlist?search=Temporary Tiles', { token: admin })).body.total).toBe(0);
  });
});

describe('products in the trash', () => {
  it('keeps the trash to users with the trash key', async () => {
    const id = await make.product('Trash Guarded', building);
    await t.call('DELETE', `/api/productdelete/${id}`, { token: admin });
    expect(await t.call('PUT', `/api/trashrestore/product/${id}`)).toMatchObject({ status: 401 });
    expect(await t.call('PUT', `/api/trashrestore/product/${id}`, { token: cashier })).toMatchObject({
      status: 403,
      body: DENIED,
    });
    expect(await t.call('DELETE', `/api/trashdelete/product/${id}`, { token: cashier })).toMatchObject({
      status: 403,
      body: DENIED,
    });
    expect((await productRow(id))?.deleted_at).toBeInstanceOf(Date);
  });

  it('does not restore a product while its category is in the trash', async () => {
    const category = await make.category('Seasonal Goods');
    const id = await make.product('Christmas Lights', category);
    await t.call('DELETE', `/api/productdelete/${id}`, { token: admin });
    await t.call('DELETE', `/api/categorydelete/${category}`, { token: admin });
    const before = await auditCount(t);
    const res = await t.call('PUT', `/api/trashrestore/product/${id}`, { token: admin });
    expect(res).toMatchObject({
      status: 409,
      body: { success: false, message: "Restore this product's category first." },
    });
    expect((await productRow(id))?.deleted_at).toBeInstanceOf(Date);
    expect(await auditCount(t)).toBe(before);
    expect((await t.call('PUT', `/api/trashrestore/category/${category}`, { token: admin })).status).toBe(200);
    expect((await t.call('PUT', `/api/trashrestore/product/${id}`, { token: admin })).status).toBe(200);
  });

  it('does not restore a product whose name a live product of its category took meanwhile', async () => {
    const id = await make.product('Twin Name', building);
    await t.call('DELETE', `/api/productdelete/${id}`, { token: admin });
    const twin = await make.product('TWIN NAME', building);
    const res = await t.call('PUT', `/api/trashrestore/product/${id}`, { token: admin });
    expect(res).toMatchObject({
      status: 409,
      body: { success: false, message: 'Another product now uses the same details. Rename or remove it first.' },
    });
    expect((await productRow(id))?.deleted_at).toBeInstanceOf(Date);
    expect((await productRow(twin))?.deleted_at).toBeNull();
  });

  it('removes only records that are in the trash, of known kinds', async () => {
    const id = await make.product('Still Live', building);
    expect(await t.call('DELETE', `/api/trashdelete/product/${id}`, { token: admin })).toMatchObject({
      status: 404,
      body: { success: false, message: 'Record not found.' },
    });
    expect(await productRow(id)).toBeDefined();
    expect(await t.call('DELETE', `/api/trashdelete/widget/${id}`, { token: admin })).toMatchObject({
      status: 404,
      body: { success: false, message: 'Unknown record type.' },
    });
  });
});

stockReferenceContract(() => app, {
  word: 'product',
  label: 'Product',
  table: 'products',
  bulkDelete: { path: '/api/productsdelete', field: 'product_ids' },
  make: (name) => make.product(name, building),
  chainName: (label) => `${label} Product`,
  onHand: 'This product still has 10 in stock. Sell it or write it off first.',
  stillUsed: 'Stock records still refer to this product.',
  // Its brand refers to it too, in the trash or not.
  beforePurge: async (refs) => {
    await t.call('DELETE', `/api/branddelete/${refs.brand_id}`, { token: admin });
    const withBrand = await t.call('DELETE', `/api/trashdelete/product/${refs.product_id}`, { token: admin });
    expect(withBrand).toMatchObject({
      status: 409,
      body: { success: false, message: 'Brands (some may be in the trash) still refer to this product.' },
    });
    expect((await t.call('DELETE', `/api/trashdelete/brand/${refs.brand_id}`, { token: admin })).status).toBe(200);
  },
});
