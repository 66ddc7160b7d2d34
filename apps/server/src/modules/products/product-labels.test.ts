import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditCount,
  auditSince,
  expectEachCallNeedsItsKey,
  fileDay,
  lastAuditId,
} from '../../../test/catalogue-fixtures.ts';
import { type SignedIn, signedInApp } from '../../../test/crud-contract.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { DEMO_CASHIER } from '../../db/seed/demo.ts';
import { code128Symbols, code128Widths } from './code128.ts';

// Barcode labels: products without a barcode get one (their SKU when it can serve, else the next shop
// number), unique, audited, all or nothing; then an A4 PDF of 24 labels a page.
let t: TestApp;
let admin: string;
let make: SignedIn['make'];
let category: number;

beforeAll(async () => {
  ({ t, admin, make } = await signedInApp());
  category = await make.category('Labels');
});
afterAll(() => t.close());

const product = async (name: string, codes: { barcode?: string; sku?: string } = {}) => {
  const res = await t.call('POST', '/api/productstore', {
    token: admin,
    body: { name, category_id: category, environment: 'TEST', ...codes },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
};
const assign = (body: unknown, token = admin) => t.call('POST', '/api/productbarcodeassign', { token, body });
const barcodeOf = async (id: number) =>
  (await t.db.selectFrom('products').select('barcode').where('id', '=', id).executeTakeFirstOrThrow()).barcode;
const pdf = (ids: number[], token = admin) => t.download(`/api/productlabelspdf?product_ids=${ids.join(',')}`, token);
const pageCount = (bytes: Buffer) => bytes.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
const SHOP_NUMBER = /^DK\d{10}$/;

describe('POST /api/productbarcodeassign', () => {
  it('gives each product without a barcode a unique one, keeps existing barcodes and audits from/to', async () => {
    const plain = await product('Label Plain');
    const skuReady = await product('Label Sku Ready', { sku: 'LBL12345' });
    const skuDashed = await product('Label Sku Dashed', { sku: 'LBL-99' });
    const twinA = await product('Label Twin A', { sku: 'TWINLBL' });
    const twinB = await product('Label Twin B', { sku: 'TWINLBL' });
    const scanned = await product('Label Scanned', { barcode: '6001234000017', sku: 'OTHER1' });
    const since = await lastAuditId(t);

    const ids = [plain, skuReady, skuDashed, twinA, twinB, scanned];
    const res = await assign({ product_ids: ids });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('5 products given a barcode.');
    const given = res.body.data as { id: number; name: string; barcode: string }[];
    expect(given.map((p) => p.id)).toEqual(ids);
    const byId = Object.fromEntries(given.map((p) => [p.id, p.barcode]));
    // A SKU of letters and digits that names this product alone becomes its barcode; others get a shop number.
    expect(byId[skuReady]).toBe('LBL12345');
    for (const id of [plain, skuDashed, twinA, twinB]) expect(byId[id]).toMatch(SHOP_NUMBER);
    expect(byId[scanned]).toBe('6001234000017');
    expect(new Set(Object.values(byId)).size).toBe(ids.length);
    for (const id of ids) expect(await barcodeOf(id)).toBe(byId[id]);

    const audits = await auditSince(t, since);
    expect(audits.map((a) => a.details)).toEqual(
      [plain, skuReady, skuDashed, twinA, twinB].map(
        (id) => `Product ${id} barcode for its label from: {"barcode":null} to: {"barcode":"${byId[id]}"}`,
      ),
    );
    expect(audits.every((a) => a.type === 'Product' && a.activity === 'Update')).toBe(true);

    // Asked again, nothing changes and nothing is audited.
    const again = await assign({ product_ids: ids });
    expect(again.body).toMatchObject({ success: true, message: 'Every chosen product has a barcode already.' });
    expect(again.body.data).toEqual(given);
    expect(await lastAuditId(t)).toBe(audits.at(-1)?.id);
  });

  it('skips a shop number someone typed in by hand, and never gives a SKU another product scans as', async () => {
    const { rows } = await sql<{ last_value: string; is_called: boolean }>`
      SELECT last_value, is_called FROM product_label_numbers`.execute(t.db);
    const next = Number(rows[0]?.last_value) + (rows[0]?.is_called ? 1 : 0);
    const typed = `DK${String(next).padStart(10, '0')}`;
    await product('Label Typed By Hand', { barcode: typed });
    await product('Label Scans As Sku', { barcode: 'SKUTAKEN1' });
    const shadowed = await product('Label Shadowed Sku', { sku: 'SKUTAKEN1' });
    const res = await assign({ product_ids: [shadowed] });
    expect(res.status).toBe(200);
    expect(res.body.data[0].barcode).toMatch(SHOP_NUMBER);
    expect(res.body.data[0].barcode).not.toBe(typed);
    expect(res.body.data[0].barcode > typed).toBe(true);
  });

  it('gives all products without a barcode theirs when asked for all', async () => {
    const left = [await product('Label Left One'), await product('Label Left Two')];
    const res = await assign({ without_barcode: true });
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining(left));
    const none = await t.db
      .selectFrom('products')
      .select('id')
      .where('barcode', 'is', null)
      .where('deleted_at', 'is', null)
      .execute();
    expect(none).toEqual([]);
    expect(await assign({ without_barcode: true })).toMatchObject({
      status: 422,
      body: { success: false, message: 'Every product has a barcode already.' },
    });
  });

  it('refuses unknown and trashed products, and bad lists, changing nothing', async () => {
    const waiting = await product('Label Waiting');
    const trashed = await product('Label Trashed');
    await t.call('DELETE', `/api/productdelete/${trashed}`, { token: admin });
    const before = await auditCount(t);
    expect(await assign({ product_ids: [waiting, 999_999] })).toMatchObject({
      status: 404,
      body: { success: false, message: 'Product 999999 not found.' },
    });
    expect(await assign({ product_ids: [waiting, trashed] })).toMatchObject({
      status: 404,
      body: { message: `Product ${trashed} not found.` },
    });
    for (const body of [
      { product_ids: [] },
      { product_ids: ['x'] },
      {},
      { product_ids: [waiting], without_barcode: true },
    ])
      expect((await assign(body)).status, JSON.stringify(body)).toBe(422);
    expect(await barcodeOf(waiting)).toBeNull();
    expect(await auditCount(t)).toBe(before);
  });
});

describe('GET /api/productlabelspdf', () => {
  it('answers an A4 PDF of 24 labels a page, named by the day', async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 25; i++) ids.push(await product(`Label Sheet ${i}`));
    await assign({ product_ids: ids });
    const res = await pdf(ids);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${fileDay()}_product_labels.pdf"`);
    expect(res.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(res.bytes)).toBe(2);
    expect(pageCount((await pdf(ids.slice(0, 24))).bytes)).toBe(1);
    expect(pageCount((await pdf(ids.slice(0, 1))).bytes)).toBe(1);
  });

  it('prints the price the POS charges first', async () => {
    const refs = await make.chain('Label Priced');
    await make.stock(refs);
    await assign({ product_ids: [refs.product_id] });
    const res = await pdf([refs.product_id]);
    expect(res.status).toBe(200);
    expect(pageCount(res.bytes)).toBe(1);
  });

  it('refuses a product without a barcode, an unknown one and a missing list', async () => {
    const bare = await product('Label Bare');
    expect(await t.call('GET', `/api/productlabelspdf?product_ids=${bare}`, { token: admin })).toMatchObject({
      status: 422,
      body: { message: 'The product "Label Bare" has no barcode yet.' },
    });
    expect((await t.call('GET', '/api/productlabelspdf?product_ids=999999', { token: admin })).status).toBe(404);
    expect((await t.call('GET', '/api/productlabelspdf', { token: admin })).status).toBe(422);
    expect((await t.call('GET', '/api/productlabelspdf?product_ids=1,x', { token: admin })).status).toBe(422);
  });

  it('need productEdit to give barcodes and productList to print', async () => {
    const id = await product('Label Keys', { barcode: 'KEYS1' });
    expect((await t.download(`/api/productlabelspdf?product_ids=${id}`)).status).toBe(401);
    expect((await assign({ product_ids: [id] }, '')).status).toBe(401);
    const cashier = await t.signIn(DEMO_CASHIER.email, DEMO_CASHIER.password);
    await expectEachCallNeedsItsKey(t, [
      ['productEdit', () => assign({ product_ids: [id] }, cashier)],
      ['productList', () => t.call('GET', `/api/productlabelspdf?product_ids=${id}`, { token: cashier })],
    ]);
  });
});

describe('Code 128', () => {
  it('encodes letters in set B and digit runs in set C, with the weighted check symbol', () => {
    // Start B, A B C, check (104 + 33·1 + 34·2 + 35·3) mod 103 = 1, stop.
    expect(code128Symbols('ABC')).toEqual([104, 33, 34, 35, 1, 106]);
    // Start B, D K, to set C, 00 00 00 00 01, check (104 + 36 + 43·2 + 99·3 + 1·8) mod 103 = 16, stop.
    expect(code128Symbols('DK0000000001')).toEqual([104, 36, 43, 99, 0, 0, 0, 0, 1, 16, 106]);
    // Start C for a leading even run; an odd digit left goes to set B: 12 34 then B "5".
    expect(code128Symbols('12345')).toEqual([105, 12, 34, 100, 21, (105 + 12 + 34 * 2 + 100 * 3 + 21 * 4) % 103, 106]);
  });

  it('draws 11 modules a symbol and 13 for the stop, starting and ending with a bar', () => {
    const widths = code128Widths('LBL12345');
    expect(widths.length % 2).toBe(1);
    expect(widths.reduce((a, b) => a + b, 0)).toBe(11 * (code128Symbols('LBL12345').length - 1) + 13);
    expect(() => code128Symbols('ÄÖ')).toThrow();
  });
});
