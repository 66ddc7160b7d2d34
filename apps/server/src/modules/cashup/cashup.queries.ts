// The cash-up's figures (issue 13): one cashier's sales and returns in the window of a shop day, and the saved
// records. A window runs from its start (inclusive) to its cut-off (exclusive); a day whose previous day was cashed
// up starts at that cut-off, so sales made after yesterday's cash-up count today and nothing counts twice.
import { PAYMENT_METHODS } from '@duka/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { matchesSearch } from '../../platform/listing.ts';
import { addDays, startOfShopDay } from '../../platform/period.ts';

type Db = Pick<Database, 'selectFrom'>;

export interface MethodTotal {
  method: string;
  sales_count: number;
  /** What the method brought in: for cash, what was handed over less the change given. */
  sales_amount: number;
  returns_count: number;
  refunds: number;
}

export interface CashUpFigures {
  opened_at: Date;
  closed_at: Date;
  sales_count: number;
  returns_count: number;
  cash_taken: number;
  change_given: number;
  cash_refunds: number;
  by_method: MethodTotal[];
}

/** Where the window of `day` starts: the previous day's cut-off when it was cashed up, else the day's start. */
export async function windowStart(db: Db, userId: number, day: string, timeZone: string): Promise<Date> {
  const previous = await db
    .selectFrom('cash_ups')
    .select('closed_at')
    .where('user_id', '=', userId)
    .where('day', '=', addDays(day, -1))
    .executeTakeFirst();
  return previous?.closed_at ?? startOfShopDay(day, timeZone);
}

/** The cut-off of an unsaved day: now while the day lasts, else its end. */
export const windowEnd = (day: string, timeZone: string, now = new Date()) => {
  const end = startOfShopDay(addDays(day, 1), timeZone);
  return now < end ? now : end;
};

export async function cashUpFigures(db: Db, userId: number, from: Date, until: Date): Promise<CashUpFigures> {
  const payments = await db
    .selectFrom('sale_payments as p')
    .innerJoin('sales as s', 's.id', 'p.sale_id')
    .select([
      'p.method',
      sql<number>`count(DISTINCT s.id)::int`.as('sales_count'),
      sql<number>`sum(p.amount)::bigint`.as('amount'),
    ])
    .where('s.created_by', '=', userId)
    .where('s.created_at', '>=', from)
    .where('s.created_at', '<', until)
    .groupBy('p.method')
    .execute();
  const sales = await db
    .selectFrom('sales as s')
    .select([
      sql<number>`count(*)::int`.as('count'),
      sql<number>`coalesce(sum(s.change_given), 0)::bigint`.as('change'),
    ])
    .where('s.created_by', '=', userId)
    .where('s.created_at', '>=', from)
    .where('s.created_at', '<', until)
    .executeTakeFirstOrThrow();
  const refunds = await db
    .selectFrom('sale_returns as r')
    .select([
      'r.refund_method',
      sql<number>`count(*)::int`.as('returns_count'),
      sql<number>`sum(r.refund_amount)::bigint`.as('amount'),
    ])
    .where('r.created_by', '=', userId)
    .where('r.created_at', '>=', from)
    .where('r.created_at', '<', until)
    .groupBy('r.refund_method')
    .execute();

  const change = Number(sales.change);
  const by_method = PAYMENT_METHODS.map((method) => {
    const paid = payments.find((p) => p.method === method);
    const refunded = refunds.find((r) => r.refund_method === method);
    const handed = Number(paid?.amount ?? 0);
    return {
      method,
      sales_count: Number(paid?.sales_count ?? 0),
      sales_amount: method === 'CASH' ? handed - change : handed,
      returns_count: Number(refunded?.returns_count ?? 0),
      refunds: Number(refunded?.amount ?? 0),
    };
  });
  const cash = by_method.find((m) => m.method === 'CASH') as MethodTotal;
  return {
    opened_at: from,
    closed_at: until,
    sales_count: Number(sales.count),
    returns_count: refunds.reduce((n, r) => n + Number(r.returns_count), 0),
    cash_taken: Number(payments.find((p) => p.method === 'CASH')?.amount ?? 0),
    change_given: change,
    cash_refunds: cash.refunds,
    by_method,
  };
}

export const expectedCash = (float: number, f: Pick<CashUpFigures, 'cash_taken' | 'change_given' | 'cash_refunds'>) =>
  float + f.cash_taken - f.change_given - f.cash_refunds;

export interface CashUpListFilter {
  search?: string;
  startDate?: string;
  endDate?: string;
}

export function cashUpsQuery(db: Database, filter: CashUpListFilter) {
  let q = db
    .selectFrom('cash_ups as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
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
      'c.expected_cash',
      'c.counted_cash',
      'c.difference',
      'c.by_method',
      'c.note',
      'c.created_at',
    ]);
  if (filter.startDate) q = q.where('c.day', '>=', filter.startDate);
  if (filter.endDate) q = q.where('c.day', '<=', filter.endDate);
  const search = filter.search?.trim();
  if (search) q = q.where((eb) => matchesSearch(eb, ['u.name'], search));
  return q.orderBy('c.day', 'desc').orderBy('c.id', 'desc');
}

export async function totalDifference(db: Database, filter: CashUpListFilter): Promise<number> {
  const row = await cashUpsQuery(db, filter)
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`coalesce(sum(c.difference), 0)::bigint`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
