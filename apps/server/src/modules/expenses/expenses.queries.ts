// Reading expenses: the list and its files' rows (declared in packages/shared/src/lists), the period's total (the one
// number the profit and loss report and the dashboard take off gross profit), totals by category, and the categories
// used before.
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { nameJson } from '../../platform/creator.ts';
import { matchesSearch } from '../../platform/listing.ts';

/** A period of expense dates, both ends included; either end may be open. */
export interface ExpenseFilter {
  startDate?: string;
  endDate?: string;
  category?: string;
  search?: string;
}

function liveExpenses(db: Database, filter: ExpenseFilter) {
  let q = db
    .selectFrom('expenses as e')
    .leftJoin('suppliers as sup', 'sup.id', 'e.supplier_id')
    .where('e.deleted_at', 'is', null);
  if (filter.startDate) q = q.where('e.expense_date', '>=', filter.startDate);
  if (filter.endDate) q = q.where('e.expense_date', '<=', filter.endDate);
  if (filter.category) q = q.where(sql`lower(e.category)`, '=', filter.category.toLowerCase());
  if (filter.search) {
    const term = filter.search;
    q = q.where((eb) => matchesSearch(eb, ['e.category', 'e.description', 'e.reference', 'sup.name'], term));
  }
  return q;
}

export function expenseQuery(db: Database, filter: ExpenseFilter) {
  return liveExpenses(db, filter)
    .leftJoin('users as u', 'u.id', 'e.created_by')
    .select([
      'e.id',
      'e.expense_date',
      'e.category',
      'e.description',
      'e.amount',
      'e.payment_method',
      'e.reference',
      'e.supplier_id',
      nameJson('sup').as('supplier'),
      nameJson('u').as('user'),
      'e.created_at',
    ])
    .orderBy('e.expense_date', 'desc')
    .orderBy('e.id', 'desc');
}
export type ExpenseRow = Awaited<ReturnType<ReturnType<typeof expenseQuery>['execute']>>[number];

/**
 * Σ amounts of the live expenses dated in the period (and the filter). The profit and loss report and the dashboard
 * both call this, so their net profits agree to the shilling.
 */
export async function totalExpenses(db: Database, filter: ExpenseFilter): Promise<number> {
  const row = await liveExpenses(db, filter)
    .select(sql<number>`coalesce(sum(e.amount), 0)::bigint`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The period's expenses by category, largest first; categories differing only in case are one. */
export async function expensesByCategory(
  db: Database,
  filter: ExpenseFilter,
): Promise<{ category: string; total: number }[]> {
  const rows = await liveExpenses(db, filter)
    .select([sql<string>`min(e.category)`.as('category'), sql<number>`sum(e.amount)::bigint`.as('total')])
    .groupBy(sql`lower(e.category)`)
    .orderBy(sql`sum(e.amount)`, 'desc')
    .orderBy(sql`lower(e.category)`)
    .execute();
  return rows.map((r) => ({ category: r.category, total: Number(r.total) }));
}

/** Every category used on a live expense, for the form's suggestions. */
export async function usedCategories(db: Database): Promise<string[]> {
  const rows = await db
    .selectFrom('expenses')
    .select(sql<string>`min(category)`.as('category'))
    .where('deleted_at', 'is', null)
    .groupBy(sql`lower(category)`)
    .orderBy(sql`lower(category)`)
    .execute();
  return rows.map((r) => r.category);
}
