// The cash-up's figures: one cashier's sales and returns that no saved cash-up has counted yet, and the
// saved records. A saved cash-up records what it counted (cash_up_sales, cash_up_returns: migration 023), so each sale
// and return is counted in exactly one. A cash-up counts what is dated in its window, which runs from its start
// (inclusive) to its cut-off (exclusive). A day may be cashed up more than once (one cash-up per shift): the next
// cash-up of a day starts at the day's last cut-off; the first starts at the previous day's last cut-off when that day
// was cashed up (so sales made after yesterday's cash-up count today), else at the day's start. It also takes the late
// comers: sales and returns dated in the window of a cash-up already saved, yet recorded after it (begun just before
// the save, or an offline sale sent days later). A sale dated in a past day not yet cashed up stays for that day's own
// cash-up. A recount (migration 028) copies its first cash-up's window and counts nothing of its own.
import { PAYMENT_METHODS } from '@duka/shared';
import { type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { matchesSearch } from '../../platform/listing.ts';
import { addDays, startOfShopDay } from '../../platform/period.ts';

type Db = Pick<Database, 'selectFrom' | 'selectNoFrom'>;

export interface MethodTotal {
  method: string;
  sales_count: number;
  /** What the method brought in: for cash, what was handed over less the change given. */
  sales_amount: number;
  returns_count: number;
  refunds: number;
  /** Payments to customers' accounts taken by the method, less reversals of them. */
  account_payments_count: number;
  account_payments: number;
}

export interface CashUpFigures {
  opened_at: Date;
  closed_at: Date;
  sales_count: number;
  returns_count: number;
  /** Payments to customers' accounts and reversals of them. */
  account_payments_count: number;
  /** Cash handed over for sales and for customers' accounts. */
  cash_taken: number;
  change_given: number;
  cash_refunds: number;
  /** Payments to suppliers out of the drawer (and reversals of them), and the cash they took out net. */
  supplier_payments_count: number;
  cash_paid_out: number;
  by_method: MethodTotal[];
}

export interface CashUpWindow {
  from: Date;
  until: Date;
  /**
   * The cashier's highest sale and return ids when their last cash-up was saved. That save counted every late comer
   * recorded before it, so the late comers still to count have higher ids: only those are looked at.
   */
  savedUpTo: { sale: number; return: number; payment: number; supplier_payment: number };
}

/**
 * The window of `day` up to `until`: from the day's last cut-off when it was cashed up already (the next shift), else
 * from the previous day's last cut-off when that day was cashed up, else from the day's start.
 */
export async function windowOf(db: Db, userId: number, day: string, timeZone: string, until: Date) {
  // One read of the cashier's cash-ups: the two days' cut-offs, and the highest ids any save counted up to.
  const saved = await db
    .selectFrom('cash_ups')
    .select([
      sql<Date | null>`max(closed_at) FILTER (WHERE day = ${day}::date)`.as('same_day_cut_off'),
      sql<Date | null>`max(closed_at) FILTER (WHERE day = ${addDays(day, -1)}::date)`.as('previous_cut_off'),
      sql<number>`coalesce(max(last_sale_id), 0)`.as('sale'),
      sql<number>`coalesce(max(last_return_id), 0)`.as('return'),
      sql<number>`coalesce(max(last_payment_id), 0)`.as('payment'),
      sql<number>`coalesce(max(last_supplier_payment_id), 0)`.as('supplier_payment'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const savedUpTo = {
    sale: Number(saved.sale),
    return: Number(saved.return),
    payment: Number(saved.payment),
    supplier_payment: Number(saved.supplier_payment),
  };
  const from = saved.same_day_cut_off ?? saved.previous_cut_off ?? startOfShopDay(day, timeZone);
  return { from, until, savedUpTo } satisfies CashUpWindow;
}

/** The cut-off of an unsaved day: now while the day lasts, else its end. */
export const windowEnd = (day: string, timeZone: string, now = new Date()) => {
  const end = startOfShopDay(addDays(day, 1), timeZone);
  return now < end ? now : end;
};

/** Sales (`s`), returns (`r`), account payments (`p`) and payments to suppliers out of the drawer (`sp`): their
 * table, which of its rows the till holds, and where the cash-ups record which of them they counted. */
const KINDS = {
  s: { table: 'sales', counted: 'cash_up_sales', column: 'sale_id', savedUpTo: 'sale', only: null },
  r: { table: 'sale_returns', counted: 'cash_up_returns', column: 'return_id', savedUpTo: 'return', only: null },
  p: {
    table: 'customer_payments',
    counted: 'cash_up_customer_payments',
    column: 'payment_id',
    savedUpTo: 'payment',
    only: null,
  },
  sp: {
    table: 'supplier_payments',
    counted: 'cash_up_supplier_payments',
    column: 'payment_id',
    savedUpTo: 'supplier_payment',
    only: 'from_till',
  },
} as const;

/**
 * A sale (`s`) or return (`r`) of the cashier that the day counts: not counted by any saved cash-up, and dated in the
 * window, or a late comer (dated in a saved cash-up's window, recorded after the cashier's last save).
 */
function counts(alias: keyof typeof KINDS, userId: number, w: CashUpWindow) {
  const kind = KINDS[alias];
  const at = sql.ref(`${alias}.created_at`);
  const id = sql.ref(`${alias}.id`);
  return sql<SqlBool>`(
    NOT EXISTS (SELECT 1 FROM ${sql.table(kind.counted)} k WHERE ${sql.ref(`k.${kind.column}`)} = ${id})
    AND ((${at} >= ${w.from} AND ${at} < ${w.until})
      OR (${id} > ${w.savedUpTo[kind.savedUpTo]} AND EXISTS (
        SELECT 1 FROM cash_ups c WHERE c.user_id = ${userId} AND ${at} >= c.opened_at AND ${at} < c.closed_at))))`;
}

/** Records what a cash-up being saved counts: run under the till lock, with the window its figures were read in. */
export async function recordCounted(db: Database, cashUpId: number, userId: number, w: CashUpWindow) {
  for (const alias of ['s', 'r', 'p', 'sp'] as const) {
    const kind = KINDS[alias];
    const only = kind.only ? sql`AND ${sql.ref(`${alias}.${kind.only}`)}` : sql``;
    await sql`
      INSERT INTO ${sql.table(kind.counted)} (${sql.ref(kind.column)}, cash_up_id)
      SELECT ${sql.ref(`${alias}.id`)}, ${cashUpId}::int FROM ${sql.table(kind.table)} ${sql.raw(alias)}
      WHERE ${sql.ref(`${alias}.created_by`)} = ${userId} ${only} AND ${counts(alias, userId, w)}`.execute(db);
  }
}

/** The highest ids of the cashier's sales, returns and account payments so far (0 before the first): a saved cash-up's
 * last ids. */
export async function lastIds(db: Db, userId: number) {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('sales')
        .select(sql<number>`coalesce(max(id), 0)`.as('id'))
        .where('created_by', '=', userId)
        .as('last_sale_id'),
      eb
        .selectFrom('sale_returns')
        .select(sql<number>`coalesce(max(id), 0)`.as('id'))
        .where('created_by', '=', userId)
        .as('last_return_id'),
      eb
        .selectFrom('customer_payments')
        .select(sql<number>`coalesce(max(id), 0)`.as('id'))
        .where('created_by', '=', userId)
        .as('last_payment_id'),
      eb
        .selectFrom('supplier_payments')
        .select(sql<number>`coalesce(max(id), 0)`.as('id'))
        .where('created_by', '=', userId)
        .as('last_supplier_payment_id'),
    ])
    .executeTakeFirstOrThrow();
  return {
    last_sale_id: Number(row.last_sale_id),
    last_return_id: Number(row.last_return_id),
    last_payment_id: Number(row.last_payment_id),
    last_supplier_payment_id: Number(row.last_supplier_payment_id),
  };
}

export async function cashUpFigures(db: Db, userId: number, w: CashUpWindow): Promise<CashUpFigures> {
  const payments = await db
    .selectFrom('sale_payments as p')
    .innerJoin('sales as s', 's.id', 'p.sale_id')
    .select([
      'p.method',
      sql<number>`count(DISTINCT s.id)::int`.as('sales_count'),
      sql<number>`sum(p.amount)::bigint`.as('amount'),
    ])
    .where('s.created_by', '=', userId)
    .where(counts('s', userId, w))
    .groupBy('p.method')
    .execute();
  const sales = await db
    .selectFrom('sales as s')
    .select([
      sql<number>`count(*)::int`.as('count'),
      sql<number>`coalesce(sum(s.change_given), 0)::bigint`.as('change'),
    ])
    .where('s.created_by', '=', userId)
    .where(counts('s', userId, w))
    .executeTakeFirstOrThrow();
  const refunds = await db
    .selectFrom('sale_returns as r')
    .select([
      'r.refund_method',
      sql<number>`count(*)::int`.as('returns_count'),
      // What was handed back: the part taken off the customer's account was never paid.
      sql<number>`sum(r.refund_amount - r.credited_amount)::bigint`.as('amount'),
    ])
    .where('r.created_by', '=', userId)
    .where(counts('r', userId, w))
    .groupBy('r.refund_method')
    .execute();
  const accountPayments = await db
    .selectFrom('customer_payments as p')
    .select(['p.method', sql<number>`count(*)::int`.as('count'), sql<number>`sum(p.amount)::bigint`.as('amount')])
    .where('p.created_by', '=', userId)
    .where(counts('p', userId, w))
    .groupBy('p.method')
    .execute();
  const paidOut = await db
    .selectFrom('supplier_payments as sp')
    .select([sql<number>`count(*)::int`.as('count'), sql<number>`coalesce(sum(sp.amount), 0)::bigint`.as('amount')])
    .where('sp.created_by', '=', userId)
    .where('sp.from_till', '=', true)
    .where(counts('sp', userId, w))
    .executeTakeFirstOrThrow();

  const change = Number(sales.change);
  const by_method = PAYMENT_METHODS.map((method) => {
    const paid = payments.find((p) => p.method === method);
    const refunded = refunds.find((r) => r.refund_method === method);
    const handed = Number(paid?.amount ?? 0);
    const account = accountPayments.find((p) => p.method === method);
    return {
      method,
      sales_count: Number(paid?.sales_count ?? 0),
      sales_amount: method === 'CASH' ? handed - change : handed,
      returns_count: Number(refunded?.returns_count ?? 0),
      refunds: Number(refunded?.amount ?? 0),
      account_payments_count: Number(account?.count ?? 0),
      account_payments: Number(account?.amount ?? 0),
    };
  });
  const cash = by_method.find((m) => m.method === 'CASH') as MethodTotal;
  return {
    opened_at: w.from,
    closed_at: w.until,
    sales_count: Number(sales.count),
    returns_count: refunds.reduce((n, r) => n + Number(r.returns_count), 0),
    account_payments_count: accountPayments.reduce((n, p) => n + Number(p.count), 0),
    cash_taken: Number(payments.find((p) => p.method === 'CASH')?.amount ?? 0) + cash.account_payments,
    change_given: change,
    cash_refunds: cash.refunds,
    supplier_payments_count: Number(paidOut.count),
    cash_paid_out: Number(paidOut.amount),
    by_method,
  };
}

/** What the drawer should hold: the float, plus cash taken, less change, cash refunds and cash paid to suppliers. */
export const expectedCash = (
  float: number,
  f: Pick<CashUpFigures, 'cash_taken' | 'change_given' | 'cash_refunds' | 'cash_paid_out'>,
) => float + f.cash_taken - f.change_given - f.cash_refunds - f.cash_paid_out;

export interface CashUpListFilter {
  search?: string;
  startDate?: string;
  endDate?: string;
}

/** The cash-up a record counts for: itself, or the first cash-up of a recount. */
const firstOf = sql<number>`coalesce(c.recount_of, c.id)`;

export function cashUpsQuery(db: Database, filter: CashUpListFilter) {
  let q = db
    .selectFrom('cash_ups as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('users as b', 'b.id', 'c.created_by')
    .select([
      'c.id',
      sql<string>`to_char(c.day, 'YYYY-MM-DD')`.as('day'),
      'c.user_id',
      'u.name as cashier',
      'c.opened_at',
      'c.closed_at',
      'c.opening_float',
      'c.cash_taken',
      'c.change_given',
      'c.cash_refunds',
      'c.cash_paid_out',
      'c.expected_cash',
      'c.counted_cash',
      'c.difference',
      'c.by_method',
      'c.note',
      'c.recount_of',
      'c.reason',
      sql<string>`CASE WHEN c.recount_of IS NULL THEN 'First count' ELSE 'Recount of No. ' || c.recount_of END`.as(
        'count_label',
      ),
      // What the first count counted: a recount counts nothing of its own.
      sql<number>`(SELECT count(*)::int FROM cash_up_sales k WHERE k.cash_up_id = ${firstOf})`.as('sales_count'),
      sql<number>`(SELECT count(*)::int FROM cash_up_returns k WHERE k.cash_up_id = ${firstOf})`.as('returns_count'),
      'b.name as saved_by',
      'c.created_at',
    ])
    // jsonb, as saveCashUp wrote it: the figures of each payment method.
    .$narrowType<{ by_method: MethodTotal[] }>();
  if (filter.startDate) q = q.where('c.day', '>=', filter.startDate);
  if (filter.endDate) q = q.where('c.day', '<=', filter.endDate);
  const search = filter.search?.trim();
  if (search) q = q.where((eb) => matchesSearch(eb, ['u.name'], search));
  return q.orderBy('c.day', 'desc').orderBy('c.id', 'desc');
}

/** The sum of the differences in force: each cash-up's latest count (its last recount, else itself). */
export async function totalDifference(db: Database, filter: CashUpListFilter): Promise<number> {
  const row = await cashUpsQuery(db, filter)
    .clearSelect()
    .clearOrderBy()
    .where(sql<SqlBool>`NOT EXISTS (SELECT 1 FROM cash_ups n WHERE n.recount_of = ${firstOf} AND n.id > c.id)`)
    .select(sql<number>`coalesce(sum(c.difference), 0)::bigint`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
