import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, withDatabase } from '../../../test/global-setup.ts';
import { readBusinessInfo } from '../../modules/settings/business.service.ts';
import { createDatabase, type Database, migrateToLatest } from '../connection.ts';
import { DEMO_BUSINESS } from './demo.ts';
import { seedDatabase } from './seed.ts';

// The first start of `npm start`: the demo shop with stock to sell, created once.
let db: Database;
const name = `duka_seed_${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  await adminQuery(inject('serverUrl'), `CREATE DATABASE ${name}`);
  db = createDatabase(withDatabase(inject('serverUrl'), name), 2);
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.destroy();
  await adminQuery(inject('serverUrl'), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe('seedDatabase', () => {
  it('creates the demo shop with consistent, sellable stock, and changes nothing on a second start', async () => {
    expect(await seedDatabase(db, { demo: true })).toEqual({ created: true });
    const batches = await db.selectFrom('stock_batches').selectAll().execute();
    expect(batches.length).toBeGreaterThanOrEqual(5);
    for (const b of batches) {
      expect(b.batch_number).toMatch(/^BN[0-9A-F]{14}$/);
      expect(b.balance).toBe(b.quantity);
      expect(b.total_cost).toBe(Math.round(b.quantity * b.unit_price));
    }
    const admin = await db
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .select(['roles.is_admin'])
      .where('email', '=', 'admin@duka.test')
      .executeTakeFirstOrThrow();
    expect(admin.is_admin).toBe(true);
    // Its receipts print a Kampala hardware shop's header, not "Duka".
    const business = await readBusinessInfo(db);
    expect(business).toEqual(DEMO_BUSINESS);
    for (const field of ['business_name', 'business_address', 'business_contact', 'business_tin', 'business_email'])
      expect(business[field as keyof typeof business], field).not.toBe('');
    // Contractors to sell to on account, numbered from the customer counter the app goes on from.
    const customers = await db.selectFrom('customers').select(['customer_number', 'balance']).orderBy('id').execute();
    expect(customers.map((c) => c.customer_number)).toEqual(['CU000001', 'CU000002', 'CU000003']);
    expect(customers.every((c) => c.balance === 0)).toBe(true);
    const counter = await db
      .selectFrom('shop_counters')
      .select('value')
      .where('name', '=', 'customer')
      .executeTakeFirst();
    expect(counter?.value).toBe(3);
    expect(await seedDatabase(db, { demo: true })).toEqual({ created: false });
    expect((await db.selectFrom('stock_batches').selectAll().execute()).length).toBe(batches.length);
    expect((await db.selectFrom('customers').selectAll().execute()).length).toBe(3);
  });
});
