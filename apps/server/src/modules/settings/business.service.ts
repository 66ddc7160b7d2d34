// Business information printed on receipts and invoices.
import type { BusinessInfo } from '@duka/shared';
import type { Database } from '../../db/connection.ts';
import { describeChanges, type RequestContext, writeAudit } from '../../platform/audit.ts';
import { readSettings, writeSettings } from '../../platform/settings-store.ts';

const EMPTY: Required<{ [K in keyof BusinessInfo]: string }> = {
  business_name: '',
  business_reg_number: '',
  business_tin: '',
  business_slogan: '',
  business_address: '',
  business_email: '',
  business_contact: '',
  business_website: '',
  business_legal_disclaimer: '',
};

export const readBusinessInfo = (db: Database) => readSettings(db, 'business', EMPTY);

export async function saveBusinessInfo(db: Database, input: BusinessInfo, ctx: RequestContext) {
  await db.transaction().execute(async (trx) => {
    const before = await readSettings(trx, 'business', EMPTY);
    const after = { ...EMPTY, ...Object.fromEntries(Object.entries(input).map(([k, v]) => [k, v ?? ''])) };
    await writeSettings(trx, 'business', after);
    await writeAudit(trx, ctx, {
      type: 'Settings',
      activity: 'Update',
      details: `Business info settings ${describeChanges(before, after)}`,
    });
  });
}
