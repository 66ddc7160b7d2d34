// Reads for the point of sale (in-stock cascades), the sales list and its total (declared as saleList), and one
// sale with its lines.
import { INVOICE_PREFIX, MAX_INTEGER, SPLIT_PAYMENT, unitPrice } from '@duka/shared';
import { type NotNull, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { CACHEABLE } from '../../db/read-cache.ts';
import { brandJson, brandName } from '../../platform/brand-name.ts';
import { nameJson, unitJson } from '../../platform/creator.ts';
import { notFound } from '../../platform/errors.ts';
import { likePattern, matchesSearch, type PageOptions, type Seek } from '../../platform/listing.ts';
import { addDays, shopDayOf, startOfShopDay, withinShopDays } from '../../platform/period.ts';
import { isRecordNumber } from '../../platform/tokens.ts';
import { DAY_MS, LEVELS, type Level, nextMonth, type Span, spanRows, spansOf } from '../reports/sale-totals-levels.ts';
import { saleTillDetails } from './sale-till.queries.ts';
import { inUnit } from './sale-units.ts';

const inStock = (db: Database) =>
  db.selectFrom('stock_batches as s').where('s.deleted_at', 'is', null).where('s.balance', '>', 0);

/** Products with stock, searched on the server so the POS stays quick with a large catalogue. */
export function productsInStock(db: Database, search: string | undefined, limit = 50) {
  let q = db
    .selectFrom('products as p')
    .select(['p.id', 'p.name'])
    .where('p.deleted_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('stock_batches as s')
          .select('s.id')
          .whereRef('s.product_id', '=', 'p.id')
          .where('s.deleted_at', 'is', null)
          .where('s.balance', '>', 0),
      ),
    );
  if (search) q = q.where('p.name', 'ilike', likePattern(search));
  return q.orderBy(sql`lower(p.name)`).limit(limit).execute();
}

/** The product's batches with stock, oldest first (the one to sell first). */
export const batchesInStock = (db: Database, productId: number) =>
  inStock(db)
    .select(['s.id', 's.batch_number', 's.balance', 's.stock_date'])
    .where('s.product_id', '=', productId)
    .orderBy('s.stock_date')
    .orderBy('s.id')
    .execute();

/** The batch's brand: `{ id: null, name: NO_BRAND }` for goods without one. */
export const brandOfBatch = (db: Database, batchNumber: string) =>
  inStock(db)
    .leftJoin('brands as b', 'b.id', 's.brand_id')
    .select(['b.id', brandName('b.name').as('name')])
    .where('s.batch_number', '=', batchNumber)
    .execute();

/**
 * The units the brand's batches with stock may be sold in (`brandId` null: the batches without a brand): each batch's
 * own unit and, when it is counted in its product's base, the product's other units; the base first, then by factor.
 */
export const measurementsOfBrand = async (db: Database, brandId: number | null, batchNumber?: string) => {
  const { rows } = await sql<{ id: number; name: string; plural: string | null }>`
    WITH b AS (
      SELECT s.product_id, s.measurement_id, coalesce(p.base_measurement_id, s.measurement_id) AS base_id
      FROM stock_batches s JOIN products p ON p.id = s.product_id
      WHERE s.deleted_at IS NULL AND s.balance > 0
        AND ${brandId === null ? sql`s.brand_id IS NULL` : sql`s.brand_id = ${brandId}`}
        AND ${batchNumber ? sql`s.batch_number = ${batchNumber}` : sql`true`}
    ), units AS (
      SELECT measurement_id AS id, 1::numeric AS factor FROM b
      UNION ALL
      SELECT u.measurement_id, u.factor
      FROM b JOIN product_units u ON u.product_id = b.product_id
      WHERE b.measurement_id = b.base_id
    )
    SELECT m.id, m.name, m.plural FROM units x JOIN measurements m ON m.id = x.id
    GROUP BY m.id, m.name, m.plural
    ORDER BY min(x.factor), m.name`.execute(db);
  return rows;
};

/**
 * A batch's price in the unit asked: its sale price in its own unit, unitPrice(sale price, factor, bulk discount) in
 * another unit of its product. The balance is in the batch's (base) unit; unitBalance in the unit asked.
 */
export async function salePriceOf(
  db: Database,
  q: { productId: number; batchNumber: string; brandId: number | null; measurementId: number },
) {
  const row = await inStock(db)
    .innerJoin('products as p', 'p.id', 's.product_id')
    .leftJoin('product_units as u', (join) =>
      join
        .onRef('u.product_id', '=', 's.product_id')
        .on('u.measurement_id', '=', q.measurementId)
        .on('s.measurement_id', '=', sql<number>`coalesce(p.base_measurement_id, s.measurement_id)`),
    )
    .select(['s.sale_price', 's.balance', 's.measurement_id', 'u.factor', 'u.bulk_discount_percent'])
    .where('s.batch_number', '=', q.batchNumber)
    .where('s.product_id', '=', q.productId)
    .where('s.brand_id', q.brandId === null ? 'is' : '=', q.brandId)
    .executeTakeFirst();
  const inBase = row?.measurement_id === q.measurementId;
  if (!row || (!inBase && row.factor === null)) throw notFound('Sale price');
  const factor = inBase ? 1 : Number(row.factor);
  const balance = Number(row.balance);
  return {
    salePrice: inBase ? row.sale_price : unitPrice(row.sale_price, factor, Number(row.bulk_discount_percent)),
    balance,
    factor,
    unitBalance: inUnit(balance, factor),
  };
}

export interface SalesFilter {
  search?: string;
  startDate?: string;
  endDate?: string;
}

/** Digits as a receipt prints them after "No.", or an invoice's number (invoiceNumber), in any case. */
const RECEIPT_NUMBER = new RegExp(`^(?:${INVOICE_PREFIX}-?)?(\\d{1,10})$`, 'i');

/** The receipt number a search names: null for any other text, or a number beyond the column's range. */
function receiptNumberIn(search: string): number | null {
  const digits = RECEIPT_NUMBER.exec(search)?.[1];
  const number = digits === undefined ? Number.NaN : Number(digits);
  return number > 0 && number <= MAX_INTEGER ? number : null;
}

/**
 * A sale paid by its one method: settlePayments pays a sale with a total and one method by that method alone, so only
 * a split sale or one of no total (paid by nothing, or by what was handed back) has its payments read. A lookup per
 * row was a third of a year's export in the database.
 */
const paidByOneMethod = sql<SqlBool>`sa.payment_method <> ${sql.lit(SPLIT_PAYMENT)} AND sa.total_amount > 0`;
const methodsPaid = sql<string[]>`array(
  SELECT DISTINCT p.method FROM sale_payments p WHERE p.sale_id = sa.id ORDER BY p.method)`;

/** The sales of the list: every sale with what the list's page shows of it. */
export function salesQuery(db: Database, timeZone: string, filter: SalesFilter) {
  return salesOf(db, timeZone, filter).select([
    'sa.id',
    'sa.sale_number',
    'sa.sale_number as batch_number',
    'sa.customer_name',
    'sa.customer_phone',
    'sa.customer_email',
    'sa.customer_address',
    'sa.discount_percent as discount',
    'sa.subtotal',
    'sa.discount_amount',
    'sa.total_amount',
    // What the sale's returns refunded so far; the list adds the net.
    'sa.returned_amount',
    'sa.vat_rate',
    'sa.vat_amount',
    'sa.payment_method',
    // Each method the sale was paid by (the list's column; SPLIT in payment_method when more than one).
    sql<string[]>`CASE WHEN ${paidByOneMethod} THEN ARRAY[sa.payment_method] ELSE ${methodsPaid} END`.as(
      'payment_methods',
    ),
    'sa.notice',
    'sa.created_at',
    nameJson('creator').as('user'),
  ]);
}
export type SaleRow = Awaited<ReturnType<ReturnType<typeof salesQuery>['execute']>>[number];

/**
 * The same sales with only what the files' columns show (saleList's columns) and what the list's presenting reads
 * (the net, the payment's label), each as cheap to read as it can be: the day as the shop's YYYY-MM-DD, which the
 * files print, rather than an instant, and the methods only of a sale paid by more than one (null: its one method,
 * payment_method). The database driver's reading of a year's rows was most of the server's time in the export
 * (bench/measurements.md, the sales files' columns).
 */
export function salesFileQuery(db: Database, timeZone: string, filter: SalesFilter) {
  return salesOf(db, timeZone, filter).select([
    'sa.sale_number',
    'sa.customer_name',
    'sa.customer_phone',
    'sa.discount_percent as discount',
    'sa.subtotal',
    'sa.total_amount',
    'sa.returned_amount',
    'sa.payment_method',
    sql<string[] | null>`CASE WHEN NOT (${paidByOneMethod}) THEN ${methodsPaid} END`.as('payment_methods'),
    shopDayOf('sa.created_at', timeZone).as('created_at'),
    nameJson('creator').as('user'),
  ]);
}
export type SaleFileRow = Awaited<ReturnType<ReturnType<typeof salesFileQuery>['execute']>>[number];

/** The sales of the period that match the search, newest first, with their cashier joined: nothing selected yet. */
function salesOf(db: Database, timeZone: string, filter: SalesFilter) {
  let q = db.selectFrom('sales as sa').leftJoin('users as creator', 'creator.id', 'sa.created_by');
  q = withinShopDays(q, 'sa.created_at', filter, timeZone);
  const search = filter.search;
  if (search) {
    // A payment's reference: the mobile-money transaction id from the SMS finds its sale.
    const byReference = db
      .selectFrom('sale_payments as sp')
      .select('sp.sale_id')
      .where('sp.reference', 'ilike', likePattern(search));
    // Three characters or more, the sales are read through one bitmap of their trigram indexes (name, phone, number) and
    // of the ids of the sales whose payments' references hold the text: with the payments as an EXISTS in the OR,
    // PostgreSQL read every sale, 11 s to count them on ten years (bench/measurements.md, sales list search). Shorter
    // text reads every sale whatever the form (no trigram in it), and the EXISTS is then a hashed lookup per sale
    // where an array of ids would be searched element by element.
    // Every sale number is as long as a whole one (newNumber), so the one holding a whole number is that sale, read
    // from the numbers' unique index: the trigrams of a whole number are each in tens of thousands of sales' numbers.
    const isSaleNumber = isRecordNumber('SN', search);
    const receipt = receiptNumberIn(search);
    q = q.where((eb) =>
      eb.or([
        matchesSearch(eb, ['sa.customer_name', 'sa.customer_phone'], search),
        isSaleNumber
          ? eb('sa.sale_number', '=', search.toUpperCase())
          : eb('sa.sale_number', 'ilike', likePattern(search)),
        search.length >= 3
          ? sql<SqlBool>`sa.id = ANY(ARRAY(${byReference}))`
          : eb.exists(byReference.where('sp.sale_id', '=', eb.ref('sa.id'))),
        // The number the receipt prints largest, or the invoice's: that sale, from the numbers' unique index.
        ...(receipt === null ? [] : [eb('sa.receipt_number', '=', receipt)]),
      ]),
    );
  }
  return q.orderBy('sa.created_at', 'desc').orderBy('sa.id', 'desc');
}

/**
 * Sale lines (`i`) with their batch number, unit price and named product (inner-joined: never null), brand and unit:
 * a sale's and a return's. `measurement` is the unit the line was sold in (its base when sold in it),
 * `base_measurement` the batch's unit, `factor` base units per unit sold.
 */
export function saleLines(db: Database) {
  return db
    .selectFrom('sale_items as i')
    .innerJoin('stock_batches as s', 's.id', 'i.batch_id')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .leftJoin('brands as b', 'b.id', 'i.brand_id')
    .innerJoin('measurements as m', (join) =>
      join.on('m.id', '=', sql<number>`coalesce(i.sold_measurement_id, i.measurement_id)`),
    )
    .innerJoin('measurements as bm', 'bm.id', 'i.measurement_id')
    .select([
      'i.unit_price',
      's.batch_number',
      nameJson('p').as('product'),
      brandJson('b').as('brand'),
      unitJson('m').as('measurement'),
      'i.factor',
      unitJson('bm').as('base_measurement'),
    ])
    .$narrowType<{ product: NotNull }>();
}

/** A line's quantity in the unit it was sold in (its base quantity when sold in the base). */
export const soldQuantity = sql<number>`coalesce(i.sold_quantity, i.quantity)`;

export async function getSale(db: Database, timeZone: string, id: number) {
  const sale = await salesQuery(db, timeZone, {}).where('sa.id', '=', id).executeTakeFirst();
  if (!sale) throw notFound('Sale');
  const items = await saleLines(db)
    .select(['i.id', soldQuantity.as('quantity'), 'i.quantity as base_quantity', 'i.total_price'])
    .where('i.sale_id', '=', id)
    .orderBy('i.id')
    .execute();
  return { ...sale, items, ...(await saleTillDetails(db, id)) };
}

/**
 * Without a search, the list is every sale of its period, which the sale totals count and place: its count is a sum
 * of the period's totals (exactly count(*)), and a deep page starts its walk at the 15-minute slot holding its first
 * sale. Both read the period as whole UTC months, whole UTC days at its ends and slots at its edges (migration 040):
 * a few hundred rows at most, however long the shop's history. With a search, paginate counts and walks as for any
 * list.
 */
export function pagingBySlots(db: Database, timeZone: string, filter: SalesFilter): Omit<PageOptions, 'key'> {
  if (filter.search) return {};
  return {
    count: totalsIn(db, timeZone, filter).then((units) => sumOf(units, 'count')),
    seek: (skip, backwards) => seekSales(db, timeZone, filter, skip, backwards),
  };
}

/** One row of a level: its start, its sales count, their total and the refunds of the returns made in it. */
interface Unit {
  level: Level;
  start: Date;
  count: number;
  sold: number;
  refunds: number;
}

/** The rows of the spans, one statement (each span a plain range on its table's key). */
async function unitsIn(db: Database, spans: Span[]): Promise<Unit[]> {
  if (!spans.length) return [];
  const parts = spans.map((span) =>
    spanRows(
      span,
      sql`${span.level}::text AS level, ${sql.ref(LEVELS[span.level].column)} AS start,
      sales_count AS count, sold, refunds`,
    ),
  );
  const { rows } = await sql<{ level: Level; start: Date; count: number; sold: string; refunds: string }>`
    SELECT u.*, ${CACHEABLE} FROM (${sql.join(parts, sql` UNION ALL `)}) u`.execute(db);
  return rows.map((r) => ({ ...r, sold: Number(r.sold), refunds: Number(r.refunds) }));
}

const sumOf = (units: Unit[], figure: 'count' | 'sold' | 'refunds') => units.reduce((sum, u) => sum + u[figure], 0);

const totalsOf = new WeakMap<SalesFilter, Promise<Unit[]>>();

/**
 * The period's sale totals at their coarsest, read once per request: the list's count, its totals and a deep page's
 * seek ask with the same query object.
 */
function totalsIn(db: Database, timeZone: string, filter: SalesFilter): Promise<Unit[]> {
  let units = totalsOf.get(filter);
  if (!units) {
    const { startDate, endDate } = filter;
    const from = startDate ? startOfShopDay(startDate, timeZone) : undefined;
    const until = endDate ? startOfShopDay(addDays(endDate, 1), timeZone) : undefined;
    units = unitsIn(db, spansOf(from, until));
    totalsOf.set(filter, units);
  }
  return units;
}

/** A month's days, or a day's slots. */
const partsOf = (db: Database, unit: Unit) =>
  unit.level === 'month'
    ? unitsIn(db, [{ level: 'day', from: unit.start, until: nextMonth(unit.start) }])
    : unitsIn(db, [{ level: 'slot', from: unit.start, until: new Date(unit.start.getTime() + DAY_MS) }]);

/**
 * The slot holding a walk's first sale, found from the month down to the day and the slot. The sales of the slots
 * before it in the walk's order (newer ones, or older ones when the walk goes backwards) are counted from the totals
 * and left out by their instant, so page 50,000 of ten million sales walks a few dozen keys, not 500,000.
 */
async function seekSales(
  db: Database,
  timeZone: string,
  filter: SalesFilter,
  skip: number,
  backwards: boolean,
): Promise<Seek | undefined> {
  let units = await totalsIn(db, timeZone, filter);
  let passed = 0;
  for (;;) {
    const walked = [...units].sort((a, b) => (a.start.getTime() - b.start.getTime()) * (backwards ? 1 : -1));
    let holding: Unit | undefined;
    for (const unit of walked) {
      if (passed + unit.count > skip) {
        holding = unit;
        break;
      }
      passed += unit.count;
    }
    if (!holding) return undefined;
    if (holding.level === 'slot') {
      if (passed === 0) return undefined;
      const slot = holding.start;
      return {
        skipped: passed,
        narrow: (query) =>
          (backwards
            ? query.where('sa.created_at', '>=', slot)
            : query.where(
                'sa.created_at',
                '<',
                sql<Date>`${slot}::timestamptz + interval '15 minutes'`,
              )) as typeof query,
      };
    }
    units = await partsOf(db, holding);
  }
}

/**
 * The list's totals: its sales' total, the refunds of the returns made in the period (of the sales the search finds,
 * whichever day they were made) and the net, which is the revenue report's and the dashboard's revenue. Without a
 * search they are the sale totals' (the revenue report's own sums); with one, summed over the rows it finds.
 */
export async function salesTotals(db: Database, timeZone: string, filter: SalesFilter) {
  const { sold, refunds } = filter.search
    ? await searchedSums(db, timeZone, filter)
    : await totalsIn(db, timeZone, filter).then((units) => ({
        sold: sumOf(units, 'sold'),
        refunds: sumOf(units, 'refunds'),
      }));
  return { total_sales: sold, total_returns: refunds, net_sales: sold - refunds };
}

async function searchedSums(db: Database, timeZone: string, filter: SalesFilter) {
  const found = salesQuery(db, timeZone, { search: filter.search }).clearSelect().clearOrderBy().select('sa.id');
  const [sales, returns] = await Promise.all([
    salesQuery(db, timeZone, filter)
      .clearSelect()
      .clearOrderBy()
      .select([sql<string>`coalesce(sum(sa.total_amount), 0)::bigint`.as('total'), CACHEABLE])
      .executeTakeFirstOrThrow(),
    withinShopDays(db.selectFrom('sale_returns as r'), 'r.created_at', filter, timeZone)
      .where('r.sale_id', 'in', found)
      .select([sql<string>`coalesce(sum(r.refund_amount), 0)::bigint`.as('total'), CACHEABLE])
      .executeTakeFirstOrThrow(),
  ]);
  return { sold: Number(sales.total), refunds: Number(returns.total) };
}
