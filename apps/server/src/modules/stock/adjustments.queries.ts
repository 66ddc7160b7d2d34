// The write-off list's rows and total (its columns are declared in packages/shared/src/lists).
import { unitEquation } from '@duka/shared';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { nameJson } from '../../platform/creator.ts';
import { matchesSearch } from '../../platform/listing.ts';
import { unitJson } from './batch-units.ts';
import type { StockFilter } from './stock.queries.ts';

/** The write-offs dated within the filter's days. */
function withinDates<Q extends SelectQueryBuilder<DB & { a: DB['stock_adjustments'] }, 'a', object>>(
  q: Q,
  filter: StockFilter,
): Q {
  let dated = q;
  if (filter.startDate) dated = dated.where('a.adjustment_date', '>=', filter.startDate) as Q;
  if (filter.endDate) dated = dated.where('a.adjustment_date', '<=', filter.endDate) as Q;
  return dated;
}

export function adjustmentQuery(db: Database, filter: StockFilter) {
  let q = db
    .selectFrom('stock_adjustments as a')
    .innerJoin('stock_batches as s', 's.id', 'a.batch_id')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .leftJoin('users as creator', 'creator.id', 'a.created_by')
    .select([
      'a.id',
      'a.batch_id',
      's.batch_number',
      'p.name as product_name',
      'a.reason',
      'a.quantity',
      'a.entered_quantity',
      unitJson('a.entered_measurement_id').as('entered_unit'),
      unitJson('s.measurement_id').as('base_unit'),
      'a.unit_cost',
      sql<number>`round(a.quantity * a.unit_cost)::bigint`.as('cost'),
      'a.note',
      'a.adjustment_date',
      'a.created_at',
      nameJson('creator').as('user'),
    ]);
  q = withinDates(q, filter);
  if (filter.search)
    q = q.where((eb) => matchesSearch(eb, ['p.name', 's.batch_number', 'a.reason', 'a.note'], filter.search as string));
  return q.orderBy('a.adjustment_date', 'desc').orderBy('a.id', 'desc');
}
export type AdjustmentRow = Awaited<ReturnType<ReturnType<typeof adjustmentQuery>['execute']>>[number];

/** A write-off as the list and its files show it: "2 Boxes = 50 Kg" when entered in another unit of the product. */
export const withEnteredAs = ({ entered_quantity, entered_unit, base_unit, ...row }: AdjustmentRow) => ({
  ...row,
  entered_as:
    entered_quantity !== null && entered_unit && base_unit
      ? unitEquation(entered_quantity, entered_unit, row.quantity, base_unit)
      : null,
});

/**
 * The cost of the write-offs a filter selects, each rounded as its row shows it. Without a search it reads the
 * write-offs alone: each has its batch and the batch its product (NOT NULL foreign keys), so the list's joins change
 * no row, and the planner hashed every batch of a chain's million to join them.
 */
export async function totalWriteOffCost(db: Database, filter: StockFilter): Promise<number> {
  const total = sql<number>`coalesce(sum(round(a.quantity * a.unit_cost)), 0)::bigint`.as('total');
  const row = filter.search
    ? await adjustmentQuery(db, filter).clearSelect().clearOrderBy().select(total).executeTakeFirstOrThrow()
    : await withinDates(db.selectFrom('stock_adjustments as a').select(total), filter).executeTakeFirstOrThrow();
  return Number(row.total);
}
