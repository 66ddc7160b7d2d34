import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
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
  UNAUTHENTICATED,
  withCashierKeys,
  withoutCashierKeys,
} from '../../../test/catalogue-fixtures.ts';
import { crudContract, type SignedIn } from '../../../test/crud-contract.ts';
import { xlsxDay, xlsxRows } from '../../../test/spreadsheets.ts';
import type { Batch } from '../../../test/stock-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { tillShop } from '../../../test/till-fixtures.ts';

// Customers as records: their numbers, phones, list and files, the POS's picker, and the rule that a customer who
// owes (or holds an advance) stays out of the trash.
let app: SignedIn;
let t: TestApp;
let admin: string;
let cashier: string;
let adminId: number;
let make: SignedIn['make'];
let cement: Batch;

beforeAll(async () => {
  const shop = await tillShop();
  ({ t, admin, cashier, adminId, make, cement } = shop);
  app = shop;
});
afterAll(() => t.close());

const CUSTOMER_NUMBER = /^CU\d{6}$/;
/** Phones these tests type by hand: 10 digits, never the fixtures' 12. */
let phones = 0;
const phone = () => {
  phones += 1;
  return `0703${String(phones).padStart(6, '0')}`;
};
const customerRow = (id: number) => t.db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
const store = (body: object, token = admin) => t.call('POST', '/api/customerstore', { token, body });
const update = (id: number, body: object, token = admin) => t.call('PUT', `/api/customerupdate/${id}`, { token, body });
const show = (id: number, token = admin) => t.call('GET', `/api/customershow/${id}`, { token });
const remove = (id: number, token = admin) => t.call('DELETE', `/api/customerdelete/${id}`, { token });
const bulkRemove = (ids: number[], token = admin) =>
  t.call('DELETE', '/api/customersdelete', { token, body: { customer_ids: ids } });
const picker = (search: string, token = admin) =>
  t.call('GET', `/api/getcustomers?search=${encodeURIComponent(search)}`, { token });
/** Only for the delete rule: the balance as sales and payments would have left it. */
const setBalance = (id: number, balance: number) =>
  sql`UPDATE customers SET balance = ${balance} WHERE id = ${id}`.execute(t.db);

/** A sale of `quantity` cement (35,000 each) to the customer, `onAccount` of it on their account, the rest cash. */
async function saleTo(customerId: number, quantity: number, onAccount: number) {
  const total = quantity * 35_000;
  const payments = [
    ...(onAccount > 0 ? [{ method: 'ACCOUNT', amount: onAccount }] : []),
    ...(total > onAccount ? [{ method: 'CASH', amount: total - onAccount }] : []),
  ];
  const res = await t.call('POST', '/api/salesstore', {
    token: admin,
    body: {
      customerName: 'Okello Builders',
      customerPhone: '0772123456',
      items: [{ batchNumber: cement.batch_number, quantity }],
      payments,
      customer_id: customerId,
      idempotencyKey: randomUUID(),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}

const EMPTY_FORM_ERRORS = {
  name: ['Name is required.'],
  phone_number: ['Phone number is required.'],
};

describe('customer numbers', () => {
  it('run CU000001, CU000002… from the shop counter, without a gap for a refused or concurrent duplicate', async () => {
    const shop = await createTestApp();
    try {
      const token = await shop.signIn();
      const fresh = catalogue(shop, token);
      const first = await fresh.customer('First Customer');
      const second = await fresh.customer('Second Customer');
      expect([first.customer_number, second.customer_number]).toEqual(['CU000001', 'CU000002']);
      // Five tills register the same phone at once: one is made, the others are told why; none is a 500.
      const same = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          shop.call('POST', '/api/customerstore', {
            token,
            body: { name: `Twin ${i}`, phone_number: '0772999000' },
          }),
        ),
      );
      expect(same.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
      for (const refused of same.filter((r) => r.status === 409)) {
        expect(refused.body).toEqual({ success: false, message: 'A customer with this phone number already exists.' });
      }
      expect(same.find((r) => r.status === 200)?.body.data.customer_number).toBe('CU000003');
      expect((await fresh.customer('Fourth Customer')).customer_number).toBe('CU000004');
      const counter = await shop.db
        .selectFrom('shop_counters')
        .select('value')
        .where('name', '=', 'customer')
        .executeTakeFirstOrThrow();
      expect(counter.value).toBe(4);
    } finally {
      await shop.close();
    }
  });
});

describe('POST /api/customerstore', () => {
  it('refuses a missing token, a user without customerAdd, then bad input with its message', async () => {
    const body = { name: 'Refused Customer', phone_number: phone() };
    expect(await store(body, '')).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    expect(await store(body, cashier)).toMatchObject({ status: 403, body: DENIED });
    expectInvalid(await store({}), EMPTY_FORM_ERRORS);
    expectInvalid(await store({ name: ' ', phone_number: ' ' }), EMPTY_FORM_ERRORS);
    expectInvalid(await store({ ...body, phone_number: '772123456' }), {
      phone_number: ['Invalid phone number format. Please enter only digits.'],
    });
    expectInvalid(await store({ ...body, email: 'nope' }), { email: ['Invalid email format.'] });
    const limit = 'The credit limit must be a whole number of shillings from 0.';
    for (const credit_limit of [-1, 10.5, 'lots']) {
      expectInvalid(await store({ ...body, credit_limit }), { credit_limit: [limit] });
    }
    const terms = 'Payment terms must be a whole number of days from 0 to 365.';
    for (const payment_terms_days of [-1, 366, 1.5]) {
      expectInvalid(await store({ ...body, payment_terms_days }), { payment_terms_days: [terms] });
    }
    expect(await t.db.selectFrom('customers').select('id').where('name', '=', 'Refused Customer').execute()).toEqual(
      [],
    );
  });

  it('creates the customer with the next number, the phone in local form, its creator, and audits it', async () => {
    const res = await store({
      name: '  Okello Builders Ltd ',
      phone_number: '+256 772 123 456',
      email: ' accounts@okello.test ',
      address: 'Plot 7, Ntinda',
      tin: '1000234567',
      credit_limit: '2000000',
      payment_terms_days: 45,
      notes: 'Pays on Fridays',
      customer_number: 'CU999999',
      balance: 5_000,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Customer created successfully!',
      data: {
        id: expect.any(Number),
        name: 'Okello Builders Ltd',
        customer_number: expect.stringMatching(CUSTOMER_NUMBER),
      },
    });
    const { id, customer_number } = res.body.data;
    expect(customer_number).not.toBe('CU999999');
    expect(await customerRow(id)).toMatchObject({
      customer_number,
      name: 'Okello Builders Ltd',
      phone_number: '0772123456',
      email: 'accounts@okello.test',
      address: 'Plot 7, Ntinda',
      tin: '1000234567',
      credit_limit: 2_000_000,
      payment_terms_days: 45,
      notes: 'Pays on Fridays',
      balance: 0,
      created_by: adminId,
      deleted_at: null,
    });
    expect(await lastAudit(t)).toMatchObject({
      type: 'Customer',
      activity: 'Create',
      details: `Created customer "Okello Builders Ltd" (${customer_number})`,
      user_id: adminId,
      browser: 'Chrome 140',
      platform: 'Linux',
      ip: '127.0.0.1',
    });
  });

  it('defaults to no credit and 30 days, and leaves blank optional fields empty', async () => {
    const made = await make.customer('Walk-in Regular', { email: ' ', address: ' ', notes: '\t', tin: undefined });
    expect(await customerRow(made.id)).toMatchObject({
      credit_limit: 0,
      payment_terms_days: 30,
      email: null,
      address: null,
      tin: null,
      notes: null,
    });
  });

  it("refuses a live customer's phone in any form (409, nothing audited) and takes a trashed one's", async () => {
    const taken = phone();
    const owner = await make.customer('Phone Owner', { phone_number: taken });
    const before = await auditCount(t);
    const international = `+256 ${taken.slice(1, 4)} ${taken.slice(4, 7)} ${taken.slice(7)}`;
    for (const phone_number of [taken, international]) {
      expect(await store({ name: 'Phone Thief', phone_number })).toMatchObject({
        status: 409,
        body: { success: false, message: 'A customer with this phone number already exists.' },
      });
    }
    expect(await auditCount(t)).toBe(before);
    expect((await remove(owner.id)).status).toBe(200);
    const heir = await store({ name: 'Phone Heir', phone_number: taken });
    expect(heir.status).toBe(200);
    // The owner cannot come back from the trash while the heir has the number.
    const restore = await t.call('PUT', `/api/trashrestore/customer/${owner.id}`, { token: admin });
    expect(restore).toMatchObject({
      status: 409,
      body: { success: false, message: 'Another customer now uses the same details. Rename or remove it first.' },
    });
  });
});

describe('PUT /api/customerupdate/:id', () => {
  it('refuses a missing token, a user without customerEdit, bad input and an unknown customer', async () => {
    const customer = await make.customer('Edit Guarded');
    const body = { name: 'Edit Guarded', phone_number: phone() };
    expect(await update(customer.id, body, '')).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    expect(await update(customer.id, body, cashier)).toMatchObject({ status: 403, body: DENIED });
    expectInvalid(await update(customer.id, {}), EMPTY_FORM_ERRORS);
    expectInvalid(await update(customer.id, { ...body, credit_limit: -5 }), {
      credit_limit: ['The credit limit must be a whole number of shillings from 0.'],
    });
    expect(await update(999_999, body)).toMatchObject({
      status: 404,
      body: { success: false, message: 'Customer not found.' },
    });
    expect((await customerRow(customer.id))?.name).toBe('Edit Guarded');
  });

  it('changes the details, keeps number and balance, stamps updated_at and audits from/to', async () => {
    const customer = await make.customer('Nakato Construction', {
      email: 'old@nakato.test',
      credit_limit: 500_000,
    });
    const before = await customerRow(customer.id);
    await sql`UPDATE customers SET updated_at = now() - interval '1 day' WHERE id = ${customer.id}`.execute(t.db);
    const res = await update(customer.id, {
      name: 'Nakato Construction Ltd',
      phone_number: '+256 701 234 999',
      credit_limit: 750_000,
      payment_terms_days: 30,
      customer_number: 'CU000000',
      balance: 99,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Customer updated successfully!' });
    const after = await customerRow(customer.id);
    expect(after).toMatchObject({
      name: 'Nakato Construction Ltd',
      phone_number: '0701234999',
      // Sent blank (absent): cleared.
      email: null,
      credit_limit: 750_000,
      customer_number: customer.customer_number,
      balance: 0,
    });
    expect(after?.updated_at.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(before?.phone_number).toMatch(/^0790\d{8}$/);
    expect(await lastAudit(t)).toMatchObject({
      type: 'Customer',
      activity: 'Update',
      details:
        `Customer ${customer.id} (${customer.customer_number}) ` +
        `from: {"name":"Nakato Construction","phone_number":"${before?.phone_number}","email":"old@nakato.test","credit_limit":500000} ` +
        'to: {"name":"Nakato Construction Ltd","phone_number":"0701234999","email":null,"credit_limit":750000}',
      user_id: adminId,
    });
  });

  it("keeps the customer's own phone, and refuses another live customer's (409)", async () => {
    const taken = phone();
    await make.customer('Other Phone', { phone_number: taken });
    const mine = phone();
    const customer = await make.customer('Own Phone', { phone_number: mine });
    expect((await update(customer.id, { name: 'Own Phone Renamed', phone_number: mine })).status).toBe(200);
    const before = await auditCount(t);
    expect(await update(customer.id, { name: 'Own Phone', phone_number: taken })).toMatchObject({
      status: 409,
      body: { success: false, message: 'A customer with this phone number already exists.' },
    });
    expect(await customerRow(customer.id)).toMatchObject({ name: 'Own Phone Renamed', phone_number: mine });
    expect(await auditCount(t)).toBe(before);
  });
});

describe('GET /api/customershow/:id', () => {
  it('refuses a missing token, a user without customerList and an unknown id, and shows every field', async () => {
    const customer = await make.customer('Shown Customer', {
      tin: '1000999888',
      credit_limit: 300_000,
      payment_terms_days: 14,
      notes: 'Site at Kira',
    });
    expect(await show(customer.id, '')).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    expect(await show(customer.id, cashier)).toMatchObject({ status: 403, body: DENIED });
    expect((await t.call('GET', '/api/customershow/abc', { token: admin })).status).toBe(422);
    expect(await show(999_999)).toMatchObject({
      status: 404,
      body: { success: false, message: 'Customer not found.' },
    });
    const res = await show(customer.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        id: customer.id,
        customer_number: customer.customer_number,
        name: 'Shown Customer',
        phone_number: expect.stringMatching(/^0790\d{8}$/),
        email: null,
        address: null,
        tin: '1000999888',
        credit_limit: 300_000,
        payment_terms_days: 14,
        notes: 'Site at Kira',
        balance: 0,
        available_credit: 300_000,
        oldest_unpaid_days: null,
        over_limit: false,
        created_at: expect.any(String),
      },
    });
  });
});

describe('GET /api/customerlist', () => {
  it('shows what each customer owes, may still buy, how long the oldest unpaid sale waits, and who is over limit', async () => {
    const owing = await make.customer('Wandera Site', { credit_limit: 100_000 });
    // Two sales on account; the older one was made 12 days ago and is still unpaid.
    const older = await saleTo(owing.id, 1, 35_000);
    await saleTo(owing.id, 2, 40_000);
    await sql`UPDATE sales SET created_at = now() - interval '12 days' WHERE id = ${older}`.execute(t.db);
    // A customer who bought for cash owes nothing.
    const paid = await make.customer('Wandera Cash', { credit_limit: 50_000 });
    await saleTo(paid.id, 1, 0);

    const list = async () => {
      const res = await t.call('GET', '/api/customerlist?search=wandera', { token: admin });
      expect(res.status).toBe(200);
      return res.body;
    };
    const body = await list();
    expect(body).toMatchObject({ success: true, current_page: 1, total: 2, per_page: 10 });
    expect(body.data.map((c: { id: number }) => c.id)).toEqual([paid.id, owing.id]);
    expect(body.data[1]).toMatchObject({
      name: 'Wandera Site',
      balance: 75_000,
      available_credit: 25_000,
      oldest_unpaid_days: 12,
      over_limit: false,
    });
    expect(body.data[0]).toMatchObject({ balance: 0, available_credit: 50_000, oldest_unpaid_days: null });

    // A limit lowered below what is owed: over it, and nothing more on account.
    await update(owing.id, { name: 'Wandera Site', phone_number: body.data[1].phone_number, credit_limit: 60_000 });
    expect((await list()).data[1]).toMatchObject({ balance: 75_000, available_credit: 0, over_limit: true });
    // An advance adds to what may be bought.
    await setBalance(paid.id, -20_000);
    expect((await list()).data[0]).toMatchObject({ balance: -20_000, available_credit: 70_000, over_limit: false });
    await setBalance(paid.id, 0);
  });

  it('searches name, phone (local or +256), TIN and customer number, and leaves the trash out', async () => {
    const target = await make.customer('Mbabazi Hardware', { phone_number: '0752345678', tin: 'TIN-7788' });
    await make.customer('Unrelated Shop');
    const gone = await make.customer('Mbabazi Gone');
    await remove(gone.id);
    for (const search of [
      'mbabazi',
      'HARDWARE',
      '0752345',
      '0752 345 678',
      '+256752345678',
      '+256 752 345',
      'tin-7788',
      target.customer_number.toLowerCase(),
    ]) {
      const res = await t.call('GET', `/api/customerlist?search=${encodeURIComponent(search)}`, { token: admin });
      expect(
        res.body.data.map((c: { id: number }) => c.id),
        search,
      ).toEqual([target.id]);
    }
  });
});

describe('GET /api/customerxlsx and /api/customercsv', () => {
  const HEADER = ['Customer Number', 'Name', 'Phone', 'TIN', 'Credit Limit', 'Balance', 'Oldest Unpaid (days)', 'Date'];
  let first: { id: number; customer_number: string };
  let second: { id: number; customer_number: string };
  let today: string;

  beforeAll(async () => {
    first = await make.customer('Export Owing', { phone_number: '0781000111', tin: 'TIN-E1', credit_limit: 200_000 });
    await saleTo(first.id, 2, 70_000);
    second = await make.customer('=HYPERLINK("http://evil.test") Export', { phone_number: '0781000222' });
    today = fileDay().replace(/_/g, '-');
  });

  it('each asks for customerExport alone: not customerList', async () => {
    for (const path of ['/api/customerxlsx', '/api/customercsv']) {
      expect((await t.download(path)).status, path).toBe(401);
      expect(await t.call('GET', path, { token: cashier }), path).toMatchObject({ status: 403, body: DENIED });
    }
    const listOnly = await withCashierKeys(t, ['customerList'], () =>
      t.call('GET', '/api/customercsv', { token: cashier }),
    );
    expect(listOnly.status).toBe(403);
    await expectEachCallNeedsItsKey(t, [
      ['customerExport', () => t.call('GET', '/api/customercsv', { token: cashier })],
      ['customerExport', () => t.call('GET', '/api/customerxlsx', { token: cashier })],
    ]);
  });

  it('exports the matching customers as XLSX, named by date, with money as numbers', async () => {
    const res = await t.download('/api/customerxlsx?search=export', admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${fileDay()}_customers.xlsx"`);
    expect(await xlsxRows(res.bytes)).toEqual([
      HEADER,
      [
        second.customer_number,
        '=HYPERLINK("http://evil.test") Export',
        '0781000222',
        'N/A',
        0,
        0,
        undefined,
        xlsxDay(today),
      ],
      [first.customer_number, 'Export Owing', '0781000111', 'TIN-E1', 200_000, 70_000, 0, xlsxDay(today)],
    ]);
  });

  it('exports the same rows as CSV, formula-like cells escaped', async () => {
    const res = await t.download('/api/customercsv?search=export', admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${fileDay()}_customers.csv"`);
    expect(parse(res.bytes.toString('utf8'))).toEqual([
      HEADER,
      [second.customer_number, `'=HYPERLINK("http://evil.test") Export`, '0781000222', 'N/A', '0', '0', '', today],
      [first.customer_number, 'Export Owing', '0781000111', 'TIN-E1', '200000', '70000', '0', today],
    ]);
  });
});

describe('GET /api/getcustomers', () => {
  let okello: { id: number; customer_number: string };
  let okot: { id: number; customer_number: string };

  beforeAll(async () => {
    okello = await make.customer('Picker Okello', { phone_number: '0772555666', credit_limit: 500_000 });
    okot = await make.customer('picker okot', { phone_number: '0701555777', credit_limit: 100_000 });
    await saleTo(okello.id, 4, 140_000);
    const gone = await make.customer('Picker Gone', { phone_number: '0772555999' });
    await remove(gone.id);
  });

  it('refuses a missing token, a user with neither salesPOS nor customerList, and a search too long', async () => {
    expect(await picker('picker', '')).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    const denied = await withoutCashierKeys(t, ['salesPOS'], () => picker('picker', cashier));
    expect(denied).toMatchObject({ status: 403, body: DENIED });
    const byList = await withoutCashierKeys(t, ['salesPOS'], () =>
      withCashierKeys(t, ['customerList'], () => picker('picker', cashier)),
    );
    expect(byList.status).toBe(200);
    expectInvalid(await picker('x'.repeat(101)), {
      search: ['The search may have at most 100 characters.'],
    });
  });

  it('finds by name as the cashier types, by name order, with balance and available credit', async () => {
    const res = await picker('PICKER', cashier);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: [
        {
          id: okello.id,
          customer_number: okello.customer_number,
          name: 'Picker Okello',
          phone_number: '0772555666',
          balance: 140_000,
          credit_limit: 500_000,
          available_credit: 360_000,
        },
        {
          id: okot.id,
          customer_number: okot.customer_number,
          name: 'picker okot',
          phone_number: '0701555777',
          balance: 0,
          credit_limit: 100_000,
          available_credit: 100_000,
        },
      ],
    });
  });

  it('finds by phone typed locally or with +256, whole or in part, and by customer number', async () => {
    const ids = async (search: string) => (await picker(search)).body.data.map((c: { id: number }) => c.id);
    for (const search of ['0772555666', '0772 555', '555666', '+256772555666', '+256 772 555', '256772555']) {
      expect(await ids(search), search).toEqual([okello.id]);
    }
    expect(await ids('+256701555')).toEqual([okot.id]);
    expect(await ids(okot.customer_number.toLowerCase())).toEqual([okot.id]);
    expect(await ids('nobody at all')).toEqual([]);
  });

  it('answers at most 20', async () => {
    for (let i = 0; i < 21; i += 1) await make.customer(`Many ${String(i).padStart(2, '0')}`);
    const res = await picker('many ');
    expect(res.body.data).toHaveLength(20);
    expect(res.body.data[0].name).toBe('Many 00');
    expect(res.body.data[19].name).toBe('Many 19');
  });
});

describe('deleting a customer', () => {
  it('is refused while they owe or hold an advance, alone or in bulk, and allowed at 0', async () => {
    const owes = await make.customer('Ssebunya Works');
    const ahead = await make.customer('Advance Holder');
    const settled = await make.customer('Settled Buyer');
    await setBalance(owes.id, 150_000);
    await setBalance(ahead.id, -20_000);
    const before = await auditCount(t);
    expect(await remove(owes.id)).toMatchObject({
      status: 409,
      body: {
        success: false,
        message: 'Ssebunya Works owes UGX 150,000. Only a customer whose balance is 0 can be deleted.',
      },
    });
    expect(await remove(ahead.id)).toMatchObject({
      status: 409,
      body: {
        success: false,
        message: 'Advance Holder holds an advance of UGX 20,000. Only a customer whose balance is 0 can be deleted.',
      },
    });
    // All or none: the settled customer stays too.
    expect(await bulkRemove([settled.id, owes.id])).toMatchObject({
      status: 409,
      body: { message: 'Ssebunya Works owes UGX 150,000. Only a customer whose balance is 0 can be deleted.' },
    });
    for (const c of [owes, ahead, settled]) expect((await customerRow(c.id))?.deleted_at).toBeNull();
    expect(await auditCount(t)).toBe(before);

    await setBalance(owes.id, 0);
    await setBalance(ahead.id, 0);
    expect(await bulkRemove([settled.id, owes.id, ahead.id])).toMatchObject({
      status: 200,
      body: { success: true, message: '3 customer(s) deleted successfully!' },
    });
    expect(await auditCount(t)).toBe(before + 3);
  });

  it('is refused for a customer with a sale still on account', async () => {
    const buyer = await make.customer('Credit Buyer', { credit_limit: 100_000 });
    await saleTo(buyer.id, 1, 35_000);
    expect(await remove(buyer.id)).toMatchObject({
      status: 409,
      body: { message: 'Credit Buyer owes UGX 35,000. Only a customer whose balance is 0 can be deleted.' },
    });
  });
});

describe('a trashed customer', () => {
  it('comes back with its number and phone, audited, and is found again', async () => {
    const customer = await make.customer('Restored Buyer', { credit_limit: 40_000 });
    expect((await remove(customer.id)).status).toBe(200);
    expect((await picker('Restored Buyer')).body.data).toEqual([]);
    const res = await t.call('PUT', `/api/trashrestore/customer/${customer.id}`, { token: admin });
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect(await lastAudit(t)).toMatchObject({
      type: 'Customer',
      activity: 'Restore',
      details: `Restored customer "Restored Buyer (${customer.customer_number})" (id ${customer.id}) from the trash`,
    });
    expect((await show(customer.id)).body.data).toMatchObject({
      customer_number: customer.customer_number,
      credit_limit: 40_000,
    });
    expect((await picker('Restored Buyer')).body.data.map((c: { id: number }) => c.id)).toEqual([customer.id]);
  });

  it('is removed for good only while no sale or payment refers to them', async () => {
    const unused = await make.customer('Never Bought');
    const buyer = await make.customer('Cash Buyer');
    await saleTo(buyer.id, 1, 0);
    for (const c of [unused, buyer]) expect((await remove(c.id)).status).toBe(200);
    expect(await t.call('DELETE', `/api/trashdelete/customer/${buyer.id}`, { token: admin })).toMatchObject({
      status: 409,
      body: { success: false, message: 'Sales or payments still refer to this customer.' },
    });
    expect((await t.call('DELETE', `/api/trashdelete/customer/${unused.id}`, { token: admin })).status).toBe(200);
    expect(await customerRow(unused.id)).toBeUndefined();
    expect((await customerRow(buyer.id))?.deleted_at).toBeInstanceOf(Date);
  });
});

const trashName = async (id: number) => {
  const row = await customerRow(id);
  return `${row?.name} (${row?.customer_number})`;
};

crudContract(() => app, {
  word: 'customer',
  label: 'Customer',
  bulkDelete: { path: '/api/customersdelete', field: 'customer_ids' },
  table: 'customers',
  make: async (name) => (await make.customer(name)).id,
  storeBody: (name) => ({ name, phone_number: phone() }),
  updateBody: (name) => ({ name, phone_number: phone() }),
  shown: () => ({ customer_number: expect.stringMatching(CUSTOMER_NUMBER), balance: 0 }),
  trashName,
});
