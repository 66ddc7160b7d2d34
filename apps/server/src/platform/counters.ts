// Numbers without gaps. Return and document numbers come from a counter row of shop_counters updated inside the
// caller's transaction; the row stays locked until that transaction ends, so a rolled-back return gives its number
// back and concurrent ones take the numbers one after another. Take it last, after the other locks, to hold it as
// briefly as possible. Receipt numbers: stampReceiptNumber, below.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { type AuditEntry, auditRow, type RequestContext } from './audit.ts';

export async function nextNumber(
  trx: Transaction<DB>,
  name:
    | 'return'
    | 'customer'
    | 'customer_payment'
    | 'purchase_order'
    | 'goods_receipt'
    | 'supplier_payment'
    | 'quotation'
    | 'delivery_note',
): Promise<number> {
  const row = await trx
    .updateTable('shop_counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', name)
    .returning('value')
    .executeTakeFirstOrThrow();
  return row.value;
}

/** The counter's next number as a document's: `prefix` and at least 6 digits (CU000001, CP000042). */
export async function nextDocumentNumber(
  trx: Transaction<DB>,
  name: Parameters<typeof nextNumber>[1],
  prefix: string,
): Promise<string> {
  return `${prefix}${String(await nextNumber(trx, name)).padStart(6, '0')}`;
}

/** A sale's figures, known once every line is priced: written with its receipt number. */
export interface SaleFigures {
  subtotal: number;
  discount_amount: number;
  total_amount: number;
  vat_rate: number;
  vat_amount: number;
  payment_method: string;
  change_given: number;
  /** The customer's account part, for a sale to a customer (modules/customers/account.ts, chargeSale). */
  account?: SaleAccount;
}

/** What a sale for a customer carries of their account, written with the sale's other figures. */
export interface SaleAccount {
  customer_id: number;
  on_account: number;
  account_due: number;
  customer_balance_after: number;
}

/**
 * A sale's receipt number, written with the sale's last figures and the audit row that names it, in one statement at
 * the very end of the sale's transaction. The number is the highest one the sales hold, plus one, read under a lock
 * that every other till selling at that moment waits for until this transaction commits (the sale's transaction reads
 * committed rows, so the statement after the lock sees the last holder's number): so nothing but the COMMIT may
 * follow the number (separate statements for the number, the sale and the audit made everyone wait three round trips
 * longer, measured as sales per second with 20 tills), and a sale rolled back gives its number back. Sales are never
 * deleted, so a number is never given twice. Not a counter row: while a backup holds its snapshot every rewrite of a
 * row keeps the old version, and each sale would walk all of them inside that wait.
 * `details` is given the number and returns the audit text.
 */
export async function stampReceiptNumber(
  trx: Transaction<DB>,
  sale: { id: number; figures: SaleFigures },
  ctx: RequestContext,
  entry: Omit<AuditEntry, 'details'> & { details: (number: string) => string },
): Promise<number> {
  // PostgreSQL text never holds NUL, so the mark cannot come from the user's part of the text.
  const [before, after = ''] = entry.details('\u0000').split('\u0000');
  const audit = auditRow(ctx, { ...entry, details: undefined });
  const f = sale.figures;
  await sql`SELECT pg_advisory_xact_lock(hashtext('receipt numbers'))`.execute(trx);
  const { rows } = await sql<{ value: number }>`
    WITH counter AS (SELECT coalesce(max(receipt_number), 0) + 1 AS value FROM sales),
    stamped AS (
      UPDATE sales
      SET subtotal = ${f.subtotal}, discount_amount = ${f.discount_amount}, total_amount = ${f.total_amount},
          vat_rate = ${f.vat_rate}, vat_amount = ${f.vat_amount}, payment_method = ${f.payment_method},
          change_given = ${f.change_given}, receipt_number = counter.value${
            f.account
              ? sql`, customer_id = ${f.account.customer_id}, on_account = ${f.account.on_account},
          account_due = ${f.account.account_due}, customer_balance_after = ${f.account.customer_balance_after}`
              : sql``
          }
      FROM counter WHERE sales.id = ${sale.id}),
    audit AS (
      INSERT INTO audit_logs (type, activity, details, browser, platform, ip, user_id)
      SELECT ${audit.type}, ${audit.activity}, ${before} || counter.value || ${after}, ${audit.browser},
             ${audit.platform}, ${audit.ip}, ${audit.user_id}
      FROM counter)
    SELECT value FROM counter`.execute(trx);
  return (rows[0] as { value: number }).value;
}
