// Batches for the four inventory reports and their totals. A batch's value is round(balance × unit cost); totals add
// up the same rounded values, so a report's rows add up to its card. Each report's page is read from an index in its
// own order (migration 039), and without a search its count and card come from the day rows the database keeps
// (`stock_totals`), so neither grows with the batches ever received; a search counts and totals its matches.
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { brandName } from '../../platform/brand-name.ts';
import { matchesSearch } from '../../platform/listing.ts';
import type { Period } from '../../platform/period.ts';
import { balanceInUnitsAsRead, unitsOfBatch } from '../stock/batch-units.ts';
import { keptFigures } from '../stock/stock-totals.ts';

const batchValue = sql<number>`round(s.balance * s.unit_price)::bigint`;

/**
 * Live batches, searched by their product's and brand's names and their number (and supplier's name where asked).
 * The joins are LEFT JOINs, which change no row (a batch's product and supplier are NOT NULL foreign keys; a batch
 * may have no brand, NO_BRAND), so that without a search, where nothing reads their columns, PostgreSQL leaves them
 * out: a page's names are looked up for its rows only (`lookedUpName`) and its order comes from an index on the
 * batches. Joined, the page's plan built a lookup cache sized for every product for 10 rows (bench/measurements.md,
 * inventory reports).
 */
function liveBatches(db: Database, search: string | undefined, searched = ['p.name', 'b.name', 's.batch_number']) {
  const q = db
    .selectFrom('stock_batches as s')
    .leftJoin('products as p', 'p.id', 's.product_id')
    .leftJoin('brands as b', 'b.id', 's.brand_id')
    .leftJoin('suppliers as sup', 'sup.id', 's.supplier_id')
    .where('s.deleted_at', 'is', null);
  return search ? q.where((eb) => matchesSearch(eb, searched, search)) : q;
}

/** `{name}` of the row `id` refers to (null when none: a batch recorded by no user), read for the page's rows only
 * (name_json, migration 022). */
const lookedUpName = (table: 'products' | 'measurements' | 'suppliers' | 'users', id: string) =>
  sql<{ name: string }>`(SELECT name_json(t.name) FROM ${sql.table(table)} t WHERE t.id = ${sql.ref(id)})`;
/** The batch's brand as lookedUpName reads it, NO_BRAND for goods without one. */
const lookedUpBrand = (id: string) =>
  sql<{
    name: string;
  }>`name_json(${brandName(sql<string>`(SELECT t.name FROM brands t WHERE t.id = ${sql.ref(id)})`)})`;

const batchNames = [
  's.id',
  's.batch_number',
  lookedUpName('products', 's.product_id').as('product'),
  lookedUpBrand('s.brand_id').as('brand'),
  lookedUpName('measurements', 's.measurement_id').as('measurement'),
] as const;

async function sumOf(query: { executeTakeFirstOrThrow: () => Promise<{ total: number | string }> }) {
  return Number((await query.executeTakeFirstOrThrow()).total);
}

/** The number of rows a report's page is cut from: kept without a search; counted by paginate with one. */
const keptCount = (search: string | undefined, count: () => Promise<number>) => (search ? {} : { count: count() });

/** Batches whose stock date is in the period. */
export function receivedIn(db: Database, period: Period, search: string | undefined) {
  return liveBatches(db, search, ['p.name', 'b.name', 's.batch_number', 'sup.name'])
    .where('s.stock_date', '>=', period.start)
    .where('s.stock_date', '<=', period.end);
}

export const receivedRows = (db: Database, period: Period, search: string | undefined) =>
  receivedIn(db, period, search)
    .select([
      ...batchNames,
      's.quantity',
      's.unit_price',
      's.total_cost',
      lookedUpName('suppliers', 's.supplier_id').as('supplier'),
      lookedUpName('users', 's.created_by').$castTo<{ name: string } | null>().as('user'),
      's.stock_date',
    ])
    .orderBy('s.stock_date', 'desc')
    .orderBy('s.id', 'desc');

const receivedKept = (db: Database, period: Period) => keptFigures(db, { from: period.start, to: period.end });

export const totalReceivedCost = (db: Database, period: Period, search: string | undefined) =>
  search
    ? sumOf(receivedIn(db, period, search).select(sql<number>`coalesce(sum(s.total_cost), 0)::bigint`.as('total')))
    : receivedKept(db, period).then((kept) => kept.received_cost);

export const receivedCount = (db: Database, period: Period, search: string | undefined) =>
  keptCount(search, () => receivedKept(db, period).then((kept) => kept.batches));

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
    // lower(p.name), kept on the batch so that an index gives the order (migration 039).
    .orderBy(sql.ref('s.product_sort_name'))
    .orderBy('s.stock_date')
    .orderBy('s.id');

const heldKept = (db: Database, period: Period) => keptFigures(db, { to: period.end });

export const totalBalanceValue = (db: Database, period: Period, search: string | undefined) =>
  search
    ? sumOf(heldBy(db, period, search).select(sql<number>`coalesce(sum(${batchValue}), 0)::bigint`.as('total')))
    : heldKept(db, period).then((kept) => kept.value);

export const balanceCount = (db: Database, period: Period, search: string | undefined) =>
  keptCount(search, () => heldKept(db, period).then((kept) => kept.batches));

/** Batches at or below their minimum level, out of stock included. */
const lowBatches = (db: Database, search: string | undefined) =>
  liveBatches(db, search).whereRef('s.balance', '<=', 's.min_stock_level');

export const lowStockRows = (db: Database, search: string | undefined) =>
  lowBatches(db, search)
    .select([
      's.id',
      's.batch_number',
      lookedUpName('products', 's.product_id').as('product'),
      lookedUpBrand('s.brand_id').as('brand'),
      lookedUpName('measurements', 's.measurement_id').as('measurement'),
      's.unit_price',
      's.balance',
      's.min_stock_level',
      // Read for the page's rows only, like the names above; the balance in units is made of it as they are read.
      unitsOfBatch('s.product_id', 's.measurement_id').as('units_of_batch'),
    ])
    .orderBy('s.balance')
    // lower(p.name), kept on the batch: the low batches' index gives the page in this order (migration 039).
    .orderBy(sql.ref('s.product_sort_name'))
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
  search
    ? sumOf(lowBatches(db, search).select(sql<number>`coalesce(sum(${batchValue}), 0)::bigint`.as('total')))
    : keptFigures(db).then((kept) => kept.low_value);

export const lowStockCount = (db: Database, search: string | undefined) =>
  keptCount(search, () => keptFigures(db).then((kept) => kept.low));

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
  search
    ? sumOf(
        agedBatches(db, thresholdDate, search).select(sql<number>`coalesce(sum(${batchValue}), 0)::bigint`.as('total')),
      )
    : keptFigures(db, { to: thresholdDate }).then((kept) => kept.value);

export const agedCount = (db: Database, thresholdDate: string, search: string | undefined) =>
  keptCount(search, () => keptFigures(db, { to: thresholdDate }).then((kept) => kept.in_stock));
