import { SECURITY_DEFAULTS, type SecuritySettings } from '@duka/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../db/connection.ts';
import type { DB } from '../db/schema.ts';

// Settings live as one JSON row per group ('security', 'email', 'appearance', 'business'), read with defaults.
type Reader = Database | Transaction<DB>;

export async function readSettings<T extends object>(db: Reader, key: string, defaults: T): Promise<T> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return { ...defaults, ...(row?.value as Partial<T> | undefined) };
}

export async function writeSettings(db: Reader, key: string, value: object): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ key, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: new Date() }))
    .execute();
}

export function readSecuritySettings(db: Reader): Promise<SecuritySettings> {
  return readSettings<SecuritySettings>(db, 'security', { ...SECURITY_DEFAULTS });
}
