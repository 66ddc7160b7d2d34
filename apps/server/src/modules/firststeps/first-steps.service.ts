// A new shop's first steps (packages/shared/src/first-steps.ts), each ticked from the shop's own data rather than
// from clicks, so a step done another way (a product imported, a user added by another admin) counts too:
// - business details: the business name is set;
// - VAT: Business Info has been saved once (its form asks "VAT registered: Yes / No", so a save is an answer);
// - products: at least one live product;
// - users: at least two live users (the Administrator and one more);
// - backups: a backup has succeeded on this machine, or a backup passphrase is set.
// The Administrator may dismiss the list; it also goes once every step is done.
import type { FirstSteps } from '@duka/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { type RequestContext, writeAudit } from '../../platform/audit.ts';
import { BACKUP_SETTINGS_KEY } from '../../platform/backup-snapshot.ts';
import { readSettings, writeSettings } from '../../platform/settings-store.ts';

const FIRST_STEPS_KEY = 'first_steps';

export async function readFirstSteps(db: Database): Promise<FirstSteps> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('settings')
        .select(sql<string>`value->>'business_name'`.as('name'))
        .where('key', '=', 'business')
        .as('business_name'),
      eb.exists(eb.selectFrom('settings').select('key').where('key', '=', 'business')).as('business_saved'),
      eb.exists(eb.selectFrom('products').select('id').where('deleted_at', 'is', null)).as('has_product'),
      eb.selectFrom('users').select(sql<number>`count(*)::int`.as('n')).where('deleted_at', 'is', null).as('users'),
      eb
        .selectFrom('settings')
        .select(
          sql<boolean>`coalesce(value->>'last_success_at', '') <> '' OR coalesce(value->>'passphrase_sealed', '') <> ''`.as(
            'ok',
          ),
        )
        .where('key', '=', BACKUP_SETTINGS_KEY)
        .as('backups'),
    ])
    .executeTakeFirstOrThrow();
  const done = {
    business: (row.business_name ?? '').trim() !== '',
    vat: Boolean(row.business_saved),
    products: Boolean(row.has_product),
    users: (row.users ?? 0) >= 2,
    backups: Boolean(row.backups),
  };
  const { dismissed_at } = await readSettings<{ dismissed_at: string | null }>(db, FIRST_STEPS_KEY, {
    dismissed_at: null,
  });
  const dismissed = dismissed_at !== null;
  return { done, dismissed, show: !dismissed && Object.values(done).some((d) => !d) };
}

export async function dismissFirstSteps(db: Database, ctx: RequestContext) {
  await db.transaction().execute(async (trx) => {
    await writeSettings(trx, FIRST_STEPS_KEY, { dismissed_at: new Date().toISOString() });
    await writeAudit(trx, ctx, {
      type: 'Settings',
      activity: 'Update',
      details: 'Dismissed the first steps checklist',
    });
  });
}
