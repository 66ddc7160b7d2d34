// A customer's statement: every sale put on account, payment, reversal and credited return, dated by the shop's
// day, with the balance after each line; the balance before the period, and what is owed at its end by how overdue.
import type { Aging, StatementLine } from '@duka/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { addDays, daysBetween, shopDay } from '../../platform/period.ts';

/** A line before its running balance. */
type LedgerLine = Omit<StatementLine, 'balance'>;

/** Every line of the customer's account up to `end` (a shop day), oldest first. */
async function ledger(db: Database, timeZone: string, customerId: number, end: string): Promise<LedgerLine[]> {
  const { rows } = await sql<LedgerLine>`
    SELECT to_char(l.day, 'YYYY-MM-DD') AS date, l.kind, l.reference, l.debit::bigint AS debit,
           l.credit::bigint AS credit, l.sale_id, l.payment_id, l.reversed
    FROM (
      SELECT (s.created_at AT TIME ZONE ${timeZone})::date AS day, s.created_at AS at, 'SALE' AS kind,
             coalesce('Receipt ' || s.receipt_number, s.sale_number) AS reference, s.on_account AS debit,
             0 AS credit, s.id AS sale_id, NULL::int AS payment_id, false AS reversed
      FROM sales s WHERE s.customer_id = ${customerId} AND s.on_account > 0
      UNION ALL
      SELECT p.payment_date, p.created_at, CASE WHEN p.amount > 0 THEN 'PAYMENT' ELSE 'REVERSAL' END,
             p.payment_number, greatest(-p.amount, 0), greatest(p.amount, 0), NULL, p.id,
             EXISTS (SELECT 1 FROM customer_payments r WHERE r.reverses_id = p.id)
      FROM customer_payments p WHERE p.customer_id = ${customerId}
      UNION ALL
      SELECT (r.created_at AT TIME ZONE ${timeZone})::date, r.created_at, 'RETURN', 'Return ' || r.return_number, 0,
             r.credited_amount, r.sale_id, NULL, false
      FROM sale_returns r JOIN sales s ON s.id = r.sale_id
      WHERE s.customer_id = ${customerId} AND r.credited_amount > 0
    ) l
    WHERE l.day <= ${end}::date
    ORDER BY l.day, l.at, l.kind`.execute(db);
  return rows;
}

/** The aging bucket of an amount `days` past its due date (0 or less: not yet due). */
export function agingBucket(days: number): keyof Aging {
  if (days <= 0) return 'current';
  if (days <= 30) return 'd1_30';
  if (days <= 60) return 'd31_60';
  if (days <= 90) return 'd61_90';
  return 'over_90';
}

/** An amount still owed and the day it fell (or falls) due. */
interface OpenItem {
  due: string;
  amount: number;
}

/** What is owed on `asOf` by how overdue. */
export function agingOf(open: readonly OpenItem[], asOf: string): Aging {
  const aging: Aging = { current: 0, d1_30: 0, d31_60: 0, d61_90: 0, over_90: 0 };
  for (const o of open) aging[agingBucket(daysBetween(o.due, asOf))] += o.amount;
  return aging;
}

/** What each sale on account still owes now, due `terms` days after the shop day it was made. */
async function openSales(db: Database, timeZone: string, customerId: number, terms: number): Promise<OpenItem[]> {
  const rows = await db
    .selectFrom('sales')
    .select([sql<string>`to_char((created_at AT TIME ZONE ${timeZone})::date, 'YYYY-MM-DD')`.as('day'), 'account_due'])
    .where('customer_id', '=', customerId)
    .where('account_due', '>', 0)
    .execute();
  return rows.map((r) => ({ due: addDays(r.day, terms), amount: Number(r.account_due) }));
}

/**
 * What was owed at the end of a past period, rebuilt from its lines: credits settle the oldest debits first (the rule
 * payments follow; a return its own sale first), a sale falls due `terms` days after it was made, a reversed payment
 * at once. The books keep only what is owed now, so an earlier day is read this way.
 */
function openAt(lines: readonly LedgerLine[], terms: number): OpenItem[] {
  const open: (OpenItem & { sale_id: number | null })[] = [];
  let advance = 0;
  const settle = (items: typeof open, credit: number) => {
    let left = credit;
    for (const item of items) {
      const paid = Math.min(left, item.amount);
      item.amount -= paid;
      left -= paid;
    }
    return left;
  };
  for (const line of lines) {
    if (line.debit > 0) {
      const covered = Math.min(advance, line.debit);
      advance -= covered;
      const due = line.kind === 'SALE' ? addDays(line.date, terms) : line.date;
      open.push({ due, amount: line.debit - covered, sale_id: line.kind === 'SALE' ? line.sale_id : null });
    }
    if (line.credit > 0) {
      const own = line.kind === 'RETURN' ? open.filter((o) => o.sale_id === line.sale_id) : [];
      advance += settle(open, settle(own, line.credit));
    }
  }
  return open.filter((o) => o.amount > 0);
}

export interface StatementPeriod {
  startDate?: string;
  endDate?: string;
}

/** The statement's figures for a customer of `terms` days over the period (both days included). */
export async function statementOf(
  db: Database,
  timeZone: string,
  customer: { id: number; payment_terms_days: number },
  period: StatementPeriod,
) {
  const end = period.endDate ?? shopDay(timeZone);
  const start = period.startDate ?? null;
  const all = await ledger(db, timeZone, customer.id, end);
  let balance = 0;
  let opening = 0;
  const lines: StatementLine[] = [];
  for (const line of all) {
    balance += line.debit - line.credit;
    if (start !== null && line.date < start) opening = balance;
    else lines.push({ ...line, balance });
  }
  const lastPayment = all.findLast((l) => l.kind === 'PAYMENT' && !l.reversed);
  const terms = customer.payment_terms_days;
  const open = end >= shopDay(timeZone) ? await openSales(db, timeZone, customer.id, terms) : openAt(all, terms);
  return {
    start_date: start,
    end_date: end,
    opening_balance: opening,
    lines,
    closing_balance: balance,
    aging: agingOf(open, end),
    last_payment: lastPayment ? { date: lastPayment.date, amount: lastPayment.credit } : null,
  };
}
