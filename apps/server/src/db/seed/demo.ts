import { DEFAULT_VAT_RATE } from '@duka/shared';
import type { Transaction } from 'kysely';
import { hashPassword } from '../../platform/passwords.ts';
import { writeSettings } from '../../platform/settings-store.ts';
import { newNumber } from '../../platform/tokens.ts';
import type { DB } from '../schema.ts';

// The demo shop's documented sign-ins (README). Used only when demo data is seeded.
export const DEMO_ADMIN = { email: 'admin@duka.test', password: 'Duka-Admin-2026' };
export const DEMO_CASHIER = { email: 'cashier@duka.test', password: 'Duka-Cashier-2026' };

const CASHIER_KEYS = [
  'dashboard',
  'salesPOS',
  'salesList',
  'salesFilter',
  'salesReceipt',
  'salesInvoice',
  'salesReturn',
  'salesCashUp',
  'stockLevel',
];
export const STOREKEEPER_KEYS = [
  'dashboard',
  'stockAdd',
  'stockList',
  'stockEdit',
  'stockFilter',
  'stockExport',
  'stockLevel',
  'stockLevelExport',
];

export async function seedDemoShop(trx: Transaction<DB>, adminId: number) {
  const roles: [string, string[]][] = [
    ['Cashier', CASHIER_KEYS],
    ['Storekeeper', STOREKEEPER_KEYS],
  ];
  const roleIds: Record<string, number> = {};
  for (const [name, keys] of roles) {
    const role = await trx
      .insertInto('roles')
      .values({ name, environment: 'PRODUCTION', created_by: adminId })
      .returning('id')
      .executeTakeFirstOrThrow();
    roleIds[name] = role.id;
    await trx
      .insertInto('role_permissions')
      .values(keys.map((permission_key) => ({ role_id: role.id, permission_key })))
      .execute();
  }
  const passwordHash = await hashPassword(DEMO_CASHIER.password);
  const cashier = await trx
    .insertInto('users')
    .values({
      user_number: newNumber('UR'),
      name: 'Grace Namutebi',
      gender: 'Female',
      nin: 'CF900112345678',
      phone_number: '0772123456',
      email: DEMO_CASHIER.email,
      password_hash: passwordHash,
      role_id: roleIds.Cashier as number,
      environment: 'PRODUCTION',
      password_changed_at: new Date(),
      created_by: adminId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('password_history').values({ user_id: cashier.id, password_hash: passwordHash }).execute();
}

/**
 * The demo shop's Business Info, so its receipts and invoices carry a shop's header rather than "Duka". Not
 * VAT-registered: the demo's prices and totals stay as the original screens show them.
 */
export const DEMO_BUSINESS = {
  business_name: 'Nakasero Hardware Ltd',
  business_reg_number: '80020003456789',
  business_tin: '1000456789',
  business_slogan: 'Building materials at fair prices',
  business_address: 'Plot 24, Nakivubo Road, Kampala',
  business_email: 'sales@nakaserohardware.co.ug',
  business_contact: '0772456789',
  business_website: '',
  business_legal_disclaimer: 'Goods once sold are not returnable.',
  vat_registered: 'No',
  vat_rate: DEFAULT_VAT_RATE,
} as const;

export const seedDemoBusiness = (trx: Transaction<DB>) => writeSettings(trx, 'business', DEMO_BUSINESS);
