// Shared setup of the catalogue tests (products, brands, measurements, suppliers): records made through the real API,
// the audit log, and granting the demo cashier single keys to prove each call asks for its own.
import type { CustomerInput } from '@duka/shared';
import { expect } from 'vitest';
import { DEMO_ADMIN, DEMO_CASHIER } from '../src/db/seed/demo.ts';
import type { ApiResponse, TestApp } from './test-app.ts';

export const UNAUTHENTICATED = { success: false, message: 'Unauthenticated.' };
export const DENIED = { success: false, message: 'Access denied' };

/** The stock batch references of one catalogue chain. */
export interface StockRefs {
  product_id: number;
  brand_id: number;
  measurement_id: number;
  supplier_id: number;
}

export const SUPPLIER = {
  phone_number: '0772000111',
  email: 'sales@example.test',
  tin: '1000123456',
  country: 'Uganda',
  address: 'Plot 5, Kampala Road',
  environment: 'PRODUCTION',
};

/** How many customers the fixtures made in this test file: each gets its own phone number. */
let customerPhones = 0;

/** Creates records through the API as `token` (an admin); any answer but 200 fails the test at once. */
export function catalogue(t: TestApp, token: string) {
  const store = async (path: string, body: object) => {
    const res = await t.call('POST', path, { token, body });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const fixtures = {
    category: async (name: string) => (await store('/api/categorystore', { name, environment: 'TEST' })).id as number,
    product: async (name: string, category_id: number) =>
      (await store('/api/productstore', { name, category_id, environment: 'TEST' })).id as number,
    brands: async (name: string, product_ids: number[]) =>
      ((await store('/api/brandstore', { name, product_ids, environment: 'TEST' })) as { id: number }[]).map(
        (b) => b.id,
      ),
    brand: async (name: string, productId: number) => (await fixtures.brands(name, [productId]))[0] as number,
    measurement: async (name: string) =>
      (await store('/api/measurementstore', { name, environment: 'TEST' })).id as number,
    supplier: async (name: string, fields: Partial<typeof SUPPLIER> = {}) =>
      (await store('/api/supplierstore', { ...SUPPLIER, name, ...fields })) as {
        id: number;
        name: string;
        supplier_number: string;
      },
    /** A customer with a phone no other fixture customer has (12 digits: never a hand-typed 10-digit one). */
    customer: async (name: string, overrides: Partial<CustomerInput> = {}) => {
      customerPhones += 1;
      const phone_number = `0790${String(customerPhones).padStart(8, '0')}`;
      return (await store('/api/customerstore', { name, phone_number, ...overrides })) as {
        id: number;
        name: string;
        customer_number: string;
      };
    },
    /** A stock batch of 10 at 20,000 UGX over the given references. */
    stock: async (refs: StockRefs) =>
      (await store('/api/stockstore', {
        ...refs,
        quantity: 10,
        unit_price: 20_000,
        sale_price: 25_000,
        min_stock_level: 2,
        stock_date: '2026-11-20',
        environment: 'PRODUCTION',
      })) as { id: number; batch_number: string },
    /** Writes off all 10 of a batch from `stock`, so its product and brand may go to the trash. */
    emptyBatch: (id: number) =>
      store('/api/stockadjustmentstore', {
        batch_id: id,
        reason: 'LOSS',
        quantity: 10,
        adjustment_date: '2026-11-21',
        note: 'Emptied for the test',
      }),
    /** A fresh category, product, brand, measurement and supplier, all named after `label`. */
    chain: async (label: string): Promise<StockRefs & { category_id: number }> => {
      const category_id = await fixtures.category(`${label} Category`);
      const product_id = await fixtures.product(`${label} Product`, category_id);
      return {
        category_id,
        product_id,
        brand_id: await fixtures.brand(`${label} Brand`, product_id),
        measurement_id: await fixtures.measurement(`${label} Unit`),
        supplier_id: (await fixtures.supplier(`${label} Supplier`)).id,
      };
    },
  };
  return fixtures;
}

export const userIdOf = async (t: TestApp, email = DEMO_ADMIN.email) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

/** The ids of the demo shop's three roles. */
export async function demoRoleIds(t: TestApp) {
  const roles = await t.db.selectFrom('roles').select(['id', 'name']).execute();
  const roleId = (name: string) => roles.find((r) => r.name === name)?.id as number;
  return {
    adminRoleId: roleId('Administrator'),
    cashierRoleId: roleId('Cashier'),
    storekeeperRoleId: roleId('Storekeeper'),
  };
}

export const lastAudit = (t: TestApp) =>
  t.db.selectFrom('audit_logs').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

/** The newest audit row of a type and/or activity ('User', 'Lock'…), whatever was audited after it. */
export function lastAuditOf(t: TestApp, match: { type?: string; activity?: string }) {
  let query = t.db.selectFrom('audit_logs').selectAll();
  if (match.type) query = query.where('type', '=', match.type);
  if (match.activity) query = query.where('activity', '=', match.activity);
  return query.orderBy('id', 'desc').executeTakeFirstOrThrow();
}

export const auditCount = async (t: TestApp) =>
  Number((await t.db.selectFrom('audit_logs').select(t.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/** The audit rows written after row `afterId`, oldest first. */
export const auditSince = (t: TestApp, afterId: number) =>
  t.db.selectFrom('audit_logs').selectAll().where('id', '>', afterId).orderBy('id').execute();

export const lastAuditId = async (t: TestApp) =>
  (await t.db.selectFrom('audit_logs').select(t.db.fn.max('id').as('id')).executeTakeFirstOrThrow()).id ?? 0;

const cashierRoleId = async (t: TestApp) =>
  (await t.db.selectFrom('users').select('role_id').where('email', '=', DEMO_CASHIER.email).executeTakeFirstOrThrow())
    .role_id;
const grant = (t: TestApp, roleId: number, keys: string[]) =>
  t.db
    .insertInto('role_permissions')
    .values(keys.map((permission_key) => ({ role_id: roleId, permission_key })))
    .execute();
const revoke = (t: TestApp, roleId: number, keys: string[]) =>
  t.db.deleteFrom('role_permissions').where('role_id', '=', roleId).where('permission_key', 'in', keys).execute();

type KeyChange = (t: TestApp, roleId: number, keys: string[]) => Promise<unknown>;

/** Changes the demo Cashier role's `keys` for the length of `run` (`during`), then puts them back (`after`). */
async function whileCashierKeys<T>(
  t: TestApp,
  keys: string[],
  during: KeyChange,
  after: KeyChange,
  run: () => Promise<T>,
) {
  const roleId = await cashierRoleId(t);
  await during(t, roleId, keys);
  try {
    return await run();
  } finally {
    await after(t, roleId, keys);
  }
}

/** Gives the demo Cashier role `keys` for the length of `run`, then takes them back. */
/** A call answers 401 without a token and 403 (Access denied) to `cashier`, who lacks its key. */
export async function expectKeyNeeded(t: TestApp, method: string, path: string, cashier: string) {
  expect(await t.call(method, path), path).toMatchObject({ status: 401, body: UNAUTHENTICATED });
  expect(await t.call(method, path, { token: cashier }), path).toMatchObject({ status: 403, body: DENIED });
}

export const withCashierKeys = <T>(t: TestApp, keys: string[], run: () => Promise<T>) =>
  whileCashierKeys(t, keys, grant, revoke, run);

/** Takes `keys` (which it must hold) from the demo Cashier role for the length of `run`, then gives them back. */
export const withoutCashierKeys = <T>(t: TestApp, keys: string[], run: () => Promise<T>) =>
  whileCashierKeys(t, keys, revoke, grant, run);

/**
 * The shared CRUD declaration: each call is refused (403) to the cashier without its key and succeeds (200) once
 * the cashier's role holds exactly that key. The calls must succeed when allowed (fresh records for deletes).
 */
export async function expectEachCallNeedsItsKey(t: TestApp, calls: [key: string, call: () => Promise<ApiResponse>][]) {
  for (const [key, call] of calls) {
    expect(await call(), `without ${key}`).toMatchObject({ status: 403, body: DENIED });
    const allowed = await withCashierKeys(t, [key], call);
    expect(allowed.status, `with ${key}: ${JSON.stringify(allowed.body)}`).toBe(200);
  }
}

/**
 * A refused input: 422 with the original client's validation envelope (docs/rules.md), every field's messages in
 * `errors` and, on top, the first field's first message (or `message` where the server leads with another).
 */
export function expectInvalid(res: ApiResponse, errors: Record<string, string[]>, message?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body).toEqual({ success: false, message: message ?? Object.values(errors)[0][0], errors });
}

/** A day as export file names start, 2026_11_22: today in the given zone (the test app's Africa/Kampala). */
export const fileDay = (timeZone = 'Africa/Kampala', at = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(at)
    .replace(/-/g, '_');

/** A call that must succeed: expects 200 (failing with the answer's body) and gives its `data`. */
export async function okData(res: Promise<ApiResponse>) {
  const done = await res;
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return done.body.data;
}
