import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPLIER } from '../../test/catalogue-fixtures.ts';
import { signedInApp } from '../../test/crud-contract.ts';
import { makeCatalogue, receiveBatch } from '../../test/stock-fixtures.ts';
import type { TestApp } from '../../test/test-app.ts';
import { DEMO_ADMIN } from '../db/seed/demo.ts';

// Bad input answers 4xx on every route, whatever the route's own schema.
let t: TestApp;
let admin: string;

beforeAll(async () => {
  ({ t, admin } = await signedInApp());
});
afterAll(() => t.close());

/** One column of a stored row, as the database holds it after the call. */
async function storedValue(table: 'roles' | 'suppliers' | 'users' | 'sales', column: string, id: number) {
  const row = await t.db
    .selectFrom(table)
    .select(sql.ref(column).as('value'))
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.value;
}

const NUL_REFUSED = { success: false, message: 'Text cannot contain the NUL character.' };
const sale = (extra: Record<string, unknown>) => ({
  customerName: 'Anonymous',
  customerPhone: '0700000000',
  discount: 0,
  paymentMethod: 'CASH',
  idempotencyKey: randomUUID(),
  ...extra,
});

describe('a NUL character', () => {
  it('is refused with 422 in a sign-in, before any query', async () => {
    const res = await t.call('POST', '/api/login', { body: { email: `${DEMO_ADMIN.email}\u0000`, password: 'x' } });
    expect(res).toMatchObject({ status: 422, body: { ...NUL_REFUSED, errors: { email: [NUL_REFUSED.message] } } });
  });

  it('is refused with 422 in a list search and a query filter', async () => {
    for (const path of ['/api/rolelist?search=a%00b', '/api/supplierlist?search=%00', '/api/userlist?gender=%00']) {
      const res = await t.call('GET', path, { token: admin });
      expect(res.status, path).toBe(422);
      expect(res.body.message, path).toBe(NUL_REFUSED.message);
    }
  });

  it('is refused with 422 in a body, nested ones included, and nothing is written', async () => {
    const role = await t.call('POST', '/api/rolestore', {
      token: admin,
      body: { name: 'Night\u0000Shift', environment: 'TEST' },
    });
    expect(role).toMatchObject({ status: 422, body: { ...NUL_REFUSED, errors: { name: [NUL_REFUSED.message] } } });
    expect(await t.db.selectFrom('roles').select('id').where('name', 'like', 'Night%').execute()).toEqual([]);
    const menus = await t.call('POST', '/api/assignmenus/2', {
      token: admin,
      body: { selectedMenus: ['roleList', 'x\u0000'] },
    });
    expect(menus.status).toBe(422);
    expect(menus.body.errors).toEqual({ 'selectedMenus.1': [NUL_REFUSED.message] });
  });

  it('is refused with 422 in a path parameter', async () => {
    const res = await t.call('PUT', '/api/trashrestore/role%00/1', { token: admin });
    expect(res).toMatchObject({ status: 422, body: NUL_REFUSED });
  });
});

describe('a multipart request', () => {
  it('without a boundary answers 400, not 500', async () => {
    const res = await t.call('POST', '/api/appearancesettingsstore', {
      token: admin,
      headers: { 'content-type': 'multipart/form-data' },
      body: 'name=Duka',
    });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });

  it('with a NUL in a field answers 422, not 500', async () => {
    const form = new FormData();
    form.append('name', 'Duka\u0000');
    const res = await fetch(`${t.url}/api/appearancesettingsstore`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual(NUL_REFUSED);
  });
});

describe('numbers', () => {
  let batchNumber: string;
  beforeAll(async () => {
    batchNumber = (await receiveBatch(t, admin, await makeCatalogue(t, admin), { quantity: 40 })).batch_number;
  });

  it('refuse hexadecimal, booleans, lists, null and blanks as quantities and discounts, and sell nothing', async () => {
    for (const quantity of ['0x10', true, [1], null, '', '1e1', 'Infinity']) {
      const res = await t.call('POST', '/api/salesstore', {
        token: admin,
        body: sale({ items: [{ batchNumber, quantity }] }),
      });
      expect(res.status, JSON.stringify(quantity)).toBe(422);
      expect(res.body.errors, JSON.stringify(quantity)).toEqual({ 'items.0.quantity': ['Quantity is required.'] });
    }
    for (const discount of ['0x10', true, [5], null, '']) {
      const res = await t.call('POST', '/api/salesstore', {
        token: admin,
        body: sale({ items: [{ batchNumber, quantity: 1 }], discount }),
      });
      expect(res.status, JSON.stringify(discount)).toBe(422);
      expect(res.body.errors).toEqual({ discount: ['The discount must be a number from 0 to 100.'] });
    }
    expect(await t.db.selectFrom('sales').select('id').execute()).toEqual([]);
  });

  it('take decimal text as the original client sends it', async () => {
    const res = await t.call('POST', '/api/salesstore', {
      token: admin,
      body: sale({ items: [{ batchNumber, quantity: '2.5' }], discount: '10' }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stored = await t.db
      .selectFrom('sales')
      .innerJoin('sale_items', 'sale_items.sale_id', 'sales.id')
      .select(['sales.discount_percent', 'sale_items.quantity'])
      .where('sales.id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect([Number(stored.discount_percent), Number(stored.quantity)]).toEqual([10, 2.5]);
  });

  it('refuse hexadecimal and lists as ids, prices and pages', async () => {
    expect((await t.call('GET', '/api/usershow/0x1', { token: admin })).status).toBe(422);
    expect((await t.call('GET', '/api/rolelist?page=0x1', { token: admin })).status).toBe(422);
    expect((await t.call('GET', '/api/rolelist?pagination_size=0xA', { token: admin })).status).toBe(422);
    expect((await t.call('GET', '/api/userlist?role=0x1', { token: admin })).body.errors).toEqual({
      role: ['Role must be a role id.'],
    });
    expect((await t.call('PUT', '/api/trashrestore/role/0x1', { token: admin })).status).toBe(422);
    const price = await t.call(
      'GET',
      `/api/getsalepriceinstock?productId=0x1&batchNumber=BN0000000000000A&brandId=1&measurementId=1`,
      { token: admin },
    );
    expect(Object.keys(price.body.errors)).toEqual(['productId']);
    const product = await t.call('POST', '/api/productstore', {
      token: admin,
      body: { name: 'Hex Product', category_id: [1], environment: 'TEST' },
    });
    expect(product.body.errors).toEqual({ category_id: ['Category is required.'] });
    const refs = await makeCatalogue(t, admin);
    const stock = await t.call('POST', '/api/stockstore', {
      token: admin,
      body: {
        ...refs,
        quantity: '10',
        unit_price: '0x10',
        sale_price: true,
        min_stock_level: '2',
        stock_date: '2026-11-20',
        environment: 'PRODUCTION',
      },
    });
    expect(stock.body.errors).toEqual({
      unit_price: ['Unit price is required.'],
      sale_price: ['Sale price is required.'],
    });
  });

  it('keep "X is required." for a blank role', async () => {
    const res = await t.call('POST', '/api/userstore', {
      token: admin,
      body: {
        name: 'Blank Role',
        gender: 'Female',
        nin: 'CF00000000001',
        phone_number: '0710000001',
        email: 'blank.role@duka.test',
        role_id: '',
        environment: 'TEST',
      },
    });
    expect(res.body.errors).toEqual({ role_id: ['Role is required.'] });
  });
});

describe('invisible characters', () => {
  it('alone are not a name', async () => {
    for (const name of ['\u200B', '\u200C\u200D', ' \u2060 ', '\uFEFF\u00AD']) {
      const res = await t.call('POST', '/api/rolestore', { token: admin, body: { name, environment: 'TEST' } });
      expect(res.status, JSON.stringify(name)).toBe(422);
      expect(res.body.errors, JSON.stringify(name)).toEqual({ name: ['Name is required.'] });
    }
  });

  it('around a name are trimmed like spaces', async () => {
    const res = await t.call('POST', '/api/rolestore', {
      token: admin,
      body: { name: '\u200BNight Shift\u00AD', environment: 'TEST' },
    });
    expect(res.status).toBe(200);
    expect(await storedValue('roles', 'name', res.body.data.id)).toBe('Night Shift');
  });
});

describe('bidirectional controls', () => {
  // A right-to-left override shows "Cement\u202Egpj.exe" as "Cementexe.jpg": one name passing for another.
  const controls = ['\u202E', '\u202A', '\u202B', '\u202C', '\u202D', '\u2066', '\u2067', '\u2068', '\u2069'];

  const label = (control: string) => `U+${control.codePointAt(0)?.toString(16).toUpperCase()}`;

  it('are removed from names, addresses, customers and notes wherever they sit', async () => {
    for (const control of [...controls, '\u200E', '\u200F', '\u061C']) {
      const role = await t.call('POST', '/api/rolestore', {
        token: admin,
        body: { name: `${control}Night${control}Shift ${label(control)}`, environment: 'TEST' },
      });
      expect(role.status, JSON.stringify(control)).toBe(200);
      expect(await storedValue('roles', 'name', role.body.data.id)).toBe(`NightShift ${label(control)}`);
    }
    const supplier = await t.call('POST', '/api/supplierstore', {
      token: admin,
      body: { ...SUPPLIER, name: 'Kato\u202E Supplies\u2069', address: '\u2067Plot 5\u2069, Jinja Road' },
    });
    expect(supplier.status, JSON.stringify(supplier.body)).toBe(200);
    expect(await storedValue('suppliers', 'name', supplier.body.data.id)).toBe('Kato Supplies');
    expect(await storedValue('suppliers', 'address', supplier.body.data.id)).toBe('Plot 5, Jinja Road');

    const { batch_number } = await receiveBatch(t, admin, await makeCatalogue(t, admin));
    const sold = await t.call('POST', '/api/salesstore', {
      token: admin,
      body: sale({ customerName: 'Okello\u202E Moses', items: [{ batchNumber: batch_number, quantity: 1 }] }),
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect(await storedValue('sales', 'customer_name', sold.body.data.id)).toBe('Okello Moses');

    const form = new FormData();
    form.append('name', '\u202EHardware Duka');
    const appearance = await fetch(`${t.url}/api/appearancesettingsstore`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(appearance.status).toBe(200);
    expect(((await appearance.json()) as { data: { name: string } }).data.name).toBe('Hardware Duka');
  });

  it('alone are not a name', async () => {
    const res = await t.call('POST', '/api/rolestore', {
      token: admin,
      body: { name: '\u202E\u2066', environment: 'TEST' },
    });
    expect(res.body.errors).toEqual({ name: ['Name is required.'] });
  });
});

describe('a JSON body whose bytes are not UTF-8', () => {
  it('is refused with 400 and a clear message, not stored with replacement characters', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"name":"Caf'),
      Buffer.from([0xe9]),
      Buffer.from('","environment":"TEST"}'),
    ]);
    const res = await fetch(`${t.url}/api/rolestore`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json; charset=utf-8' },
      body: new Uint8Array(bytes),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      success: false,
      message: 'The request could not be read: its text is not valid UTF-8.',
    });
    expect(await t.db.selectFrom('roles').select('name').where('name', 'like', 'Caf%').execute()).toEqual([]);
    // The same name in UTF-8 is stored as sent.
    const good = await t.call('POST', '/api/rolestore', { token: admin, body: { name: 'Café', environment: 'TEST' } });
    expect(await storedValue('roles', 'name', good.body.data.id)).toBe('Café');
  });
});

describe('a trailing slash', () => {
  it('reaches the same route', async () => {
    const res = await t.call('GET', '/api/userpersonaldetails/', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBe(DEMO_ADMIN.email);
  });
});

describe('phone numbers', () => {
  it('are stored in the local form for suppliers, users and sales', async () => {
    const forms = ['+256772123456', '256772123456', '0772 123 456', '0772-123-456', '+256 772-123-456'];
    for (const [i, phone_number] of forms.entries()) {
      const res = await t.call('POST', '/api/supplierstore', {
        token: admin,
        body: { ...SUPPLIER, name: `Phone Supplier ${i}`, phone_number },
      });
      expect(res.status, phone_number).toBe(200);
      expect(await storedValue('suppliers', 'phone_number', res.body.data.id), phone_number).toBe('0772123456');
    }
    const user = await t.call('POST', '/api/userstore', {
      token: admin,
      body: {
        name: 'Phone User',
        gender: 'Male',
        nin: 'CM00000000002',
        phone_number: '+256 701 234 567',
        email: 'phone.user@duka.test',
        role_id: 1,
        environment: 'TEST',
      },
    });
    expect(user.status, JSON.stringify(user.body)).toBe(200);
    expect(await storedValue('users', 'phone_number', user.body.data.id)).toBe('0701234567');

    const { batch_number } = await receiveBatch(t, admin, await makeCatalogue(t, admin));
    const sold = await t.call('POST', '/api/salesstore', {
      token: admin,
      body: sale({ customerPhone: '+256772123456', items: [{ batchNumber: batch_number, quantity: 1 }] }),
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect(await storedValue('sales', 'customer_phone', sold.body.data.id)).toBe('0772123456');
  });

  it('that are not digits from 0, or of another country, are still refused', async () => {
    for (const phone_number of ['+25677212345a', '772123456', '+254712345678', '2567721234567']) {
      const res = await t.call('POST', '/api/supplierstore', {
        token: admin,
        body: { ...SUPPLIER, name: 'Letter Phone', phone_number },
      });
      expect(res.body.errors, phone_number).toEqual({
        phone_number: ['Invalid phone number format. Please enter only digits.'],
      });
    }
  });
});
