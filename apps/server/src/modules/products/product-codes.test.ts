import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCount, DENIED, fileDay, lastAudit } from '../../../test/catalogue-fixtures.ts';
import { type SignedIn, signedInApp } from '../../../test/crud-contract.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { DEMO_CASHIER } from '../../db/seed/demo.ts';

// Barcode and SKU of a product: optional, validated, the barcode unique among live products, shown,
// searched and audited.
let t: TestApp;
let admin: string;
let make: SignedIn['make'];
let category: number;

beforeAll(async () => {
  ({ t, admin, make } = await signedInApp());
  category = await make.category('Codes');
});
afterAll(() => t.close());

const store = (body: Record<string, unknown>) =>
  t.call('POST', '/api/productstore', { token: admin, body: { category_id: category, environment: 'TEST', ...body } });
const update = (id: number, body: Record<string, unknown>) =>
  t.call('PUT', `/api/productupdate/${id}`, { token: admin, body: { category_id: category, ...body } });
const show = async (id: number) => (await t.call('GET', `/api/productshow/${id}`, { token: admin })).body.data;

describe('product barcode and SKU', () => {
  it('are optional: blank or absent is none', async () => {
    const res = await store({ name: 'No Codes', barcode: '  ', sku: '' });
    expect(res.status).toBe(200);
    expect(await show(res.body.data.id)).toMatchObject({ barcode: null, sku: null });
  });

  it('are stored trimmed, shown, listed and searched', async () => {
    const res = await store({ name: 'Coded Cement', barcode: ' 6001234567890 ', sku: 'CEM-32.5/50KG' });
    expect(res.status).toBe(200);
    const id = res.body.data.id;
    expect(await show(id)).toMatchObject({ name: 'Coded Cement', barcode: '6001234567890', sku: 'CEM-32.5/50KG' });
    for (const search of ['60012345', 'cem-32']) {
      const list = await t.call('GET', `/api/productlist?search=${encodeURIComponent(search)}`, { token: admin });
      expect(list.body.data.map((p: { id: number }) => p.id)).toEqual([id]);
      expect(list.body.data[0]).toMatchObject({ barcode: '6001234567890', sku: 'CEM-32.5/50KG' });
    }
  });

  it('refuse other characters and more than 64 with the field named', async () => {
    const bad = await store({ name: 'Bad Codes', barcode: '600-123', sku: 'A B' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      barcode: ['The barcode may only hold letters and digits.'],
      sku: ['The SKU may only hold letters, digits and . _ / -.'],
    });
    const long = await store({ name: 'Long Codes', barcode: '1'.repeat(65), sku: 'S'.repeat(65) });
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({
      barcode: ['The barcode may have at most 64 characters.'],
      sku: ['The SKU may have at most 64 characters.'],
    });
  });

  it('refuses a barcode another live product has, naming it, and writes nothing', async () => {
    await store({ name: 'First Holder', barcode: '5000000000017' });
    const before = await auditCount(t);
    const clash = await store({ name: 'Second Holder', barcode: '5000000000017' });
    expect(clash.status).toBe(422);
    expect(clash.body).toEqual({
      success: false,
      message: 'The barcode 5000000000017 is already used by the product "First Holder".',
      errors: { barcode: ['The barcode 5000000000017 is already used by the product "First Holder".'] },
    });
    expect(await auditCount(t)).toBe(before);
    const other = await store({ name: 'Second Holder', barcode: '5000000000024' });
    const onUpdate = await update(other.body.data.id, { name: 'Second Holder', barcode: '5000000000017' });
    expect(onUpdate.status).toBe(422);
    expect(onUpdate.body.errors.barcode).toEqual([
      'The barcode 5000000000017 is already used by the product "First Holder".',
    ]);
    // SKUs may repeat (one supplier code for two sizes); a product keeps its own barcode on update.
    expect((await store({ name: 'Twin A', sku: 'TWIN' })).status).toBe(200);
    expect((await store({ name: 'Twin B', sku: 'TWIN' })).status).toBe(200);
    expect((await update(other.body.data.id, { name: 'Second Holder', barcode: '5000000000024' })).status).toBe(200);
  });

  it('frees a trashed product barcode, and audits code changes from/to', async () => {
    const old = await store({ name: 'Trashed Holder', barcode: 'TRASH1' });
    await t.call('DELETE', `/api/productdelete/${old.body.data.id}`, { token: admin });
    const res = await store({ name: 'New Holder', barcode: 'TRASH1' });
    expect(res.status).toBe(200);
    const id = res.body.data.id;
    expect((await update(id, { name: 'New Holder', barcode: 'TRASH2', sku: 'NH-1' })).status).toBe(200);
    expect((await lastAudit(t)).details).toBe(
      `Product ${id} from: {"barcode":"TRASH1","sku":null} to: {"barcode":"TRASH2","sku":"NH-1"}`,
    );
    // Leaving the codes out clears them.
    expect((await update(id, { name: 'New Holder' })).status).toBe(200);
    expect(await show(id)).toMatchObject({ barcode: null, sku: null });
    expect((await lastAudit(t)).details).toBe(
      `Product ${id} from: {"barcode":"TRASH2","sku":"NH-1"} to: {"barcode":null,"sku":null}`,
    );
  });
});

describe('GET /api/productcsv and /api/productxlsx', () => {
  it('need the productExport key', async () => {
    const cashier = await t.signIn(DEMO_CASHIER.email, DEMO_CASHIER.password);
    for (const path of ['/api/productcsv', '/api/productxlsx']) {
      expect((await t.download(path)).status, path).toBe(401);
      expect(await t.call('GET', path, { token: cashier }), path).toMatchObject({ status: 403, body: DENIED });
    }
  });

  it('export the list columns with barcode and SKU, searched like the list', async () => {
    await store({ name: 'Export Paint', barcode: '7001112223334', sku: 'PNT-20L' });
    await store({ name: 'Export Brush' });
    const res = await t.download('/api/productcsv?search=export', admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${fileDay()}_products.csv"`);
    const rows = parse(res.bytes.toString('utf8')) as string[][];
    const today = fileDay().replace(/_/g, '-');
    expect(rows).toEqual([
      ['Name', 'Category', 'Barcode', 'SKU', 'Created By', 'Date'],
      ['Export Brush', 'Codes', '', '', 'Administrator', today],
      ['Export Paint', 'Codes', '7001112223334', 'PNT-20L', 'Administrator', today],
    ]);
    const xlsx = await t.download('/api/productxlsx?search=7001112', admin);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });
});
