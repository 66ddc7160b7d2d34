// The receivables report: every live customer who owes, their balance split by how far past its due date each unpaid
// amount is. A sale on account falls due `payment_terms_days` after the shop day it was made; what it still owes
// (`account_due`) ages from then. A customer who owes holds no advance (payments settle sales as soon as both exist),
// so the buckets of a row add up to its balance.
import { AGING_BUCKET_MOST_DAYS, AGING_BUCKETS, type Aging } from '@duka/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { CACHEABLE } from '../../db/read-cache.ts';
import { shopDay } from '../../platform/period.ts';
import { customerMatches } from './customers.service.ts';

/**
 * One bucket's share of the grouped rows' unpaid `amount` (the sales' `s.account_due` unless told), whose days past
 * due are `overdue`: the one SQL form of the aging buckets, for what customers owe and what the shop owes.
 */
export function bucketSum(
  bucket: keyof Aging,
  overdue: RawBuilder<number>,
  amount: RawBuilder<number> = sql<number>`s.account_due`,
) {
  const most = AGING_BUCKET_MOST_DAYS[bucket];
  const previous = AGING_BUCKETS[AGING_BUCKETS.indexOf(bucket) - 1];
  const least = previous === undefined ? null : AGING_BUCKET_MOST_DAYS[previous];
  const conditions = [
    ...(least === null ? [] : [sql`${overdue} > ${sql.lit(least)}`]),
    ...(most === null ? [] : [sql`${overdue} <= ${sql.lit(most)}`]),
  ];
  return sql<number>`coalesce(sum(${amount}) FILTER (WHERE ${sql.join(conditions, sql` AND `)}), 0)::bigint`;
}

export interface AgingScope {
  /** Only these customers; all who owe when absent. */
  customerIds?: readonly number[];
  /** Only the customer of this alias of `customers` in an outer query, joined LATERAL: for each row of a page, one
   * customer's unpaid sales read by the index of open sales, with that customer's payment terms. */
  customerOf?: string;
  /** The shop day (YYYY-MM-DD) days past due are counted to; today when absent. */
  asOf?: string;
}

/**
 * The one aging rule, for the receivables report and the customer statement: per customer with an unpaid sale, what
 * their sales still owe by days past due (`asOf` − (the sale's shop day + the customer's payment terms)): current
 * (0 or less, not yet due), d1_30, d31_60, d61_90, over_90. The amounts are what is owed now; `asOf` moves only the
 * day they are aged to. A query of rows { customer_id, current, d1_30, d31_60, d61_90, over_90 }, to join or run.
 */
export function agingByCustomer(db: Database, timeZone: string, scope: AgingScope = {}) {
  const asOf = scope.asOf ?? shopDay(timeZone);
  const customer = scope.customerOf ?? 'ac';
  const terms = sql.ref(`${customer}.payment_terms_days`);
  const overdue = sql<number>`(${asOf}::date - ((s.created_at AT TIME ZONE ${timeZone})::date + ${terms}))`;
  const sales = db.selectFrom('sales as s');
  let q = (
    scope.customerOf
      ? sales.where(sql<boolean>`s.customer_id = ${sql.ref(`${customer}.id`)}`)
      : (sales.innerJoin('customers as ac', 'ac.id', 's.customer_id') as unknown as typeof sales)
  )
    .where('s.account_due', '>', 0)
    .select([
      's.customer_id',
      bucketSum('current', overdue).as('current'),
      bucketSum('d1_30', overdue).as('d1_30'),
      bucketSum('d31_60', overdue).as('d31_60'),
      bucketSum('d61_90', overdue).as('d61_90'),
      bucketSum('over_90', overdue).as('over_90'),
    ])
    .groupBy('s.customer_id');
  if (scope.customerIds) {
    if (scope.customerIds.length === 0) return q.where(sql<boolean>`false`);
    q = q.where('s.customer_id', 'in', scope.customerIds);
  }
  return q;
}

/**
 * Customers who owe, searched by name, phone or customer number: one in the trash too, since what they owe is owed
 * all the same (a customer is brought back from the trash when they owe again, unless their phone was taken).
 */
function owing(db: Database, search: string | undefined) {
  const q = db.selectFrom('customers as c').where('c.balance', '>', 0);
  return search ? q.where((eb) => customerMatches(eb, ['c.name', 'c.customer_number'], search)) : q;
}

/**
 * The report's rows: largest balance first. Each row's aging is its own customer's unpaid sales (a LATERAL join), so
 * a page ages the sales of its customers only, not every unpaid sale of the shop.
 */
export function receivablesRows(db: Database, timeZone: string, search: string | undefined) {
  const zero = sql<number>`0::bigint`;
  const bucket = (name: keyof Aging) => sql<number>`coalesce(${sql.ref(`a.${name}`)}, ${zero})`.as(name);
  return owing(db, search)
    .leftJoinLateral(agingByCustomer(db, timeZone, { customerOf: 'c' }).as('a'), (join) => join.onTrue())
    .select([
      'c.id as customer_id',
      'c.customer_number',
      'c.name',
      'c.phone_number',
      'c.credit_limit',
      'c.balance',
      bucket('current'),
      bucket('d1_30'),
      bucket('d31_60'),
      bucket('d61_90'),
      bucket('over_90'),
      sql<boolean>`c.balance > c.credit_limit`.as('over_limit'),
    ])
    .orderBy('c.balance', 'desc')
    .orderBy('c.id');
}

const sumsOf = new WeakMap<object, Promise<{ count: number; total: number; overLimit: number }>>();

/**
 * How many customers owe (searched as the rows are), Σ their balances and how many are past their limit: one pass
 * over the owing customers, read once per `call` (the report's count and cards ask with the same query object).
 */
function owingSums(db: Database, search: string | undefined, call: object) {
  let sums = sumsOf.get(call);
  if (!sums) {
    sums = owing(db, search)
      .select([
        sql<number>`count(*)::int`.as('count'),
        sql<string>`coalesce(sum(c.balance), 0)::bigint`.as('total'),
        sql<number>`count(*) FILTER (WHERE c.balance > c.credit_limit)::int`.as('over_limit'),
        // Answered from the pool's cache while no customer changes (a balance moves with a write to customers).
        CACHEABLE,
      ])
      .executeTakeFirstOrThrow()
      .then((row) => ({ count: row.count, total: Number(row.total), overLimit: row.over_limit }));
    sumsOf.set(call, sums);
  }
  return sums;
}

/** The report's number of rows: one per customer who owes, so counting them needs no aging. */
export const receivablesCount = (db: Database, search: string | undefined, call: object) =>
  owingSums(db, search, call).then((sums) => sums.count);

/** Σ the balances of every live customer who owes (searched as the rows are), and how many are past their limit. */
export async function receivablesTotals(db: Database, search?: string, call: object = {}) {
  const { total, overLimit } = await owingSums(db, search, call);
  return { total_receivables: total, over_limit_count: overLimit };
}
