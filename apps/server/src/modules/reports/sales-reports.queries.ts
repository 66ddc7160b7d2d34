// Sale lines of a period for the four sales reports, and their totals as aggregate queries. A line's amount is its
// total less its stored share of the sale's discount, so a period's lines add up to its sales' totals exactly.
// A return counts on the day it happens, never rewriting the sale's day: each returned line is a negative
// row on the return's day carrying the return's number, its amount minus the refund, so the rows of a period add up
// to the revenue report's net revenue for the same days. A line is shown in the unit it was sold in (its unit price is
// per that unit), with its base quantity beside it.
import { formatDay } from '@duka/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { brandJson } from '../../platform/brand-name.ts';
import { nameJson } from '../../platform/creator.ts';
import { matchesSearch } from '../../platform/listing.ts';
import type { Period } from '../../platform/period.ts';
import { totalRevenue } from './financial-reports.queries.ts';

const SEARCHED = ['p.name', 'b.name', 's.batch_number', 'sa.sale_number'];

/**
 * Sale lines with their sale and catalogue names, searched; a returned line goes back to the batch it came from.
 * Each joined row exists (foreign keys, never null) but a line's brand, which goods without one lack (NO_BRAND), so the
 * joins are LEFT JOINs: the report's count, which reads none of their columns, drops them and counts the period's
 * lines from one index.
 */
function catalogued(db: Database, search: string | undefined) {
  const q = db
    .selectFrom('sale_items as i')
    .leftJoin('sales as sa', 'sa.id', 'i.sale_id')
    .leftJoin('stock_batches as s', 's.id', 'i.batch_id')
    .leftJoin('products as p', 'p.id', 'i.product_id')
    .leftJoin('brands as b', 'b.id', 'i.brand_id')
    .leftJoin('measurements as m', 'm.id', 'i.measurement_id');
  return search ? q.where((eb) => matchesSearch(eb, SEARCHED, search)) : q;
}

/** The lines sold in the period, by the line's own copy of its sale's instant (migration 020). */
const soldLinesOf = (db: Database, period: Period, search: string | undefined) =>
  catalogued(db, search).where('i.created_at', '>=', period.from).where('i.created_at', '<', period.until);

/** The lines returned in the period, under the same aliases as the sold lines so one search fits both. */
const returnedLinesOf = (db: Database, period: Period, search: string | undefined) =>
  catalogued(db, search)
    .innerJoin('sale_return_items as ri', 'ri.sale_item_id', 'i.id')
    .innerJoin('sale_returns as r', 'r.id', 'ri.return_id')
    .where('r.created_at', '>=', period.from)
    .where('r.created_at', '<', period.until);

const saleOf = sql<{
  discount: number;
  sale_number: string;
}>`json_build_object('discount', sa.discount_percent, 'sale_number', sa.sale_number)`.as('sale');

/**
 * The period's row keys newest first: each sold line (id = its id), then each returned line (id = −return line id,
 * so keys never collide) on its return's instant. Each side is ordered on its own, the sold side straight from the
 * index on (created_at, id), so the database merges the two and a page reads only its own rows and the ones before
 * it, never sorting the period's lines; the count reads the index alone.
 */
function rowKeys(db: Database, period: Period) {
  const sold = db
    .selectFrom('sale_items as i')
    .where('i.created_at', '>=', period.from)
    .where('i.created_at', '<', period.until)
    .select(['i.id', 'i.id as line_id', sql<number | null>`NULL::integer`.as('return_line_id'), 'i.created_at'])
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc');
  const returned = db
    .selectFrom('sale_return_items as ri')
    .innerJoin('sale_returns as r', 'r.id', 'ri.return_id')
    .where('r.created_at', '>=', period.from)
    .where('r.created_at', '<', period.until)
    .select([sql<number>`-ri.id`.as('id'), 'ri.sale_item_id as line_id', 'ri.id as return_line_id', 'r.created_at'])
    .orderBy('r.created_at', 'desc')
    .orderBy(sql`-ri.id`, 'desc');
  return db
    .selectFrom(sold.as('sold'))
    .selectAll()
    .unionAll(db.selectFrom(returned.as('returned')).selectAll());
}

/** Sold lines, then returned lines as negative rows on their return's instant, newest first. */
export function saleLineRows(db: Database, period: Period, search: string | undefined) {
  // Every joined row exists (foreign keys); LEFT JOINs let the count, which reads none of them, leave them out.
  const q = db
    .selectFrom(rowKeys(db, period).as('k'))
    .leftJoin('sale_items as i', 'i.id', 'k.line_id')
    .leftJoin('sale_return_items as ri', 'ri.id', 'k.return_line_id')
    .leftJoin('sale_returns as r', 'r.id', 'ri.return_id')
    .leftJoin('sales as sa', 'sa.id', 'i.sale_id')
    .leftJoin('stock_batches as s', 's.id', 'i.batch_id')
    .leftJoin('products as p', 'p.id', 'i.product_id')
    .leftJoin('brands as b', 'b.id', 'i.brand_id')
    .leftJoin('measurements as m', (join) =>
      join.on('m.id', '=', sql<number>`coalesce(i.sold_measurement_id, i.measurement_id)`),
    )
    .leftJoin('measurements as bm', 'bm.id', 'i.measurement_id')
    .leftJoin('users as u', (join) =>
      join.on('u.id', '=', sql`CASE WHEN k.return_line_id IS NULL THEN sa.created_by ELSE r.created_by END`),
    );
  // A sold line as it was charged; a returned one negative: what that quantity was charged before the discount,
  // and what its refund gave back after it.
  // Quantities in the unit sold, which unit_price is per.
  const returnedSold = sql<number>`coalesce(ri.sold_quantity, ri.quantity)`;
  const charged = sql<number>`round(${returnedSold} * i.unit_price)::bigint`;
  const either = <T>(sold: RawBuilder<T> | string, returned: RawBuilder<T>) =>
    sql<T>`CASE WHEN k.return_line_id IS NULL THEN ${typeof sold === 'string' ? sql.raw(sold) : sold} ELSE ${returned} END`;
  return (search ? q.where((eb) => matchesSearch(eb, SEARCHED, search)) : q)
    .select([
      'k.id',
      nameJson('p').as('product'),
      brandJson('b').as('brand'),
      nameJson('m').as('measurement'),
      's.batch_number',
      either<number>(sql`coalesce(i.sold_quantity, i.quantity)`, sql`-${returnedSold}`).as('quantity'),
      either<number>('i.quantity', sql`-ri.quantity`).as('base_quantity'),
      nameJson('bm').as('base_measurement'),
      'i.unit_price',
      saleOf,
      either<number>('i.total_price', sql`-${charged}`).as('total_price'),
      either<number>('i.discount_amount', sql`-(${charged} - ri.refund_amount)`).as('discount_amount'),
      either<number>('i.total_price - i.discount_amount', sql`-ri.refund_amount`).as('total_amount'),
      'r.return_number',
      nameJson('u').as('user'),
      'k.created_at',
    ])
    .orderBy('k.created_at', 'desc')
    .orderBy('k.id', 'desc');
}

/** Σ line amounts over the period (and the search) less the refunds of its returned lines: the report's total_sales. */
export async function totalSales(db: Database, period: Period, search: string | undefined): Promise<number> {
  // Unsearched it is the period's revenue: the lines add up to their sales, the returned lines to their refunds.
  if (!search) return totalRevenue(db, period);
  const [sold, refunded] = await Promise.all([
    soldLinesOf(db, period, search)
      .select(sql<number>`coalesce(sum(i.total_price - i.discount_amount), 0)::bigint`.as('total'))
      .executeTakeFirstOrThrow(),
    returnedLinesOf(db, period, search)
      .select(sql<number>`coalesce(sum(ri.refund_amount), 0)::bigint`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return Number(sold.total) - Number(refunded.total);
}

/** The shop's day of the last sale up to the end of the period, null before the first sale. */
export async function lastSoldDate(db: Database, period: Period, timeZone: string): Promise<string | null> {
  const row = await db
    .selectFrom('sales')
    .select((eb) => eb.fn.max('created_at').as('last'))
    .where('created_at', '<', period.until)
    .executeTakeFirst();
  return row?.last ? formatDay(row.last as Date, timeZone) : null;
}
