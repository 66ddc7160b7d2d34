import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditCount,
  auditSince,
  expectInvalid,
  lastAudit,
  lastAuditId,
  UNAUTHENTICATED,
} from '../../../test/catalogue-fixtures.ts';
import { crudContract, type SignedIn, signedInApp } from '../../../test/crud-contract.ts';
import { stockReferenceContract } from '../../../test/stock-reference-contract.ts';
import type { TestApp } from '../../../test/test-app.ts';

let app: SignedIn;
let t: TestApp;
let admin: string;
let cashier: string;
let adminId: number;
let make: SignedIn['make'];
let category: number;
let cement: number;
let paint: number;
let nails: number;

beforeAll(async () => {
  app = await signedInApp();
  ({ t, admin, cashier, adminId, make } = app);
  category = await make.category('Hardware');
  cement = await make.product('Cement', category);
  paint = await make.product('Paint', category);
  nails = await make.product('Nails', category);
});
afterAll(() => t.close());

const brandRow = (id: number) => t.db.selectFrom('brands').selectAll().where('id', '=', id).executeTakeFirst();
const brandsNamed = (name: string) =>
  t.db.selectFrom('brands').selectAll().where('name', '=', name).orderBy('id').execute();
const store = (body: object, token = admin) => t.call('POST', '/api/brandstore', { token, body });

crudContract(() => app, {
  word: 'brand',
  label: 'Brand',
  bulkDelete: { path: '/api/brandsdelete', field: 'brand_ids' },
  table: 'brands',
  make: (name) => make.brand(name, cement),
  storeBody: (name) => ({ name, product_ids: [paint], environment: 'TEST' }),
  updateBody: (name) => ({ name, product_id: cement }),
  shown: () => ({ product_id: cement, environment: 'TEST' }),
});

describe('GET /api/brandlist', () => {
  it('lists live brands newest first with product, creator and date, and searches brand and product name', async () => {
    const product = await make.product('Listing Roofing', category);
    const [older] = await make.brands('Mabati Rolling', [product]);
    const [newer] = await make.brands('Safal', [product]);
    const res = await t.call('GET', '/api/brandlist?search=listing roofing', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, total: 2, current_page: 1, last_page: 1, from: 1, to: 2 });
    expect(res.body.data.map((b: { id: number }) => b.id)).toEqual([newer, older]);
    expect(res.body.data[0]).toMatchObject({
      id: newer,
      name: 'Safal',
      product_id: product,
      environment: 'TEST',
      product: { name: 'Listing Roofing' },
      user: { name: 'Administrator' },
      formatted_created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const byBrand = await t.call('GET', '/api/brandlist?search=MABATI', { token: admin });
    expect(byBrand.body.data.map((b: { id: number }) => b.id)).toEqual([older]);
  });

  it("dates a brand by the shop's day (Africa/Kampala), not the database server's", async () => {
    const id = await make.brand('Late Night Brand', cement);
    // 01:30 on 22 November in Kampala is still 21 November in UTC.
    await sql`UPDATE brands SET created_at = '2026-11-21T22:30:00Z' WHERE id = ${id}`.execute(t.db);
    const res = await t.call('GET', '/api/brandlist?search=Late Night Brand', { token: admin });
    expect(
      res.body.data.map((b: { id: number; formatted_created_at: string }) => [b.id, b.formatted_created_at]),
    ).toEqual([[id, '2026-11-22']]);
  });
});

describe('POST /api/brandstore', () => {
  it('validates with the original client messages', async () => {
    const empty = await store({});
    expectInvalid(empty, {
      name: ['Name is required.'],
      product_ids: ['At least one product is required.'],
    });
    const none = await store({ name: 'Simba', product_ids: [], environment: 'TEST' });
    expectInvalid(none, { product_ids: ['At least one product is required.'] });
    const notList = await store({ name: 'Simba', product_ids: cement, environment: 'TEST' });
    expect(notList.body.errors).toEqual({ product_ids: ['At least one product is required.'] });
    const badId = await store({ name: 'Simba', product_ids: ['abc'], environment: 'TEST' });
    expect(badId.status).toBe(422);
    expect(badId.body.message).toBe('At least one product is required.');
    const long = await store({ name: 'b'.repeat(151), product_ids: [cement], environment: 'TEST' });
    expect(long.body.errors).toEqual({ name: ['At most 150 characters.'] });
  });

  it('needs every product to be live, and then creates none', async () => {
    const gone = await make.product('Gone Product', category);
    await t.call('DELETE', `/api/productdelete/${gone}`, { token: admin });
    const before = await auditCount(t);
    for (const product_ids of [
      [cement, 999_999],
      [cement, gone],
    ]) {
      const res = await store({ name: 'Orphan Brand', product_ids, environment: 'TEST' });
      expect(res.status, String(product_ids)).toBe(422);
      expect(res.body).toEqual({
        success: false,
        message: 'At least one product is required.',
        errors: { product_ids: ['At least one product is required.'] },
      });
    }
    expect(await brandsNamed('Orphan Brand')).toEqual([]);
    expect(await auditCount(t)).toBe(before);
  });

  it('creates one brand per selected product, once each, with one audit row each', async () => {
    const since = await lastAuditId(t);
    const res = await store({
      name: ' Simba ',
      product_ids: [cement, paint, String(cement)],
      environment: 'PRODUCTION',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Brand created successfully!' });
    expect(res.body.data).toEqual([
      { id: expect.any(Number), name: 'Simba', product_id: cement },
      { id: expect.any(Number), name: 'Simba', product_id: paint },
    ]);
    const rows = await brandsNamed('Simba');
    expect(rows.map((r) => [r.product_id, r.environment, r.created_by, r.deleted_at])).toEqual([
      [cement, 'PRODUCTION', adminId, null],
      [paint, 'PRODUCTION', adminId, null],
    ]);
    const [a, b] = res.body.data;
    expect((await auditSince(t, since)).map((r) => [r.type, r.activity, r.details, r.user_id])).toEqual([
      ['Brand', 'Create', `Created brand "Simba" (id ${a.id}) for product ${cement}`, adminId],
      ['Brand', 'Create', `Created brand "Simba" (id ${b.id}) for product ${paint}`, adminId],
    ]);
  });

  it('keeps a brand name unique within its product, ignoring case, all or nothing', async () => {
    await make.brands('Tororo', [cement]);
    const before = await auditCount(t);
    const res = await store({ name: 'TORORO', product_ids: [nails, cement], environment: 'TEST' });
    expectInvalid(res, { name: ['The name has already been taken.'] });
    // The brand for nails, checked first, was not kept either.
    expect(
      await t.db
        .selectFrom('brands')
        .select('id')
        .where('product_id', '=', nails)
        .where('name', 'ilike', 'tororo')
        .execute(),
    ).toEqual([]);
    expect(await auditCount(t)).toBe(before);
    expect((await store({ name: 'Tororo', product_ids: [nails], environment: 'TEST' })).status).toBe(200);
  });
});

describe('PUT /api/brandupdate/:id', () => {
  it('validates with the original client messages, a live product and a free name in the target product', async () => {
    const id = await make.brand('Crown', paint);
    await make.brand('Sadolin', nails);
    const empty = await t.call('PUT', `/api/brandupdate/${id}`, { token: admin, body: {} });
    expectInvalid(empty, { name: ['Name is required.'], product_id: ['Product is required.'] });
    const gone = await make.product('Gone Again', category);
    await t.call('DELETE', `/api/productdelete/${gone}`, { token: admin });
    for (const product_id of [999_999, gone]) {
      const res = await t.call('PUT', `/api/brandupdate/${id}`, { token: admin, body: { name: 'Crown', product_id } });
      expect(res.status, String(product_id)).toBe(422);
      expect(res.body).toEqual({
        success: false,
        message: 'Product is required.',
        errors: { product_id: ['Product is required.'] },
      });
    }
    const clash = await t.call('PUT', `/api/brandupdate/${id}`, {
      token: admin,
      body: { name: 'sadolin', product_id: nails },
    });
    expect(clash.status).toBe(422);
    expect(clash.body.errors).toEqual({ name: ['The name has already been taken.'] });
    expect(await brandRow(id)).toMatchObject({ name: 'Crown', product_id: paint });
  });

  it('sets name and one product, and audits from/to of the changed fields', async () => {
    const id = await make.brand('Plascon', paint);
    const res = await t.call('PUT', `/api/brandupdate/${id}`, {
      token: admin,
      body: { name: 'Plascon Gold', product_id: nails, environment: 'PRODUCTION' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Brand updated successfully!' });
    expect(await brandRow(id)).toMatchObject({ name: 'Plascon Gold', product_id: nails, environment: 'TEST' });
    expect(await lastAudit(t)).toMatchObject({
      type: 'Brand',
      activity: 'Update',
      details: `Brand ${id} from: {"name":"Plascon","product_id":${paint}} to: {"name":"Plascon Gold","product_id":${nails}}`,
      user_id: adminId,
    });
  });

  it('does not move a brand with stock to another product (409), but may rename it', async () => {
    const refs = await make.chain('Stocked');
    await make.stock(refs);
    const other = await make.product('Stocked Other', refs.category_id);
    const before = await auditCount(t);
    const move = await t.call('PUT', `/api/brandupdate/${refs.brand_id}`, {
      token: admin,
      body: { name: 'Stocked Brand', product_id: other },
    });
    expect(move).toMatchObject({
      status: 409,
      body: { success: false, message: 'This brand has stock records; its product cannot change.' },
    });
    expect(await brandRow(refs.brand_id)).toMatchObject({ name: 'Stocked Brand', product_id: refs.product_id });
    expect(await auditCount(t)).toBe(before);
    const rename = await t.call('PUT', `/api/brandupdate/${refs.brand_id}`, {
      token: admin,
      body: { name: 'Stocked Brand Mk2', product_id: refs.product_id },
    });
    expect(rename.status).toBe(200);
    expect((await lastAudit(t)).details).toBe(
      `Brand ${refs.brand_id} from: {"name":"Stocked Brand"} to: {"name":"Stocked Brand Mk2"}`,
    );
  });
});

describe('DELETE /api/branddelete/:id', () => {
  it("takes the trashed brand out of its product's lookup, and a restore puts it back", async () => {
    const id = await make.brand('Temporary Brand', paint);
    expect((await t.call('DELETE', `/api/branddelete/${id}`, { token: admin })).status).toBe(200);
    const lookup = await t.call('GET', `/api/getbrandsbyproduct/${paint}`, { token: admin });
    expect(lookup.body.data.map((b: { id: number }) => b.id)).not.toContain(id);
    expect((await t.call('PUT', `/api/trashrestore/brand/${id}`, { token: admin })).status).toBe(200);
    expect(await brandRow(id)).toMatchObject({ product_id: paint, deleted_at: null });
    expect((await t.call('GET', `/api/getbrandsbyproduct/${paint}`, { token: admin })).body.data).toContainEqual({
      id,
      name: 'Temporary Brand',
    });
  });
});

describe('GET /api/getbrandsbyproduct/:id', () => {
  it('needs a signed-in user but no key', async () => {
    expect(await t.call('GET', `/api/getbrandsbyproduct/${cement}`)).toMatchObject({
      status: 401,
      body: UNAUTHENTICATED,
    });
    expect((await t.call('GET', `/api/getbrandsbyproduct/${cement}`, { token: cashier })).status).toBe(200);
    expect((await t.call('GET', '/api/getbrandsbyproduct/abc', { token: cashier })).status).toBe(422);
  });

  it("lists the product's live brands as id and name, sorted ignoring case", async () => {
    const product = await make.product('Lookup Product', category);
    const zeta = await make.brand('Zeta', product);
    const alpha = await make.brand('alpha', product);
    const beta = await make.brand('Beta', product);
    const trashed = await make.brand('Aardvark', product);
    await t.call('DELETE', `/api/branddelete/${trashed}`, { token: admin });
    await make.brand('Another Product Brand', cement);
    const res = await t.call('GET', `/api/getbrandsbyproduct/${product}`, { token: cashier });
    expect(res.body).toEqual({
      success: true,
      data: [
        { id: alpha, name: 'alpha' },
        { id: beta, name: 'Beta' },
        { id: zeta, name: 'Zeta' },
      ],
    });
    expect((await t.call('GET', '/api/getbrandsbyproduct/999999', { token: cashier })).body).toEqual({
      success: true,
      data: [],
    });
  });
});

describe('brands in the trash', () => {
  it('does not restore a brand while its product is in the trash', async () => {
    const product = await make.product('Trashed Parent', category);
    const id = await make.brand('Trashed Child', product);
    await t.call('DELETE', `/api/branddelete/${id}`, { token: admin });
    await t.call('DELETE', `/api/productdelete/${product}`, { token: admin });
    expect(await t.call('PUT', `/api/trashrestore/brand/${id}`, { token: admin })).toMatchObject({
      status: 409,
      body: { success: false, message: "Restore this brand's product first." },
    });
    expect((await brandRow(id))?.deleted_at).toBeInstanceOf(Date);
    expect((await t.call('PUT', `/api/trashrestore/product/${product}`, { token: admin })).status).toBe(200);
    expect((await t.call('PUT', `/api/trashrestore/brand/${id}`, { token: admin })).status).toBe(200);
  });
});

stockReferenceContract(() => app, {
  word: 'brand',
  label: 'Brand',
  table: 'brands',
  bulkDelete: { path: '/api/brandsdelete', field: 'brand_ids' },
  make: (name) => make.brand(name, cement),
  chainName: (label) => `${label} Brand`,
  onHand: 'This brand still has 10 in stock. Sell it or write it off first.',
  stillUsed: 'Stock records still refer to this brand.',
});
