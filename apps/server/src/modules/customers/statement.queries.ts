// A customer's statement: every sale put on account, payment, reversal and credited return, dated by the shop's
// day, with the balance after each line; the balance before the period, and what is owed at its end by how overdue.
import { AGING_BUCKET_MOST_DAYS, AGING_BUCKETS, type Aging, type StatementLine } from '@duka/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { addDays, daysBetween, shopDay } from '../../platform/period.ts';
import { agingByCustomer } from './receivables.queries.ts';

/** A line before its running balance; a reversal names the payment it reverses. */
type LedgerLine = Omit<StatementLine, 'balance'> & { reverses_id: number | null };

/** Every line of the customer's account up to `end` (a shop day), oldest first. */
async function ledger(db: Database, timeZone: string, customerId: number, end: string): Promise<LedgerLine[]> {
  const { rows } = await sql<LedgerLine>`
    SELECT to_char(l.day, 'YYYY-MM-DD') AS date, l.kind, l.reference, l.debit::bigint AS debit,
           l.credit::bigint AS credit, l.sale_id, l.payment_id, l.reversed, l.reverses_id
    FROM (
      SELECT (s.created_at AT TIME ZONE ${timeZone})::date AS day, s.created_at AS at, 'SALE' AS kind,
             coalesce('Receipt ' || s.receipt_number, s.sale_number) AS reference, s.on_account AS debit,
             0 AS credit, s.id AS sale_id, NULL::int AS payment_id, false AS reversed, NULL::int AS reverses_id
      FROM sales s WHERE s.customer_id = ${customerId} AND s.on_account > 0
      UNION ALL
      SELECT p.payment_date, p.created_at, CASE WHEN p.amount > 0 THEN 'PAYMENT' ELSE 'REVERSAL' END,
             p.payment_number, greatest(-p.amount, 0), greatest(p.amount, 0), NULL, p.id,
             -- A reversal is the customer's own payment: looking among theirs, not every reversal of the shop.
             EXISTS (SELECT 1 FROM customer_payments r WHERE r.customer_id = ${customerId} AND r.reverses_id = p.id),
             p.reverses_id
      FROM customer_payments p WHERE p.customer_id = ${customerId}
      UNION ALL
      SELECT (r.created_at AT TIME ZONE ${timeZone})::date, r.created_at, 'RETURN', 'Return ' || r.return_number, 0,
             r.credited_amount, r.sale_id, NULL, false, NULL
      FROM sale_returns r JOIN sales s ON s.id = r.sale_id
      WHERE s.customer_id = ${customerId} AND r.credited_amount > 0
    ) l
    WHERE l.day <= ${end}::date
    ORDER BY l.day, l.at, l.kind`.execute(db);
  return rows;
}

/** The aging bucket of an amount `days` past its due date (0 or less: not yet due). */
export function agingBucket(days: number): keyof Aging {
  return AGING_BUCKETS.find((b) => days <= (AGING_BUCKET_MOST_DAYS[b] ?? days)) ?? 'over_90';
}

/** An amount still owed and the day it fell (or falls) due. */
export interface OpenItem {
  due: string;
  amount: number;
}

/** What is owed on `asOf` by how overdue. */
export function agingOf(open: readonly OpenItem[], asOf: string): Aging {
  const aging: Aging = { current: 0, d1_30: 0, d31_60: 0, d61_90: 0, over_90: 0 };
  for (const o of open) aging[agingBucket(daysBetween(o.due, asOf))] += o.amount;
  return aging;
}

/** What the customer's sales still owe now, aged to `asOf` by the receivables report's query. */
async function agingNow(db: Database, timeZone: string, customerId: number, asOf: string): Promise<Aging> {
  const row = await agingByCustomer(db, timeZone, { customerIds: [customerId], asOf }).executeTakeFirst();
  const aging: Aging = { current: 0, d1_30: 0, d31_60: 0, d61_90: 0, over_90: 0 };
  for (const b of AGING_BUCKETS) aging[b] = Number(row?.[b] ?? 0);
  return aging;
}

/**
 * What was owed at the end of a past period, rebuilt from its lines by the rules the books follow: a credit settles
 * the oldest amounts owed first (a return its own sale first), what is left over is an advance that the next sale
 * spends, a sale falls due `terms` days after it was made, and a reversal owes again exactly what its payment had
 * settled, which what is left of other advances then settles. The books keep only what is owed now, so an earlier day
 * is read this way.
 */
function openAt(lines: readonly LedgerLine[], terms: number): OpenItem[] {
  const open: (OpenItem & { sale_id: number | null })[] = [];
  /** Advances not yet spent, oldest first, by the payment (null: a return) they came from. */
  let advances: { payment_id: number | null; amount: number }[] = [];
  /** What each payment settled: the items and how much of each. */
  const settledBy = new Map<number, [OpenItem, number][]>();
  const settle = (items: readonly OpenItem[], credit: number, paymentId: number | null) => {
    let left = credit;
    for (const item of items) {
      const paid = Math.min(left, item.amount);
      if (paid === 0) continue;
      item.amount -= paid;
      left -= paid;
      if (paymentId !== null) settledBy.set(paymentId, [...(settledBy.get(paymentId) ?? []), [item, paid]]);
    }
    return left;
  };
  const spendAdvances = () => {
    for (const a of advances) a.amount = settle(open, a.amount, a.payment_id);
    advances = advances.filter((a) => a.amount > 0);
  };
  for (const line of lines) {
    if (line.kind === 'REVERSAL' && line.reverses_id !== null) {
      for (const [item, amount] of settledBy.get(line.reverses_id) ?? []) item.amount += amount;
      settledBy.delete(line.reverses_id);
      advances = advances.filter((a) => a.payment_id !== line.reverses_id);
    } else if (line.debit > 0) {
      open.push({ due: addDays(line.date, terms), amount: line.debit, sale_id: line.sale_id });
    } else if (line.credit > 0) {
      const own = line.kind === 'RETURN' ? open.filter((o) => o.sale_id === line.sale_id) : [];
      const left = settle(open, settle(own, line.credit, null), line.payment_id);
      if (left > 0) advances.push({ payment_id: line.payment_id, amount: left });
    }
    spendAdvances();
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
    else {
      const { reverses_id: _, ...shown } = line;
      lines.push({ ...shown, balance });
    }
  }
  const lastPayment = all.findLast((l) => l.kind === 'PAYMENT' && !l.reversed);
  // Up to today the books know what each sale still owes; an earlier end is rebuilt from the lines.
  const aging =
    end >= shopDay(timeZone)
      ? await agingNow(db, timeZone, customer.id, end)
      : agingOf(openAt(all, customer.payment_terms_days), end);
  return {
    start_date: start,
    end_date: end,
    opening_balance: opening,
    lines,
    closing_balance: balance,
    aging,
    last_payment: lastPayment ? { date: lastPayment.date, amount: lastPayment.credit } : null,
  };
}
