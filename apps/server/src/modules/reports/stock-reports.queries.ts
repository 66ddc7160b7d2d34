// Batches for the four inventory reports and their totals as aggregate queries. A batch's value is
// round(balance × unit cost); totals add up the same rounded values, so a report's rows add up to its card.
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { brandJson, brandName } from '../../platform/brand-name.ts';
import { nameJson } from '../../platform/creator.ts';
import { matchesSearch } from '../../platform/listing.ts';
import type { Period } from '../../platform/period.ts';
import { balanceInUnitsAsRead, unitsOfBatch } from '../stock/batch-units.ts';

const batchValue = sql<number>`round(s.balance * s.unit_price)::bigint`;

function liveBatches(db: Database, search: string | undefined, searched = ['p.name', 'b.name', 's.batch_number']) {
  const q = db
    .selectFrom('stock_batches as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    // A batch may have no brand (NO_BRAND).
    .leftJoin('brands as b', 'b.id', 's.brand_id')
    .innerJoin('measurements as m', 'm.id', 's.measurement_id')
    .leftJoin('suppliers as sup', 'sup.id', 's.supplier_id')
    .where('s.deleted_at', 'is', null);
  return search ? q.where((eb) => matchesSearch(eb, searched, search)) : q;
}

/**
 * The same batches by LEFT JOINs, which change no row (a batch's product and unit are NOT NULL foreign keys, and a
 * batch without a brand is kept by the other query's LEFT JOIN too)
 * but let a count or total that reads none of their columns leave them out: for the low stock report, where most
 * of a big shop's batches may be low (75,000 of 100,000 in the bench data), its count reads the batches alone.
 */
function liveBatchesCountable(db: Database, search: string | undefined) {
  const q = db
    .selectFrom('stock_batches as s')
    .leftJoin('products as p', 'p.id', 's.product_id')
    .leftJoin('brands as b', 'b.id', 's.brand_id')
    .leftJoin('measurements as m', 'm.id', 's.measurement_id')
    .where('s.deleted_at', 'is', null);
  return search ? q.where((eb) => matchesSearch(eb, ['p.name', 'b.name', 's.batch_number'], search)) : q;
}

const batchNames = [
  's.id',
  's.batch_number',
  nameJson('p').as('product'),
  brandJson('b').as('brand'),
  nameJson('m').as('measurement'),
] as const;

async function sumOf(query: { executeTakeFirstOrThrow: () => Promise<{ total: number | string }> }) {
  return Number((await query.executeTakeFirstOrThrow()).total);
}

/** Batches whose stock date is in the period. */
export function receivedIn(db: Database, period: Period, search: string | undefined) {
  return liveBatches(db, search, ['p.name', 'b.name', 's.batch_number', 'sup.name'])
    .where('s.stock_date', '>=', period.start)
    .where('s.stock_date', '<=', period.end);
}

export const receivedRows = (db: Database, period: Period, search: string | undefined) =>
  receivedIn(db, period, search)
    .leftJoin('users as u', 'u.id', 's.created_by')
    .select([
      ...batchNames,
      's.quantity',
      's.unit_price',
      's.total_cost',
      nameJson('sup').as('supplier'),
      nameJson('u').as('user'),
      's.stock_date',
    ])
    .orderBy('s.stock_date', 'desc')
    .orderBy('s.id', 'desc');

export const totalReceivedCost = (db: Database, period: Period, search: string | undefined) =>
  sumOf(receivedIn(db, period, search).select(sql<number>`coalesce(sum(s.total_cost), 0)::bigint`.as('total')));

/** Batches received by the period's end. */
const heldBy = (db: Database, period: Period, search: string | undefined) =>
  liveBatches(db, search).where('s.stock_date', '<=', period.end);

export const balanceRows = (db: Database, period: Period, search: string | undefined) =>
  heldBy(db, period, search)
    .select([
      ...batchNames,
      's.balance',
      sql<number>`coalesce((
        SELECT sum(i.quantity) FROM sale_items i
        WHERE i.batch_id = s.id AND i.created_at >= ${period.from} AND i.created_at < ${period.until}
      ), 0)`.as('total_sold'),
      's.min_stock_level',
      's.unit_price',
      batchValue.as('value'),
    ])
    .orderBy(sql`lower(p.name)`)
    .orderBy('s.stock_date')
    .orderBy('s.id');

export const totalBalanceValue = (db: Database, period: Period, search: string | undefined) =>
  sumOf(heldBy(db, period, search).select(sql<number>`coalesce(sum(${batchValue}), 0)::bigint`.as('total')));

/** Batches at or below their minimum level, out of stock included. */
const lowBatches = (db: Database, search: string | undefined) =>
  liveBatchesCountable(db, search).whereRef('s.balance', '<=', 's.min_stock_level');

/** The names built for the page's rows only, after the sort (name_json, migration 022). */
const lateName = (column: string) => sql<{ name: string }>`name_json(${sql.ref(column)})`;
/** A name read by the page's rows only: a subquery, so the sort's input needs no join to its table. */
const lookedUpName = (table: 'measurements', id: string) =>
  sql<{ name: string }>`(SELECT name_json(t.name) FROM ${sql.table(table)} t WHERE t.id = ${sql.ref(id)})`;
/** The batch's brand as lookedUpName reads it, NO_BRAND for goods without one. */
const lookedUpBrand = (id: string) =>
  sql<{
    name: string;
  }>`name_json(${brandName(sql<string>`(SELECT t.name FROM brands t WHERE t.id = ${sql.ref(id)})`)})`;

export const lowStockRows = (db: Database, search: string | undefined) =>
  lowBatches(db, search)
    .select([
      's.id',
      's.batch_number',
      lateName('p.name').as('product'),
      // Without a search the brands and units are then left unjoined: 75,000 low batches of the bench data are
      // sorted with their product names only, which is cheaper than joining brands and units to every one of them
      // before the sort (bench/measurements.md, low stock report).
      lookedUpBrand('s.brand_id').as('brand'),
      lookedUpName('measurements', 's.measurement_id').as('measurement'),
      's.unit_price',
      's.balance',
      's.min_stock_level',
      // Read for the page's rows only, like the names above; the balance in units is made of it as they are read.
      unitsOfBatch('s.product_id', 's.measurement_id').as('units_of_batch'),
    ])
    .orderBy('s.balance')
    .orderBy(sql`lower(p.name)`)
    .orderBy('s.id')
    .withPlugin(balanceInUnitsAsRead)
    .$castTo<LowStockRead>();

/** A low-stock row as balanceInUnitsAsRead gives it. */
type LowStockRead = {
  id: number;
  batch_number: string;
  product: { name: string };
  brand: { name: string };
  measurement: { name: string };
  unit_price: number;
  balance: number;
  min_stock_level: number;
  balance_in_units: string;
};

export const totalLowStockValue = (db: Database, search: string | undefined) =>
  sumOf(lowBatches(db, search).select(sql<number>`coalesce(sum(${batchValue}), 0)::bigint`.as('total')));

/** Batches with stock whose stock date is on or before the threshold. */
const agedBatches = (db: Database, thresholdDate: string, search: string | undefined) =>
  liveBatches(db, search).where('s.balance', '>', 0).where('s.stock_date', '<=', thresholdDate);

export const agingRows = (db: Database, today: string, thresholdDate: string, search: string | undefined) =>
  agedBatches(db, thresholdDate, search)
    .select([
      ...batchNames,
      's.stock_date as first_received_date',
      sql<number>`(${today}::date - s.stock_date)`.as('days_in_stock'),
      's.balance',
      's.unit_price',
      batchValue.as('total_value'),
    ])
    .orderBy('s.stock_date')
    .orderBy('s.id');

export const totalAgedValue = (db: Database, thresholdDate: string, search: string | undefined) =>
  sumOf(
    agedBatches(db, thresholdDate, search).select(sql<number>`coalesce(sum(${batchValue}), 0)::bigint`.as('total')),
  );
