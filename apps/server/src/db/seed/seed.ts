// First-start data: the Administrator role and user, default settings, and with DUKA_DEMO=1 a
// small demo shop with its Business Info. Runs in one transaction and only fills what is missing, so a restart changes nothing.
import { SECURITY_DEFAULTS } from '@duka/shared';
import { ConfigError } from '../../config.ts';
import { EMAIL_SETTINGS_DEFAULTS } from '../../platform/mail.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { newNumber } from '../../platform/tokens.ts';
import type { Database } from '../connection.ts';
import { DEMO_ADMIN, seedDemoBusiness, seedDemoShop } from './demo.ts';
import { seedDemoCustomers } from './demo-customers.ts';
import { seedDemoStock } from './demo-stock.ts';

export interface SeedOptions {
  adminEmail?: string;
  adminPassword?: string;
  demo: boolean;
  /** With the demo accounts, a catalogue and stock to sell (off for tests, which build their own). */
  demoStock?: boolean;
}

export async function seedDatabase(db: Database, options: SeedOptions): Promise<{ created: boolean }> {
  return db.transaction().execute(async (trx) => {
    for (const [key, value] of [
      ['security', SECURITY_DEFAULTS],
      ['email', EMAIL_SETTINGS_DEFAULTS],
    ] as const) {
      await trx
        .insertInto('settings')
        .values({ key, value: JSON.stringify(value) })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    const hasUsers = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (hasUsers) return { created: false };

    const credentials =
      options.adminEmail && options.adminPassword
        ? { email: options.adminEmail, password: options.adminPassword }
        : options.demo
          ? DEMO_ADMIN
          : undefined;
    if (!credentials) {
      throw new ConfigError(
        'The database has no users yet. Set DUKA_ADMIN_EMAIL and DUKA_ADMIN_PASSWORD to create the administrator ' +
          '(or DUKA_DEMO=1 for a demo shop with its documented sign-in).',
      );
    }
    const adminRole = await trx
      .insertInto('roles')
      .values({ name: 'Administrator', environment: 'PRODUCTION', is_admin: true, created_by: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const passwordHash = await hashPassword(credentials.password);
    const admin = await trx
      .insertInto('users')
      .values({
        user_number: newNumber('UR'),
        name: 'Administrator',
        gender: 'Male',
        nin: 'ADMIN',
        phone_number: '0700000000',
        email: credentials.email,
        password_hash: passwordHash,
        role_id: adminRole.id,
        environment: 'PRODUCTION',
        password_changed_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('password_history').values({ user_id: admin.id, password_hash: passwordHash }).execute();
    await trx.updateTable('roles').set({ created_by: admin.id }).where('id', '=', adminRole.id).execute();
    if (options.demo) await seedDemoShop(trx, admin.id);
    // The whole demo shop has a business to print on its receipts; the sign-ins alone (DUKA_DEMO=accounts, the
    // browser tests) start with Business Info empty, as a new shop does.
    if (options.demo && options.demoStock !== false) {
      await seedDemoStock(trx, admin.id);
      await seedDemoCustomers(trx, admin.id);
      await seedDemoBusiness(trx);
    }
    return { created: true };
  });
}
