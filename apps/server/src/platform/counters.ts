// Numbers without gaps (issue 13): receipt and return numbers come from a counter row of shop_counters updated
// inside the caller's transaction. The row stays locked until that transaction ends, so a rolled-back sale gives its
// number back and concurrent sales take the numbers one after another. Take it last, after the sale's other locks,
// to hold it as briefly as possible.
import { sql, type Transaction, type Updateable } from 'kysely';
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
 * A sale's receipt number, written with the sale's last figures and the audit row that names it, in one statement at
 * the very end of the sale's transaction. Every other till selling at that moment waits for the counter row until
 * this transaction commits, so nothing but the COMMIT may follow the number: separate statements for the number, the
 * sale and the audit made everyone wait three round trips longer (issue 12, sales per second with 20 tills).
 * `details` is given the number and returns the audit text.
 */
export async function stampReceiptNumber(
  trx: Transaction<DB>,
  sale: { id: number; set: Updateable<DB['sales']> },
  ctx: RequestContext,
  entry: Omit<AuditEntry, 'details'> & { details: (number: string) => string },
): Promise<number> {
  // PostgreSQL text never holds NUL, so the mark cannot come from the user's part of the text.
  const [before, after = ''] = entry.details('\u0000').split('\u0000');
  const audit = auditRow(ctx, { ...entry, details: sql<string>`${before} || counter.value || ${after}` });
  const row = await trx
    .with('counter', (db) =>
      db
        .updateTable('shop_counters')
        .set((eb) => ({ value: eb('value', '+', 1) }))
        .where('name', '=', 'receipt')
        .returning('value'),
    )
    .with('stamped', (db) =>
      db
        .updateTable('sales')
        .from('counter')
        .set((eb) => ({ ...sale.set, receipt_number: eb.ref('counter.value') }))
        .where('sales.id', '=', sale.id),
    )
    .with('audit', (db) =>
      db
        .insertInto('audit_logs')
        .columns(['type', 'activity', 'details', 'browser', 'platform', 'ip', 'user_id'])
        .expression((eb) =>
          eb
            .selectFrom('counter')
            .select([
              eb.val(audit.type).as('type'),
              eb.val(audit.activity).as('activity'),
              audit.details.as('details'),
              eb.val(audit.browser).as('browser'),
              eb.val(audit.platform).as('platform'),
              eb.val(audit.ip).as('ip'),
              eb.val(audit.user_id).as('user_id'),
            ]),
        ),
    )
    .selectFrom('counter')
    .select('value')
    .executeTakeFirstOrThrow(() => new Error('shop_counters has no receipt row'));
  return row.value;
}
