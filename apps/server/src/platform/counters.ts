// Numbers without gaps (issue 13): receipt and return numbers come from a counter row of shop_counters updated
// inside the caller's transaction. The row stays locked until that transaction ends, so a rolled-back sale gives its
// number back and concurrent sales take the numbers one after another. Take it last, after the sale's other locks,
// to hold it as briefly as possible.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { type AuditEntry, auditRow, type RequestContext } from './audit.ts';

export async function nextNumber(trx: Transaction<DB>, name: 'receipt' | 'return'): Promise<number> {
  const row = await trx
    .updateTable('shop_counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', name)
    .returning('value')
    .executeTakeFirstOrThrow();
  return row.value;
}

/**
 * A sale's receipt number, its stamp on the sale and the audit row that names it, in one statement at the very end of
 * the sale's transaction. Every other till selling at that moment waits for the counter row until this transaction
 * commits, so nothing but the COMMIT may follow the number: three round trips here (number, stamp, audit) made the
 * wait three times longer for everyone (issue 12, sales per second with 20 tills).
 * `details` is given the number and returns the audit text.
 */
export async function stampReceiptNumber(
  trx: Transaction<DB>,
  saleId: number,
  ctx: RequestContext,
  entry: Omit<AuditEntry, 'details'> & { details: (number: string) => string },
): Promise<number> {
  // PostgreSQL text never holds NUL, so the mark cannot come from the user's part of the text.
  const [before, after = ''] = entry.details('\u0000').split('\u0000');
  const audit = auditRow(ctx, { ...entry, details: sql<string>`${before} || counter.value || ${after}` });
  const { rows } = await sql<{ number: number }>`
    WITH counter AS (UPDATE shop_counters SET value = value + 1 WHERE name = 'receipt' RETURNING value),
    stamped AS (UPDATE sales SET receipt_number = counter.value FROM counter WHERE sales.id = ${saleId}),
    audit AS (
      INSERT INTO audit_logs (type, activity, details, browser, platform, ip, user_id)
      SELECT ${audit.type}, ${audit.activity}, ${audit.details}, ${audit.browser}, ${audit.platform}, ${audit.ip},
             ${audit.user_id}
      FROM counter
    )
    SELECT value AS number FROM counter`.execute(trx);
  if (!rows[0]) throw new Error('shop_counters has no receipt row');
  return rows[0].number;
}
