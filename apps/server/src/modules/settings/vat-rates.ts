// The VAT rate charged over time (migration 015): a sale made offline is charged the rate in force when it
// was made. A row is written in the transaction that saves the business settings, whenever the charged rate changes.
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';

type Reader = Database | Transaction<DB>;

/** The rate a sale carries under these settings: the business's rate while VAT-registered, otherwise 0. */
export const chargedVatRate = (info: { vat_registered: string; vat_rate: number }) =>
  info.vat_registered === 'Yes' ? Number(info.vat_rate) : 0;

/** Records a change of the charged rate; the old rate goes on record from the start if nothing is (a fresh shop). */
export async function recordVatRateChange(trx: Transaction<DB>, oldRate: number, newRate: number): Promise<void> {
  if (oldRate === newRate) return;
  await sql`
    INSERT INTO vat_rates (valid_from, vat_rate) SELECT '-infinity', ${oldRate}
    WHERE NOT EXISTS (SELECT 1 FROM vat_rates)`.execute(trx);
  await trx
    .insertInto('vat_rates')
    .values({ valid_from: sql<Date>`now()`, vat_rate: newRate })
    .onConflict((oc) => oc.column('valid_from').doUpdateSet({ vat_rate: newRate }))
    .execute();
}

/** The rate in force at `at`, or undefined when nothing is on record (the rate has never changed: use today's). */
export async function vatRateAt(db: Reader, at: Date): Promise<number | undefined> {
  const row = await db
    .selectFrom('vat_rates')
    .select('vat_rate')
    .where('valid_from', '<=', at)
    .orderBy('valid_from', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.vat_rate);
}
