// Expenses over real HTTP: each call's 401 → 422 → 403 → 404 → success → audit row, the filter key, the trash round
// trip, the exports read back, and the category suggestions.
import { EXPENSE_CATEGORY_SUGGESTIONS } from '@duka/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditSince,
  catalogue,
  DENIED,
  expectEachCallNeedsItsKey,
  expectKeyNeeded,
  lastAudit,
  lastAuditId,
  UNAUTHENTICATED,
  withCashierKeys,
} from '../../../test/catalogue-fixtures.ts';
import { signedInApp } from '../../../test/crud-contract.ts';
import { exportedRows } from '../../../test/report-fixtures.ts';
import { xlsxDay } from '../../../test/spreadsheets.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { addDays, shopDay } from '../../platform/period.ts';

let t: TestApp;
let admin: string;
let cashier: string;
let adminId: number;
const today = shopDay('Africa/Kampala');

const EXPENSE = {
  expense_date: today,
  category: 'Rent',
  description: 'Shop rent, Nakivubo',
  amount: 450_000,
  payment_method: 'BANK',
};

beforeAll(async () => {
  ({ t, admin, cashier, adminId } = await signedInApp());
});
afterAll(() => t.close());

const store = (body: object, token = admin) => t.call('POST', '/api/expensestore', { token, body });
const update = (id: number, body: object, token = admin) => t.call('PUT', `/api/expenseupdate/${id}`, { token, body });
const row = (id: number) => t.db.selectFrom('expenses').selectAll().where('id', '=', id).executeTakeFirst();
async function made(body: object = {}): Promise<number> {
  const res = await store({ ...EXPENSE, ...body });
  if (res.status !== 200) throw new Error(`expense failed: ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

describe('POST /api/expensestore', () => {
  it('refuses a missing token and a user without expenseAdd, and records nothing', async () => {
    expect(await t.call('POST', '/api/expensestore', { body: EXPENSE })).toMatchObject({
      status: 401,
      body: UNAUTHENTICATED,
    });
    expect(await store({ ...EXPENSE, description: 'Sneaky' }, cashier)).toMatchObject({ status: 403, body: DENIED });
    expect(await t.db.selectFrom('expenses').select('id').where('description', '=', 'Sneaky').execute()).toEqual([]);
  });

  it('validates every field with its message', async () => {
    const empty = await store({});
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual({
      success: false,
      message: 'Expense date is required.',
      errors: {
        expense_date: ['Expense date is required.'],
        category: ['Category is required.'],
        description: ['Description is required.'],
        amount: ['Amount is required.'],
        payment_method: ['Payment method is required.'],
      },
    });
    const wrong = await store({
      expense_date: '2026-02-30',
      category: 'x'.repeat(101),
      description: '  ',
      amount: 1500.5,
      payment_method: 'CHEQUE',
      reference: 'r'.repeat(101),
      supplier_id: 'abc',
    });
    expect(wrong.body.errors).toEqual({
      expense_date: ['Expense date is required.'],
      category: ['At most 100 characters.'],
      description: ['Description is required.'],
      amount: ['Amounts are whole shillings.'],
      payment_method: ['Payment method is required.'],
      reference: ['At most 100 characters.'],
      supplier_id: ['Choose a supplier from the list.'],
    });
    for (const amount of [0, -500]) {
      const res = await store({ ...EXPENSE, amount });
      expect(res.body.errors, String(amount)).toEqual({ amount: ['The amount must be above 0.'] });
    }
    expect(await t.db.selectFrom('expenses').select('id').execute()).toEqual([]);
  });

  it('refuses a date after the shop’s today and a supplier that is not live', async () => {
    const future = await store({ ...EXPENSE, expense_date: addDays(today, 1) });
    expect(future).toMatchObject({
      status: 422,
      body: {
        success: false,
        message: 'The expense date cannot be in the future.',
        errors: { expense_date: ['The expense date cannot be in the future.'] },
      },
    });
    const gone = await catalogue(t, admin).supplier('Gone Transporters');
    await t.call('DELETE', `/api/supplierdelete/${gone.id}`, { token: admin });
    for (const supplier_id of [gone.id, 999_999]) {
      const res = await store({ ...EXPENSE, supplier_id });
      expect(res.body, String(supplier_id)).toEqual({
        success: false,
        message: 'Choose a supplier from the list.',
        errors: { supplier_id: ['Choose a supplier from the list.'] },
      });
    }
    expect(await t.db.selectFrom('expenses').select('id').execute()).toEqual([]);
  });

  it('records the expense with its creator and audits it', async () => {
    const supplier = await catalogue(t, admin).supplier('Safe Boda Deliveries');
    const res = await store({
      expense_date: addDays(today, -2),
      category: '  Transport ',
      description: 'Delivery of cement to Ntinda',
      amount: '35000',
      payment_method: 'MOBILE_MONEY',
      reference: ' MP240611.1234.A56789 ',
      supplier_id: supplier.id,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Expense created successfully!' });
    const id = res.body.data.id;
    expect(await row(id)).toMatchObject({
      expense_date: addDays(today, -2),
      category: 'Transport',
      description: 'Delivery of cement to Ntinda',
      amount: 35_000,
      payment_method: 'MOBILE_MONEY',
      reference: 'MP240611.1234.A56789',
      supplier_id: supplier.id,
      created_by: adminId,
      deleted_at: null,
    });
    expect(await lastAudit(t)).toMatchObject({
      type: 'Expense',
      activity: 'Create',
      details: `Recorded expense ${id}: Transport, 35,000 UGX on ${addDays(today, -2)} (Delivery of cement to Ntinda)`,
      user_id: adminId,
      browser: 'Chrome 140',
      ip: '127.0.0.1',
    });
    // Today is not the future; a blank reference and supplier are none.
    const plain = await store({ ...EXPENSE, reference: '', supplier_id: '' });
    expect(plain.status).toBe(200);
    expect(await row(plain.body.data.id)).toMatchObject({ reference: null, supplier_id: null, expense_date: today });
  });
});

describe('GET /api/expenseshow/:id', () => {
  it('refuses a missing token, a user without expenseList and an unknown id; shows every field', async () => {
    const id = await made({ category: 'Airtime and data', description: 'MTN bundle' });
    await expectKeyNeeded(t, 'GET', `/api/expenseshow/${id}`, cashier);
    expect(await t.call('GET', '/api/expenseshow/999999', { token: admin })).toMatchObject({
      status: 404,
      body: { success: false, message: 'Expense not found.' },
    });
    const res = await t.call('GET', `/api/expenseshow/${id}`, { token: admin });
    expect(res.body).toEqual({
      success: true,
      data: {
        id,
        ...EXPENSE,
        category: 'Airtime and data',
        description: 'MTN bundle',
        reference: null,
        supplier_id: null,
        supplier: null,
        user: { name: 'Administrator' },
        created_at: expect.any(String),
      },
    });
  });
});

describe('PUT /api/expenseupdate/:id', () => {
  it('refuses a missing token, a user without expenseEdit, bad input and an unknown id', async () => {
    const id = await made({ description: 'Edit refusals' });
    const body = { ...EXPENSE, description: 'Changed' };
    expect(await t.call('PUT', `/api/expenseupdate/${id}`, { body })).toMatchObject({
      status: 401,
      body: UNAUTHENTICATED,
    });
    const bad = await update(id, { ...body, amount: 0 });
    expect(bad.body).toEqual({
      success: false,
      message: 'The amount must be above 0.',
      errors: { amount: ['The amount must be above 0.'] },
    });
    expect((await update(id, { ...body, expense_date: addDays(today, 3) })).body.errors).toEqual({
      expense_date: ['The expense date cannot be in the future.'],
    });
    expect(await update(id, body, cashier)).toMatchObject({ status: 403, body: DENIED });
    expect(await update(999_999, body)).toMatchObject({
      status: 404,
      body: { success: false, message: 'Expense not found.' },
    });
    expect((await row(id))?.description).toBe('Edit refusals');
  });

  it('updates the fields and audits from/to of what changed', async () => {
    const id = await made({ description: 'Power bill', category: 'Electricity and water', amount: 120_000 });
    const res = await update(id, {
      ...EXPENSE,
      description: 'Power bill',
      category: 'Electricity and water',
      amount: 125_500,
      payment_method: 'CASH',
      reference: 'UMEME-7781',
    });
    expect(res).toMatchObject({ status: 200, body: { success: true, message: 'Expense updated successfully!' } });
    expect(await row(id)).toMatchObject({ amount: 125_500, payment_method: 'CASH', reference: 'UMEME-7781' });
    expect(await lastAudit(t)).toMatchObject({
      type: 'Expense',
      activity: 'Update',
      details:
        `Expense ${id} from: {"amount":120000,"payment_method":"BANK","reference":null} ` +
        'to: {"amount":125500,"payment_method":"CASH","reference":"UMEME-7781"}',
      user_id: adminId,
    });
  });
});

describe('GET /api/expenselist', () => {
  it('refuses a missing token, a user without expenseList, bad filters and filters without expenseFilter', async () => {
    expect(await t.call('GET', '/api/expenselist')).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    expect(await t.call('GET', '/api/expenselist', { token: cashier })).toMatchObject({ status: 403, body: DENIED });
    const bad = await t.call('GET', '/api/expenselist?startDate=2026-13-01', { token: admin });
    expect(bad.body).toEqual({
      success: false,
      message: 'The start date must be a date (YYYY-MM-DD).',
      errors: { startDate: ['The start date must be a date (YYYY-MM-DD).'] },
    });
    const reversed = await t.call('GET', '/api/expenselist?startDate=2026-03-02&endDate=2026-03-01', { token: admin });
    expect(reversed.body.errors).toEqual({ endDate: ['The end date cannot be before the start date.'] });
    await withCashierKeys(t, ['expenseList'], async () => {
      expect((await t.call('GET', '/api/expenselist', { token: cashier })).status).toBe(200);
      expect(await t.call('GET', '/api/expenselist?category=Rent', { token: cashier })).toMatchObject({
        status: 403,
        body: DENIED,
      });
    });
  });

  it('lists live expenses newest date first, filtered by period and category, searched across fields', async () => {
    const old = await made({
      expense_date: '2025-01-15',
      category: 'Repairs and maintenance',
      description: 'Roof fix',
    });
    const mid = await made({ expense_date: '2025-01-20', category: 'repairs and maintenance', description: 'Door' });
    const other = await made({ expense_date: '2025-01-25', category: 'Salaries and wages', description: 'Askari' });
    const filtered = await t.call(
      'GET',
      '/api/expenselist?startDate=2025-01-01&endDate=2025-01-31&category=Repairs%20and%20maintenance',
      { token: admin },
    );
    expect(filtered.body).toMatchObject({ success: true, total: 2, current_page: 1, per_page: 10 });
    expect(filtered.body.data.map((e: { id: number }) => e.id)).toEqual([mid, old]);
    const period = await t.call('GET', '/api/expenselist?startDate=2025-01-20&endDate=2025-01-25', { token: admin });
    expect(period.body.data.map((e: { id: number }) => e.id)).toEqual([other, mid]);
    const searched = await t.call('GET', '/api/expenselist?search=askari', { token: admin });
    expect(searched.body.data.map((e: { id: number }) => e.id)).toEqual([other]);
  });
});

describe('DELETE /api/expensedelete/:id, /api/expensesdelete and the trash', () => {
  it('refuses a missing token, a user without the key, an empty selection and an unknown id', async () => {
    const id = await made({ description: 'Delete refusals' });
    await expectKeyNeeded(t, 'DELETE', `/api/expensedelete/${id}`, cashier);
    const empty = await t.call('DELETE', '/api/expensesdelete', { token: admin, body: { expense_ids: [] } });
    expect(empty.body).toEqual({
      success: false,
      message: 'Select at least one record.',
      errors: { expense_ids: ['Select at least one record.'] },
    });
    expect(await t.call('DELETE', '/api/expensedelete/999999', { token: admin })).toMatchObject({
      status: 404,
      body: { success: false, message: 'Expense not found.' },
    });
    expect((await row(id))?.deleted_at).toBeNull();
  });

  it('moves expenses to the trash, out of the list and the totals, and restores them whole', async () => {
    const supplier = await catalogue(t, admin).supplier('Trash Round Trip Ltd');
    const id = await made({
      expense_date: '2024-06-10',
      category: 'Taxes and licences',
      description: 'Trading licence',
      amount: 250_000,
      reference: 'KCCA-55',
      supplier_id: supplier.id,
    });
    const before = await row(id);
    const inPeriod = () => t.call('GET', '/api/expenselist?startDate=2024-06-01&endDate=2024-06-30', { token: admin });
    expect((await inPeriod()).body.total).toBe(1);
    const since = await lastAuditId(t);
    expect(await t.call('DELETE', `/api/expensedelete/${id}`, { token: admin })).toMatchObject({
      status: 200,
      body: { success: true, message: 'Expense deleted successfully!' },
    });
    expect((await inPeriod()).body.total).toBe(0);
    expect((await t.call('GET', `/api/expenseshow/${id}`, { token: admin })).status).toBe(404);
    const trash = await t.call('GET', '/api/trashlist?search=Trading%20licence', { token: admin });
    expect(trash.body.data).toEqual([expect.objectContaining({ id, model: 'expense', record_type: 'Expense' })]);
    expect(await t.call('PUT', `/api/trashrestore/expense/${id}`, { token: admin })).toMatchObject({ status: 200 });
    expect(await row(id)).toEqual({ ...before, deleted_at: null });
    expect((await inPeriod()).body.total).toBe(1);
    const audits = await auditSince(t, since);
    expect(audits.map((a) => [a.type, a.activity])).toEqual([
      ['Expense', 'Delete'],
      ['Expense', 'Restore'],
    ]);
    expect(audits[0]?.details).toBe(
      `Moved expense "Taxes and licences: Trading licence (250000 UGX, 2024-06-10)" (id ${id}) to the trash`,
    );
  });

  it('deletes a selection all or none', async () => {
    const a = await made({ description: 'Bulk A' });
    const b = await made({ description: 'Bulk B' });
    const missing = await t.call('DELETE', '/api/expensesdelete', {
      token: admin,
      body: { expense_ids: [a, 999_999] },
    });
    expect(missing.status).toBe(404);
    expect((await row(a))?.deleted_at).toBeNull();
    const res = await t.call('DELETE', '/api/expensesdelete', { token: admin, body: { expense_ids: [a, b] } });
    expect(res.body).toEqual({ success: true, message: '2 expense(s) deleted successfully!' });
    expect((await row(b))?.deleted_at).not.toBeNull();
  });
});

describe('exports and lookups', () => {
  it('exports the filtered expenses with the period and total in the header rows', async () => {
    await made({ expense_date: '2023-03-03', category: 'Transport', description: '=cmd|calc', amount: 12_000 });
    await made({ expense_date: '2023-03-04', category: 'Rent', description: 'March rent', amount: 300_000 });
    const query = 'startDate=2023-03-01&endDate=2023-03-31';
    for (const format of ['xlsx', 'csv'] as const) {
      const { rows, headers } = await exportedRows(t, admin, `expense${format}?${query}`, format);
      expect(headers.get('content-disposition')).toMatch(new RegExp(`_expenses\\.${format}"$`));
      const cell = (v: unknown) => (format === 'csv' ? String(v) : v);
      const day = (d: string) => (format === 'csv' ? d : xlsxDay(d));
      expect(rows.slice(0, 3)).toEqual([
        ['Expenses'],
        ['Period', day('2023-03-01'), day('2023-03-31')],
        ['Total Expenses (UGX)', cell(312_000)],
      ]);
      expect(rows.at(-2)).toEqual([
        day('2023-03-04'),
        'Rent',
        'March rent',
        cell(300_000),
        'Bank',
        'N/A',
        'N/A',
        'Administrator',
      ]);
      // A description a spreadsheet would run is written as text in the CSV.
      expect(rows.at(-1)?.[2]).toBe(format === 'csv' ? "'=cmd|calc" : '=cmd|calc');
    }
    expect((await t.download(`/api/expensecsv?${query}`, cashier)).status).toBe(403);
  });

  it('each call needs its own key', async () => {
    const del = await made({ description: 'Key delete' });
    const bulk = await made({ description: 'Key bulk' });
    await expectEachCallNeedsItsKey(t, [
      ['expenseList', () => t.call('GET', '/api/expenselist', { token: cashier })],
      ['expenseAdd', () => store(EXPENSE, cashier)],
      ['expenseEdit', () => update(del, EXPENSE, cashier)],
      ['expenseDelete', () => t.call('DELETE', `/api/expensedelete/${del}`, { token: cashier })],
      [
        'expenseBulkDelete',
        () => t.call('DELETE', '/api/expensesdelete', { token: cashier, body: { expense_ids: [bulk] } }),
      ],
    ]);
    expect((await t.download('/api/expensexlsx', cashier)).status).toBe(403);
    await withCashierKeys(t, ['expenseExport'], async () => {
      expect((await t.download('/api/expensexlsx', cashier)).status).toBe(200);
      expect((await t.download('/api/expensexlsx?category=Rent', cashier)).status).toBe(403);
    });
  });

  it('suggests the usual categories, then every other one used before', async () => {
    expect((await t.call('GET', '/api/getexpensecategories')).status).toBe(401);
    await made({ category: 'Security' });
    await made({ category: 'rent' });
    const res = await t.call('GET', '/api/getexpensecategories', { token: cashier });
    // The usual ones in their order ('rent' is one of them, whatever its case), then the others by name.
    expect(res.body.data).toEqual([...EXPENSE_CATEGORY_SUGGESTIONS, 'Security']);
  });
});
