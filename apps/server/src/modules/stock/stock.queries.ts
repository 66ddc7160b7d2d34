// Reads of stock batches: the stock list, one batch and stock levels (their columns: packages/shared/src/lists).
import { formatDay, formatMoney, stockStatus } from '@duka/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { nameJson } from '../../platform/creator.ts';
import { matchesSearch } from '../../platform/listing.ts';

export interface StockFilter {
  search?: string;
  startDate?: string;
  endDate?: string;
}

export function stockQuery(db: Database, filter: StockFilter = {}) {
  let q = db
    .selectFrom('stock_batches as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .innerJoin('brands as b', 'b.id', 's.brand_id')
    .innerJoin('measurements as m', 'm.id', 's.measurement_id')
    .innerJoin('suppliers as sup', 'sup.id', 's.supplier_id')
    .leftJoin('users as creator', 'creator.id', 's.created_by')
    .select([
      's.id',
      's.batch_number',
      's.product_id',
      's.brand_id',
      's.measurement_id',
      's.supplier_id',
      's.quantity',
      's.unit_price',
      's.total_cost',
      's.sale_price',
      's.min_stock_level',
      's.quantity_sold',
      's.quantity_adjusted',
      's.balance',
      's.stock_date',
      's.environment',
      's.created_at',
      'p.name as product_name',
      'b.name as brand_name',
      'm.name as measurement_name',
      'sup.name as supplier_name',
      nameJson('p').as('product'),
      nameJson('b').as('brand'),
      nameJson('m').as('measurement'),
      nameJson('sup').as('supplier'),
      nameJson('creator').as('created_by'),
    ])
    .where('s.deleted_at', 'is', null);
  if (filter.startDate) q = q.where('s.stock_date', '>=', filter.startDate);
  if (filter.endDate) q = q.where('s.stock_date', '<=', filter.endDate);
  if (filter.search) {
    q = q.where((eb) =>
      matchesSearch(eb, ['p.name', 'b.name', 'm.name', 'sup.name', 's.batch_number'], filter.search as string),
    );
  }
  return q;
}
export type StockRow = Awaited<ReturnType<ReturnType<typeof stockQuery>['execute']>>[number];

export const stockListQuery = (db: Database, filter: StockFilter) =>
  stockQuery(db, filter).orderBy('s.stock_date', 'desc').orderBy('s.id', 'desc');

/**
 * Stock levels: every live batch with its status, the emptiest first within a product. Only the columns of the
 * Stock Levels screen (part 2 §2.6): a user who holds stockLevel alone sees no cost, price or supplier, and cannot
 * search by supplier either.
 */
export function stockLevelQuery(db: Database, search?: string) {
  let q = db
    .selectFrom('stock_batches as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .innerJoin('brands as b', 'b.id', 's.brand_id')
    .innerJoin('measurements as m', 'm.id', 's.measurement_id')
    .select([
      's.id',
      's.batch_number',
      's.balance',
      's.quantity_sold as total_sold',
      's.min_stock_level',
      'p.name as product_name',
      'b.name as brand_name',
      'm.name as measurement_name',
      nameJson('p').as('product'),
      nameJson('b').as('brand'),
      nameJson('m').as('measurement'),
    ])
    .where('s.deleted_at', 'is', null);
  if (search) q = q.where((eb) => matchesSearch(eb, ['p.name', 'b.name', 'm.name', 's.batch_number'], search));
  return q.orderBy('p.name').orderBy('s.stock_date').orderBy('s.id');
}
type StockLevelRow = Awaited<ReturnType<ReturnType<typeof stockLevelQuery>['execute']>>[number];

/** A stock-level row with its status from the one shared rule (PRODUCT.md §5), for the screen and the files. */
export const withStatus = (row: StockLevelRow) => ({ ...row, status: stockStatus(row.balance, row.min_stock_level) });

export const batchPdfFields = (s: StockRow, timeZone: string): [string, string | number][] => [
  ['Batch number', s.batch_number],
  ['Product', s.product_name],
  ['Brand', s.brand_name],
  ['Unit', s.measurement_name],
  ['Quantity', s.quantity],
  ['Unit price (UGX)', formatMoney(s.unit_price)],
  ['Total cost (UGX)', formatMoney(s.total_cost)],
  ['Sale price (UGX)', formatMoney(s.sale_price)],
  ['Minimum stock level', s.min_stock_level],
  ['Balance', s.balance],
  ['Sold', s.quantity_sold],
  ['Supplier', s.supplier_name],
  ['Stock date', s.stock_date],
  ['Environment', s.environment],
  ['Recorded', formatDay(s.created_at, timeZone)],
];

export async function totalStockCost(db: Database, filter: StockFilter): Promise<number> {
  const row = await stockQuery(db, filter)
    .clearSelect()
    .select(sql<number>`coalesce(sum(s.total_cost), 0)::bigint`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
