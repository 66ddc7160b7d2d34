// Business information printed on receipts and invoices, and whether (and at what rate) the business charges VAT.
import { type BusinessInfo, DEFAULT_VAT_RATE } from '@duka/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { describeChanges, type RequestContext, writeAudit } from '../../platform/audit.ts';
import { readSettings, writeSettings } from '../../platform/settings-store.ts';
import { chargedVatRate, recordVatRateChange } from './vat-rates.ts';

type StoredBusinessInfo = Required<{ [K in Exclude<keyof BusinessInfo, 'vat_registered' | 'vat_rate'>]: string }> & {
  vat_registered: 'Yes' | 'No';
  vat_rate: number;
};

const EMPTY: StoredBusinessInfo = {
  business_name: '',
  business_reg_number: '',
  business_tin: '',
  business_slogan: '',
  business_address: '',
  business_email: '',
  business_contact: '',
  business_website: '',
  business_legal_disclaimer: '',
  vat_registered: 'No',
  vat_rate: DEFAULT_VAT_RATE,
};

export const readBusinessInfo = (db: Database | Transaction<DB>) => readSettings(db, 'business', EMPTY);

/**
 * The VAT rate a sale made now carries: the business's rate when it is VAT-registered, otherwise 0. Read inside the
 * sale's transaction, so the sale stores the rate in force when it was made.
 */
export async function vatRateInForce(db: Database | Transaction<DB>): Promise<number> {
  return chargedVatRate(await readBusinessInfo(db));
}

export async function saveBusinessInfo(db: Database, input: BusinessInfo, ctx: RequestContext) {
  await db.transaction().execute(async (trx) => {
    const before = await readSettings(trx, 'business', EMPTY);
    const given = Object.fromEntries(
      Object.entries(input)
        .filter(([k, v]) => v !== undefined || !k.startsWith('vat_'))
        .map(([k, v]) => [k, v ?? '']),
    );
    // VAT fields the client did not send keep their stored values; the text fields are all sent (blank is '').
    const after = { ...EMPTY, vat_registered: before.vat_registered, vat_rate: before.vat_rate, ...given };
    await writeSettings(trx, 'business', after);
    await recordVatRateChange(trx, chargedVatRate(before), chargedVatRate(after));
    await writeAudit(trx, ctx, {
      type: 'Settings',
      activity: 'Update',
      details: `Business info settings ${describeChanges(before, after)}`,
    });
  });
}
