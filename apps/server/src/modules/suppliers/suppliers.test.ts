import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditCount,
  catalogue,
  DENIED,
  expectEachCallNeedsItsKey,
  expectInvalid,
  fileDay,
  lastAudit,
  SUPPLIER,
  UNAUTHENTICATED,
  withCashierKeys,
} from '../../../test/catalogue-fixtures.ts';
import { crudContract, type SignedIn, signedInApp } from '../../../test/crud-contract.ts';
import { xlsxDay } from '../../../test/spreadsheets.ts';
import { stockReferenceContract } from '../../../test/stock-reference-contract.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let app: SignedIn;
let t: TestApp;
let admin: string;
let cashier: string;
let adminId: number;
let make: SignedIn['make'];

beforeAll(async () => {
  app = await signedInApp();
  ({ t, admin, cashier, adminId, make } = app);
});
afterAll(() => t.close());

const SUPPLIER_NUMBER = /^SR[0-9A-F]{14}$/;
const supplierRow = (id: number) => t.db.selectFrom('suppliers').selectAll().where('id', '=', id).executeTakeFirst();
const store = (body: object, token = admin) => t.call('POST', '/api/supplierstore', { token, body });
const update = (id: number, body: object, token = admin) => t.call('PUT', `/api/supplierupdate/${id}`, { token, body });
const { environment: _environment, ...UPDATE } = SUPPLIER;

/** A file download as bytes (the test app's call reads bodies as text). */
const download = (path: string, token?: string) => t.download(path, token);

describe('GET /api/supplierlist', () => {
  it('lists live suppliers newest first with every column, and searches number, contacts, TIN and country', async () => {
    const older = await make.supplier('Lake Traders', {
      phone_number: '0701555666',
      email: 'orders@laketraders.test',
      tin: '2002003004',
      country: 'Kenya',
    });
    const newer = await make.supplier('Hill Hardware', { country: 'Rwanda' });
    const res = await t.call('GET', '/api/supplierlist?search=r', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, current_page: 1, total: 2, per_page: 10 });
    expect(res.body.data.map((s: { id: number }) => s.id)).toEqual([newer.id, older.id]);
    expect(res.body.data[1]).toEqual({
      id: older.id,
      supplier_number: older.supplier_number,
      name: 'Lake Traders',
      phone_number: '0701555666',
      email: 'orders@laketraders.test',
      tin: '2002003004',
      country: 'Kenya',
      address: SUPPLIER.address,
      environment: 'PRODUCTION',
      created_at: expect.any(String),
    });
    for (const search of [older.supplier_number.toLowerCase(), '0701555', 'LAKETRADERS', '20020030', 'kenya']) {
      const found = await t.call('GET', `/api/supplierlist?search=${search}`, { token: admin });
      expect(
        found.body.data.map((s: { id: number }) => s.id),
        search,
      ).toEqual([older.id]);
    }
  });
});

/** What an empty (or blank) supplier form is told, on create (with the environment) and on update alike. */
const SUPPLIER_FIELDS_REQUIRED = {
  name: ['Name is required.'],
  phone_number: ['Phone number is required.'],
  email: ['Email is required.'],
  tin: ['TIN is required.'],
  country: ['Country is required.'],
  address: ['Address is required.'],
};

describe('POST /api/supplierstore', () => {
  it('validates every field with the original client messages', async () => {
    const empty = await store({});
    expectInvalid(empty, SUPPLIER_FIELDS_REQUIRED);
    const blank = await store({ name: ' ', phone_number: ' ', email: ' ', tin: ' ', country: '', address: ' ' });
    expect(blank.body.errors).toMatchObject(SUPPLIER_FIELDS_REQUIRED);
  });

  it('takes a phone of digits starting with 0, at most 18 long', async () => {
    // +256…, spaces and dashes are made local (0772123456): see platform/input.test.ts.
    for (const phone_number of ['772123456', '+254712345678', '0772_123_456', '07721234a6']) {
      const res = await store({ ...SUPPLIER, name: 'Bad Phone', phone_number });
      expect(res.status, phone_number).toBe(422);
      expect(res.body, phone_number).toEqual({
        success: false,
        message: 'Invalid phone number format. Please enter only digits.',
        errors: { phone_number: ['Invalid phone number format. Please enter only digits.'] },
      });
    }
    const long = await store({ ...SUPPLIER, name: 'Long Phone', phone_number: `0${'1'.repeat(18)}` });
    expect(long.body.errors).toEqual({ phone_number: ['At most 18 characters.'] });
    const longest = await store({ ...SUPPLIER, name: 'Longest Phone', phone_number: `0${'1'.repeat(17)}` });
    expect(longest.status).toBe(200);
    expect(await t.db.selectFrom('suppliers').select('id').where('name', '=', 'Bad Phone').execute()).toEqual([]);
  });

  it('takes a valid e-mail and only the offered countries', async () => {
    for (const email of ['supplier', 'a@b', 'a b@c.de']) {
      const res = await store({ ...SUPPLIER, name: 'Bad Mail', email });
      expect(res.body, email).toEqual({
        success: false,
        message: 'Invalid email format.',
        errors: { email: ['Invalid email format.'] },
      });
    }
    for (const country of ['Ghana', 'Burundi', 'UG']) {
      const res = await store({ ...SUPPLIER, name: 'Far Away', country });
      expect(res.status, country).toBe(422);
      expect(res.body.errors, country).toEqual({ country: ['Country is required.'] });
    }
    for (const country of ['Kenya', 'Rwanda', 'Tanzania', 'Uganda']) {
      expect((await store({ ...SUPPLIER, name: `From ${country}`, country })).status, country).toBe(200);
    }
  });

  it('creates the supplier with a fresh SR number and its creator, and audits it', async () => {
    const res = await store({
      name: '  Nile Cement Ltd ',
      phone_number: '0414123456',
      email: ' info@nilecement.test ',
      tin: '1001234567',
      country: 'Uganda',
      address: 'Plot 12, Jinja Road',
      environment: 'TEST',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Supplier created successfully!',
      data: {
        id: expect.any(Number),
        name: 'Nile Cement Ltd',
        supplier_number: expect.stringMatching(SUPPLIER_NUMBER),
      },
    });
    const { id, supplier_number } = res.body.data;
    expect(await supplierRow(id)).toMatchObject({
      supplier_number,
      name: 'Nile Cement Ltd',
      phone_number: '0414123456',
      email: 'info@nilecement.test',
      tin: '1001234567',
      country: 'Uganda',
      address: 'Plot 12, Jinja Road',
      environment: 'TEST',
      created_by: adminId,
      deleted_at: null,
    });
    expect(await lastAudit(t)).toMatchObject({
      type: 'Supplier',
      activity: 'Create',
      details: `Created supplier "Nile Cement Ltd" (${supplier_number})`,
      user_id: adminId,
      browser: 'Chrome 140',
      platform: 'Linux',
      ip: '127.0.0.1',
    });
    // Another supplier of the same name gets its own number; a client cannot choose one.
    const twin = await store({ ...SUPPLIER, name: 'Nile Cement Ltd', supplier_number: 'SR00000000000000' });
    expect(twin.status).toBe(200);
    expect(twin.body.data.supplier_number).toMatch(SUPPLIER_NUMBER);
    expect(twin.body.data.supplier_number).not.toBe(supplier_number);
    expect(twin.body.data.supplier_number).not.toBe('SR00000000000000');
  });
});

describe('PUT /api/supplierupdate/:id', () => {
  it('validates each field against its own rule (no shifted validation), without environment', async () => {
    const supplier = await make.supplier('Validated Supplier');
    const empty = await update(supplier.id, {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual(SUPPLIER_FIELDS_REQUIRED);
    const mixed = await update(supplier.id, {
      name: 'Validated Supplier',
      phone_number: 'info@x.test',
      email: '0772123456',
      tin: '',
      country: 'Plot 4',
      address: 'Uganda',
    });
    expect(mixed.body.errors).toEqual({
      phone_number: ['Invalid phone number format. Please enter only digits.'],
      email: ['Invalid email format.'],
      tin: ['TIN is required.'],
      country: ['Country is required.'],
    });
    // Only the e-mail is wrong: only the e-mail is reported.
    const onlyMail = await update(supplier.id, { ...UPDATE, name: 'Validated Supplier', email: 'nope' });
    expect(onlyMail.body).toEqual({
      success: false,
      message: 'Invalid email format.',
      errors: { email: ['Invalid email format.'] },
    });
    expect(await supplierRow(supplier.id)).toMatchObject(UPDATE);
  });

  it('updates the contact fields, keeps number and environment, and audits from/to of the changes', async () => {
    const supplier = await make.supplier('Kampala Steel');
    const res = await update(supplier.id, {
      ...UPDATE,
      name: 'Kampala Steel Ltd',
      phone_number: '0782000999',
      country: 'Kenya',
      environment: 'DEVELOPMENT',
      supplier_number: 'SR00000000000000',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Supplier updated successfully!' });
    expect(await supplierRow(supplier.id)).toMatchObject({
      ...UPDATE,
      name: 'Kampala Steel Ltd',
      phone_number: '0782000999',
      country: 'Kenya',
      supplier_number: supplier.supplier_number,
      environment: 'PRODUCTION',
    });
    expect(await lastAudit(t)).toMatchObject({
      type: 'Supplier',
      activity: 'Update',
      details:
        `Supplier ${supplier.id} from: {"name":"Kampala Steel","phone_number":"0772000111","country":"Uganda"} ` +
        'to: {"name":"Kampala Steel Ltd","phone_number":"0782000999","country":"Kenya"}',
      user_id: adminId,
    });
  });
});

describe('DELETE /api/supplierdelete/:id', () => {
  it('takes the trashed supplier out of the lookup', async () => {
    const supplier = await make.supplier('Temporary Supplier');
    expect((await t.call('DELETE', `/api/supplierdelete/${supplier.id}`, { token: admin })).status).toBe(200);
    const lookup = await t.call('GET', '/api/getsuppliers', { token: admin });
    expect(lookup.body.data.map((s: { id: number }) => s.id)).not.toContain(supplier.id);
  });
});

describe('each supplier export asks for its own key', () => {
  it('grants XLSX and CSV with supplierExport alone', async () => {
    await expectEachCallNeedsItsKey(t, [
      ['supplierExport', () => t.call('GET', '/api/suppliercsv', { token: cashier })],
      ['supplierExport', () => t.call('GET', '/api/supplierxlsx', { token: cashier })],
    ]);
  });
});

describe('GET /api/supplierxlsx and /api/suppliercsv', () => {
  const HEADER = ['Supplier Number', 'Name', 'Contact', 'Email', 'TIN', 'Country', 'Address', 'Date'];
  let first: { id: number; supplier_number: string };
  let second: { id: number; supplier_number: string };
  let today: string;

  beforeAll(async () => {
    first = await make.supplier('Export Alpha', { phone_number: '0700111222', tin: 'TIN-A', country: 'Kenya' });
    second = await make.supplier('=HYPERLINK("http://evil.test") Export', { address: '@SUM(1+1)' });
    const trashed = await make.supplier('Export Trashed');
    await t.call('DELETE', `/api/supplierdelete/${trashed.id}`, { token: admin });
    await make.supplier('Unrelated Vendor');
    today = fileDay().replace(/_/g, '-');
  });

  it('refuses a missing token and a user without supplierExport', async () => {
    for (const path of ['/api/supplierxlsx', '/api/suppliercsv']) {
      expect((await download(path)).status, path).toBe(401);
      const denied = await t.call('GET', path, { token: cashier });
      expect(denied, path).toMatchObject({ status: 403, body: DENIED });
    }
    // supplierList alone does not allow exporting.
    const listOnly = await withCashierKeys(t, ['supplierList'], () =>
      t.call('GET', '/api/suppliercsv', { token: cashier }),
    );
    expect(listOnly.status).toBe(403);
  });

  it('exports the live suppliers matching the search as XLSX, named by date', async () => {
    const res = await download('/api/supplierxlsx?search=export', admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${fileDay()}_suppliers.xlsx"`);
    expect(res.headers.get('content-disposition')).toMatch(/filename="\d{4}_\d{2}_\d{2}_suppliers\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.bytes as never);
    const sheet = workbook.getWorksheet('suppliers');
    expect(sheet).toBeDefined();
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toEqual([
      HEADER,
      [
        second.supplier_number,
        '=HYPERLINK("http://evil.test") Export',
        SUPPLIER.phone_number,
        SUPPLIER.email,
        SUPPLIER.tin,
        'Uganda',
        '@SUM(1+1)',
        xlsxDay(today),
      ],
      [
        first.supplier_number,
        'Export Alpha',
        '0700111222',
        SUPPLIER.email,
        'TIN-A',
        'Kenya',
        SUPPLIER.address,
        xlsxDay(today),
      ],
    ]);
    // Text, not formulas.
    expect(sheet?.getRow(2).getCell(2).type).toBe(ExcelJS.ValueType.String);
  });

  it('exports the same rows as CSV, with formula-like cells escaped', async () => {
    const res = await download('/api/suppliercsv?search=export', admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${fileDay()}_suppliers.csv"`);
    const rows = parse(res.bytes.toString('utf8')) as string[][];
    expect(rows).toEqual([
      HEADER,
      [
        second.supplier_number,
        `'=HYPERLINK("http://evil.test") Export`,
        SUPPLIER.phone_number,
        SUPPLIER.email,
        SUPPLIER.tin,
        'Uganda',
        `'@SUM(1+1)`,
        today,
      ],
      [first.supplier_number, 'Export Alpha', '0700111222', SUPPLIER.email, 'TIN-A', 'Kenya', SUPPLIER.address, today],
    ]);
  });

  it('exports every live supplier without a search', async () => {
    const res = await download('/api/suppliercsv', admin);
    const rows = parse(res.bytes.toString('utf8')) as string[][];
    const live = await t.db.selectFrom('suppliers').select('supplier_number').where('deleted_at', 'is', null).execute();
    expect(rows).toHaveLength(live.length + 1);
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(live.map((s) => s.supplier_number).sort());
  });
});

describe("exports in a shop's own time zone", () => {
  it('name the file and date each supplier by the configured zone, not Africa/Kampala', async () => {
    // One of these two zones, 26 hours apart, is always on another day than Kampala.
    const zone = ['Etc/GMT+12', 'Etc/GMT-14'].find((z) => fileDay(z) !== fileDay()) as string;
    const shop = await createTestApp({ timeZone: zone });
    try {
      const token = await shop.signIn();
      const supplier = await catalogue(shop, token).supplier('Island Traders');
      // 10:30 UTC on 21 November: the 21st in Kampala, the 20th at UTC-12, the 22nd at UTC+14.
      const createdAt = new Date('2026-11-21T10:30:00Z');
      await sql`UPDATE suppliers SET created_at = ${createdAt} WHERE id = ${supplier.id}`.execute(shop.db);
      const res = await fetch(`${shop.url}/api/suppliercsv`, { headers: { authorization: `Bearer ${token}` } });
      const rows = parse(await res.text()) as string[][];
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${fileDay(zone)}_suppliers.csv"`);
      expect(rows[1]?.slice(0, 2)).toEqual([supplier.supplier_number, 'Island Traders']);
      expect(rows[1]?.[7]).toBe(fileDay(zone, createdAt).replace(/_/g, '-'));
      expect(rows[1]?.[7]).not.toBe('2026-11-21');
    } finally {
      await shop.close();
    }
  });
});

// /api/getsuppliers: the crud contract's lookup.
describe('GET /api/getcountries', () => {
  it('needs a signed-in user only, and lists the four offered countries', async () => {
    expect(await t.call('GET', '/api/getcountries')).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    const countries = await t.call('GET', '/api/getcountries', { token: cashier });
    expect(countries.body.data.map((c: { country: string }) => c.country)).toEqual([
      'Kenya',
      'Rwanda',
      'Tanzania',
      'Uganda',
    ]);
    expect(countries.body.data[3]).toEqual({
      country: 'Uganda',
      dialing_code: '+256',
      currency: 'UGX',
      operators: ['MTN Uganda', 'AIRTEL Uganda'],
    });
  });
});

describe('a supplier that stock on hand still uses', () => {
  const onHand = (n: number) =>
    `This supplier is still used by ${n} batch(es) with stock on hand. Sell or write off that stock first.`;

  it('stays out of the trash, deleted alone or in bulk, until that stock is gone', async () => {
    const refs = await make.chain('On Hand');
    const first = await make.stock(refs);
    const second = await make.stock(refs);
    const spare = await make.supplier('On Hand Spare');
    const before = await auditCount(t);
    expect(await t.call('DELETE', `/api/supplierdelete/${refs.supplier_id}`, { token: admin })).toMatchObject({
      status: 409,
      body: { success: false, message: onHand(2) },
    });
    await make.emptyBatch(first.id);
    const bulk = await t.call('DELETE', '/api/suppliersdelete', {
      token: admin,
      body: { supplier_ids: [spare.id, refs.supplier_id] },
    });
    expect(bulk).toMatchObject({ status: 409, body: { success: false, message: onHand(1) } });
    expect((await supplierRow(refs.supplier_id))?.deleted_at).toBeNull();
    expect((await supplierRow(spare.id))?.deleted_at).toBeNull();
    expect(await auditCount(t)).toBe(before + 1);

    await make.emptyBatch(second.id);
    const res = await t.call('DELETE', '/api/suppliersdelete', {
      token: admin,
      body: { supplier_ids: [spare.id, refs.supplier_id] },
    });
    expect(res).toMatchObject({ status: 200, body: { message: '2 supplier(s) deleted successfully!' } });
  });
});

describe('a trashed supplier', () => {
  it('cannot be used by new stock', async () => {
    const refs = await make.chain('History');
    expect((await t.call('DELETE', `/api/supplierdelete/${refs.supplier_id}`, { token: admin })).status).toBe(200);
    const refused = await t.call('POST', '/api/stockstore', {
      token: admin,
      body: {
        ...refs,
        quantity: 1,
        unit_price: 1,
        sale_price: 1,
        min_stock_level: 0,
        stock_date: '2026-11-20',
        environment: 'TEST',
      },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ supplier_id: ['Supplier is required.'] });
  });
});

const trashName = async (id: number) => {
  const row = await supplierRow(id);
  return `${row?.name} (${row?.supplier_number})`;
};

crudContract(() => app, {
  word: 'supplier',
  label: 'Supplier',
  bulkDelete: { path: '/api/suppliersdelete', field: 'supplier_ids' },
  table: 'suppliers',
  make: async (name) => (await make.supplier(name)).id,
  storeBody: (name) => ({ ...SUPPLIER, name }),
  updateBody: (name) => ({ ...UPDATE, name }),
  shown: () => ({ ...UPDATE, supplier_number: expect.stringMatching(SUPPLIER_NUMBER) }),
  trashName,
  lookup: '/api/getsuppliers',
});

stockReferenceContract(() => app, {
  word: 'supplier',
  label: 'Supplier',
  table: 'suppliers',
  bulkDelete: { path: '/api/suppliersdelete', field: 'supplier_ids' },
  make: async (name) => (await make.supplier(name)).id,
  chainName: (label) => `${label} Supplier`,
  trashName,
  onHand: 'This supplier is still used by 1 batch(es) with stock on hand. Sell or write off that stock first.',
  stillUsed: 'Stock records still refer to this supplier.',
});
