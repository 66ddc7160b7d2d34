// Reads of stock batches: the stock list, one batch and stock levels (their columns: packages/shared/src/lists).
import { formatDay, formatMoney, formatQuantity, quantityWithUnit, stockStatus, unitEquation } from '@duka/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { COUNTED_AS } from '../../db/read-cache.ts';
import { brandName } from '../../platform/brand-name.ts';
import { likePattern } from '../../platform/listing.ts';
import { isKeptWordShape } from '../../platform/search-words.ts';
import { inYardOf } from '../quotations/deliveries.queries.ts';
import { balanceInUnits, unitJson, unitsOfBatch } from './batch-units.ts';
import { keptFigures } from './stock-totals.ts';

export interface StockFilter {
  search?: string;
  startDate?: string;
  endDate?: string;
}

// The names are looked up per returned row (a primary-key subquery each) rather than joined: planning the six-table
// join cost more than reading a 10-row page, and the list's count and total cost read stock_batches alone. A
// whole-list export pays a little more for the lookups than joins would cost (bench/measurements.md, stock list).
type Named = 'products' | 'brands' | 'measurements' | 'suppliers' | 'users';
const nameOf = (table: Named, id: string) =>
  sql<string>`(select name from ${sql.table(table)} where id = ${sql.ref(id)})`;
/**
 * `{name}` in the original client's nested shape (docs/rules.md), null when nothing is referred to (a batch recorded by
 * no user).
 */
const nameObjectOf = (table: Named, id: string) =>
  sql<{
    name: string;
  } | null>`(select json_build_object('name', name) from ${sql.table(table)} where id = ${sql.ref(id)})`;
/** The batch's brand name, NO_BRAND for goods without one. */
const brandNameOf = (id: string) => brandName(nameOf('brands', id));

export function stockQuery(db: Database, filter: StockFilter = {}) {
  let q = db
    .selectFrom('stock_batches as s')
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
      's.received_measurement_id',
      's.received_quantity',
      unitJson('s.received_measurement_id').as('received_unit'),
      sql<string | null>`(select plural from measurements where id = s.measurement_id)`.as('measurement_plural'),
      nameOf('products', 's.product_id').as('product_name'),
      brandNameOf('s.brand_id').as('brand_name'),
      nameOf('measurements', 's.measurement_id').as('measurement_name'),
      nameOf('suppliers', 's.supplier_id').as('supplier_name'),
      nameObjectOf('products', 's.product_id').as('product'),
      sql<{ name: string }>`json_build_object('name', ${brandNameOf('s.brand_id')})`.as('brand'),
      nameObjectOf('measurements', 's.measurement_id').as('measurement'),
      nameObjectOf('suppliers', 's.supplier_id').as('supplier'),
      nameObjectOf('users', 's.created_by').as('created_by'),
    ])
    .where('s.deleted_at', 'is', null);
  if (filter.startDate) q = q.where('s.stock_date', '>=', filter.startDate);
  if (filter.endDate) q = q.where('s.stock_date', '<=', filter.endDate);
  if (filter.search) q = q.where(isMatchingBatch(db, filter.search));
  return q;
}

/** Batch numbers are BN and hex digits (newNumber): a word such as 'Premium' is in none of them, and its trigram scan
 * of every batch number took a share of a search's time and found no row (bench/measurements.md, stock levels
 * search). */
const mayBeInBatchNumber = (search: string) => /^[0-9a-fn]+$/i.test(search);

/**
 * Whether batch `s` is a live batch whose product, brand, unit or supplier name or batch number contains the search
 * (the stock list).
 * Each name is looked up in its own table first (trigram indexes on products, brands and batch numbers) and its
 * batches then by index, instead of ILIKE over the joined rows, which reads every batch and every name (migration 019).
 * The ids come as an array (`= ANY(ARRAY(…))`, computed once) rather than `IN (…)`: the planner then fetches those
 * batches by primary key instead of hash-joining a scan of all 100,000, the slower plan for a search that matches a
 * few thousand batches (bench/measurements.md, stock search).
 */
function isMatchingBatch(db: Database, search: string) {
  const pattern = likePattern(search);
  const live = () => db.selectFrom('stock_batches').select('id').where('deleted_at', 'is', null);
  const named = (table: 'products' | 'brands' | 'measurements' | 'suppliers') =>
    db.selectFrom(table).select('id').where('name', 'ilike', pattern);
  let ids = live()
    .where('product_id', 'in', named('products'))
    .union(live().where('brand_id', 'in', named('brands')))
    .union(live().where('measurement_id', 'in', named('measurements')));
  if (mayBeInBatchNumber(search)) ids = ids.union(live().where('batch_number', 'ilike', pattern));
  const all = ids.union(live().where('supplier_id', 'in', named('suppliers')));
  return sql<boolean>`${sql.ref('s.id')} = any(array(${all}))`;
}
export type StockRow = Awaited<ReturnType<ReturnType<typeof stockQuery>['execute']>>[number];

/** A batch as the list, its files and /stockshow give it: what it was received as when not its base unit. */
export const withReceivedAs = ({ received_unit, ...row }: StockRow) => ({
  ...row,
  received_as:
    received_unit && row.received_quantity !== null
      ? unitEquation(row.received_quantity, received_unit, row.quantity, {
          name: row.measurement_name,
          plural: row.measurement_plural,
        })
      : null,
});

export const stockListQuery = (db: Database, filter: StockFilter) =>
  stockQuery(db, filter).orderBy('s.stock_date', 'desc').orderBy('s.id', 'desc');

/**
 * Stock levels: every live batch with its status, the emptiest first within a product. Only the columns of the
 * Stock Levels screen: a user who holds stockLevel alone sees no cost, price or supplier, and cannot
 * search by supplier either. Ordered by product name, stock date and id; brand and unit names are looked up for the
 * page's rows only (PostgreSQL evaluates these subqueries after the sort and limit).
 *
 * Without a search, page 1 walks products (name, id) and stops after a page. A search reads each way a batch can
 * match (its product's name, its brand's, its unit's, its number) on its own, each sorted and cut to the rows the
 * page needs (`firstRows`: page × size; all of them for a file), and the page is the first of their union, which is
 * quicker than gathering every matching batch by id and sorting them all for one page (bench/measurements.md, stock
 * levels search). Any row of the page is among the first `firstRows` of a way it matches, so the union holds it.
 * A search of one word of letters finds the products from their kept words, the first few of each word in name order
 * (productsHoldingWord), rather than every product holding it.
 */
export function stockLevelQuery(db: Database, search?: string, firstRows?: number) {
  const columns = [
    's.id',
    's.batch_number',
    's.balance',
    's.quantity_sold as total_sold',
    's.min_stock_level',
    's.stock_date',
    's.brand_id',
    's.measurement_id',
    's.product_id',
  ] as const;
  const batches = db
    .selectFrom('stock_batches as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .select([...columns, 'p.name as product_name'])
    .where('s.deleted_at', 'is', null);
  let levels = batches;
  if (search) {
    const pattern = likePattern(search);
    // Each name first, then its batches by index: OFFSET 0 keeps the planner from turning both into a hash join over
    // a scan of every batch, which it prefers on its estimates but which was most of a search's time
    // (bench/measurements.md, stock levels search).
    // Products come in name order and each one's batches in (stock date, id) order, the page's own order: the
    // page's batches are then read for its first products only (an incremental sort), rather than every batch of
    // every matching product sorted for one page (bench/measurements.md, stock levels search).
    const byName = (
      table: 'products' | 'brands' | 'measurements',
      key: 'product_id' | 'brand_id' | 'measurement_id',
    ) => {
      const ordered = table === 'products';
      const names = db.selectFrom(table).select(['id', 'name']).where('name', 'ilike', pattern);
      const matching =
        ordered && firstRows && isKeptWordShape(search)
          ? productsHoldingWord(db, search, firstRows)
          : (ordered ? names.orderBy('name') : names).offset(0);
      return db.selectFrom(matching.as('m')).innerJoinLateral(
        (eb) => {
          const batches = eb
            .selectFrom('stock_batches as s')
            .selectAll('s')
            .whereRef(`s.${key}`, '=', 'm.id')
            .where('s.deleted_at', 'is', null);
          return (ordered ? batches.orderBy('s.stock_date').orderBy('s.id') : batches).offset(0).as('s');
        },
        (join) => join.onTrue(),
      );
    };
    const ways = [
      byName('products', 'product_id').select([...columns, 'm.name as product_name']),
      byName('brands', 'brand_id').select([...columns, nameOf('products', 's.product_id').as('product_name')]),
      byName('measurements', 'measurement_id').select([
        ...columns,
        nameOf('products', 's.product_id').as('product_name'),
      ]),
      ...(mayBeInBatchNumber(search) ? [batches.where('s.batch_number', 'ilike', pattern)] : []),
    ].map((way, i) => {
      const sorted = db
        .selectFrom(way.as('w'))
        .selectAll()
        .orderBy('w.product_name')
        .orderBy('w.stock_date')
        .orderBy('w.id');
      return db.selectFrom((firstRows ? sorted.limit(firstRows) : sorted).as(`way${i}`)).selectAll();
    });
    const [first, ...others] = ways as [(typeof ways)[number], ...typeof ways];
    levels = db
      .selectFrom(others.reduce((union, way) => union.union(way), first).as('s'))
      .selectAll('s') as unknown as typeof batches;
  }
  return levels
    .select([
      brandNameOf('s.brand_id').as('brand_name'),
      nameOf('measurements', 's.measurement_id').as('measurement_name'),
      unitsOfBatch('s.product_id', 's.measurement_id').as('units_of_batch'),
      inYardOf('s.id').as('in_yard'),
    ])
    .orderBy('product_name')
    .orderBy('s.stock_date')
    .orderBy('s.id');
}

/**
 * The products whose name holds `word` (one kept word's shape) and which have a live batch: the first `count` in name
 * order, and any more of the last one's name. A page of `count` batches in (name, stock date, id) order comes from
 * them alone, since each product before them in that order has a batch of its own. Each word holding `word` gives its
 * own first ones from product_words' (word, name) index, so the work is a few words × `count`, however many products
 * hold it (migration 049).
 */
function productsHoldingWord(db: Database, word: string, count: number) {
  return db
    .selectFrom('search_words as w')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('product_words as x')
          .select(['x.product_id as id', 'x.name'])
          .whereRef('x.word', '=', 'w.word')
          .where(({ exists, selectFrom }) =>
            exists(
              selectFrom('stock_batches as s')
                .select('s.id')
                .whereRef('s.product_id', '=', 'x.product_id')
                .where('s.deleted_at', 'is', null),
            ),
          )
          .orderBy('x.name')
          .fetch(count, 'with ties')
          .as('x'),
      (join) => join.onTrue(),
    )
    .where('w.word', 'like', sql<string>`lower(${likePattern(word)})`)
    .select(['x.id', 'x.name'])
    .distinct()
    .orderBy('x.name')
    .fetch(count, 'with ties');
}

/**
 * How many live batches a stock-level search finds (its page's rows come from stockLevelQuery): the batches of the
 * matching products, counted from the product index alone (an index-only scan, no batch read), plus those found
 * another way (brand, unit, batch number) whose product does not match, so no batch counts twice. Gathering every
 * matching batch's id first read each of them: 50,000 for 'Premium' at ten times the bench shop
 * (bench/measurements.md, stock levels search).
 */
export async function stockLevelCount(db: Database, search: string) {
  const pattern = likePattern(search);
  const named = (table: 'products' | 'brands' | 'measurements') =>
    db.selectFrom(table).select('id').where('name', 'ilike', pattern);
  const live = () => db.selectFrom('stock_batches').select('id').where('deleted_at', 'is', null);
  let others = live()
    .where('brand_id', 'in', named('brands'))
    .union(live().where('measurement_id', 'in', named('measurements')));
  if (mayBeInBatchNumber(search)) others = others.union(live().where('batch_number', 'ilike', pattern));
  const row = await db
    .selectNoFrom(
      sql<number>`(
        (SELECT count(*) FROM stock_batches WHERE deleted_at IS NULL AND product_id = any(array(${named('products')})))
        + (SELECT count(*) FROM stock_batches s JOIN products p ON p.id = s.product_id
            WHERE s.id = any(array(${others})) AND p.name NOT ILIKE ${pattern})
      )::int`.as(COUNTED_AS),
    )
    .executeTakeFirstOrThrow();
  return row[COUNTED_AS];
}
type StockLevelRow = Awaited<ReturnType<ReturnType<typeof stockLevelQuery>['execute']>>[number];
/** A stock-level row as the screen and the files show it: the names also as `{name}`, the status from the one shared
 * rule. */
export const withStatus = ({
  stock_date,
  brand_id,
  measurement_id,
  product_id,
  units_of_batch,
  ...row
}: StockLevelRow) => ({
  ...row,
  balance_in_units: balanceInUnits(row.balance, units_of_batch),
  product: { name: row.product_name },
  brand: { name: row.brand_name },
  measurement: { name: row.measurement_name },
  status: stockStatus(row.balance, row.min_stock_level),
});

/**
 * A batch as its PDF prints it: what a shop owner reads, so not the original client's environment field (a
 * record-keeping choice), and each quantity with its unit as the shared rule words it ("40 Bags", "1 Bag", "2.5 t").
 */
export const batchPdfFields = (s: ReturnType<typeof withReceivedAs>, timeZone: string): [string, string | number][] => {
  const unit = { name: s.measurement_name ?? '', plural: s.measurement_plural };
  const counted = (quantity: number) => (unit.name ? quantityWithUnit(quantity, unit) : formatQuantity(quantity));
  return [
    ['Batch number', s.batch_number],
    ['Product', s.product_name],
    ['Brand', s.brand_name],
    ['Unit', s.measurement_name],
    ['Quantity', counted(s.quantity)],
    ...(s.received_as ? [['Received as', s.received_as] as [string, string]] : []),
    ['Unit price (UGX)', formatMoney(s.unit_price)],
    ['Total cost (UGX)', formatMoney(s.total_cost)],
    ['Sale price (UGX)', formatMoney(s.sale_price)],
    ['Minimum stock level', counted(s.min_stock_level)],
    ['Balance', counted(s.balance)],
    ['Sold', counted(s.quantity_sold)],
    ['Supplier', s.supplier_name],
    ['Stock date', s.stock_date],
    ['Recorded', formatDay(s.created_at, timeZone)],
  ];
};

/** The list's total cost: the kept day totals' without a search, the matching batches' sum with one. */
export async function totalStockCost(db: Database, filter: StockFilter): Promise<number> {
  if (!filter.search) return (await keptFigures(db, stockDates(filter))).received_cost;
  const row = await stockQuery(db, filter)
    .clearSelect()
    .select(sql<number>`coalesce(sum(s.total_cost), 0)::bigint`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The stock list's rows without a search: its live batches of the chosen stock dates, as the kept day totals count. */
export const keptBatchCount = async (db: Database, filter: StockFilter) =>
  (await keptFigures(db, stockDates(filter))).batches;

const stockDates = ({ startDate, endDate }: StockFilter) => ({ from: startDate, to: endDate });
