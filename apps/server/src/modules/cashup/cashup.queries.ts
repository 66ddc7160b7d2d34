// The cash-up's figures (issue 13): one cashier's sales and returns in the window of a shop day, and the saved
// records. A window runs from its start (inclusive) to its cut-off (exclusive); a day whose previous day was cashed
// up starts at that cut-off, so sales made after yesterday's cash-up count today and nothing counts twice. The window
// also takes yesterday's late comers: a sale or return dated before that cut-off but recorded after the save (begun
// just before it, or an offline sale sent later), known by an id above the saved cash-up's last ids.
import { PAYMENT_METHODS } from '@duka/shared';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
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

/** The previous day's saved cash-up, when there is one: where this day starts, and what it had counted. */
interface PreviousCashUp {
  opened_at: Date;
  closed_at: Date;
  last_sale_id: number | null;
  last_return_id: number | null;
}

export interface CashUpWindow {
  from: Date;
  until: Date;
  previous?: PreviousCashUp;
}

/** The window of `day` up to `until`: from the previous day's cut-off when it was cashed up, else the day's start. */
export async function windowOf(db: Db, userId: number, day: string, timeZone: string, until: Date) {
  const previous = await db
    .selectFrom('cash_ups')
    .select(['opened_at', 'closed_at', 'last_sale_id', 'last_return_id'])
    .where('user_id', '=', userId)
    .where('day', '=', addDays(day, -1))
    .executeTakeFirst();
  return { from: previous?.closed_at ?? startOfShopDay(day, timeZone), until, previous } satisfies CashUpWindow;
}

/** The cut-off of an unsaved day: now while the day lasts, else its end. */
export const windowEnd = (day: string, timeZone: string, now = new Date()) => {
  const end = startOfShopDay(addDays(day, 1), timeZone);
  return now < end ? now : end;
};

/**
 * A sale (`s`) or return (`r`) in the window: dated inside it, or a late comer of the previous cash-up (dated in that
 * one's window, with an id above the last it counted).
 */
function inWindow(alias: 's' | 'r', w: CashUpWindow) {
  const at = sql.ref(`${alias}.created_at`);
  return (eb: ExpressionBuilder<DB, any>): Expression<SqlBool> => {
    const dated = sql<SqlBool>`(${at} >= ${w.from} AND ${at} < ${w.until})`;
    const lastId = alias === 's' ? w.previous?.last_sale_id : w.previous?.last_return_id;
    if (!w.previous || lastId === null || lastId === undefined) return eb.and([dated]);
    const late = sql<SqlBool>`(${sql.ref(`${alias}.id`)} > ${lastId} AND ${at} >= ${w.previous.opened_at} AND ${at} < ${w.previous.closed_at})`;
    return eb.or([dated, late]);
  };
}

/** The highest ids of the cashier's sales and returns so far (0 before the first): a saved cash-up's last ids. */
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
    ])
    .executeTakeFirstOrThrow();
  return { last_sale_id: Number(row.last_sale_id), last_return_id: Number(row.last_return_id) };
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
    .where(inWindow('s', w))
    .groupBy('p.method')
    .execute();
  const sales = await db
    .selectFrom('sales as s')
    .select([
      sql<number>`count(*)::int`.as('count'),
      sql<number>`coalesce(sum(s.change_given), 0)::bigint`.as('change'),
    ])
    .where('s.created_by', '=', userId)
    .where(inWindow('s', w))
    .executeTakeFirstOrThrow();
  const refunds = await db
    .selectFrom('sale_returns as r')
    .select([
      'r.refund_method',
      sql<number>`count(*)::int`.as('returns_count'),
      sql<number>`sum(r.refund_amount)::bigint`.as('amount'),
    ])
    .where('r.created_by', '=', userId)
    .where(inWindow('r', w))
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
    opened_at: w.from,
    closed_at: w.until,
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
