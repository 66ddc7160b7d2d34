// Sale lines of a period for the four sales reports, and their totals as aggregate queries. A line's amount is its
// total less its stored share of the sale's discount, so a period's lines add up to its sales' totals exactly.
// A return (issue 13) counts on the day it happens, never rewriting the sale's day: each returned line is a negative
// row on the return's day carrying the return's number, its amount minus the refund, so the rows of a period add up
// to the revenue report's net revenue for the same days.
import { formatDay } from '@duka/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { nameJson } from '../../platform/creator.ts';
import { matchesSearch } from '../../platform/listing.ts';
import type { Period } from '../../platform/period.ts';
import { totalRevenue } from './financial-reports.queries.ts';

const SEARCHED = ['p.name', 'b.name', 's.batch_number', 'sa.sale_number'];

/** Sale lines with their sale and catalogue names, searched; a returned line goes back to the batch it came from. */
function catalogued(db: Database, search: string | undefined) {
  const q = db
    .selectFrom('sale_items as i')
    .innerJoin('sales as sa', 'sa.id', 'i.sale_id')
    .innerJoin('stock_batches as s', 's.id', 'i.batch_id')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .innerJoin('brands as b', 'b.id', 'i.brand_id')
    .innerJoin('measurements as m', 'm.id', 'i.measurement_id');
  return search ? q.where((eb) => matchesSearch(eb, SEARCHED, search)) : q;
}

const soldLinesOf = (db: Database, period: Period, search: string | undefined) =>
  catalogued(db, search).where('sa.created_at', '>=', period.from).where('sa.created_at', '<', period.until);

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

/** Sold lines, then returned lines as negative rows (id −return line id, so keys never collide), newest first. */
export function saleLineRows(db: Database, period: Period, search: string | undefined) {
  const sold = soldLinesOf(db, period, search)
    .leftJoin('users as u', 'u.id', 'sa.created_by')
    .select([
      'i.id',
      nameJson('p').as('product'),
      nameJson('b').as('brand'),
      nameJson('m').as('measurement'),
      's.batch_number',
      'i.quantity',
      'i.unit_price',
      saleOf,
      'i.total_price',
      'i.discount_amount',
      sql<number>`i.total_price - i.discount_amount`.as('total_amount'),
      sql<number | null>`NULL::integer`.as('return_number'),
      nameJson('u').as('user'),
      'sa.created_at',
    ]);
  // What the line was charged for that quantity before the discount, and what its refund gave back after it.
  const charged = sql<number>`round(ri.quantity * i.unit_price)::bigint`;
  const returned = returnedLinesOf(db, period, search)
    .leftJoin('users as u', 'u.id', 'r.created_by')
    .select([
      sql<number>`-ri.id`.as('id'),
      nameJson('p').as('product'),
      nameJson('b').as('brand'),
      nameJson('m').as('measurement'),
      's.batch_number',
      sql<number>`-ri.quantity`.as('quantity'),
      'i.unit_price',
      saleOf,
      sql<number>`-${charged}`.as('total_price'),
      sql<number>`-(${charged} - ri.refund_amount)`.as('discount_amount'),
      sql<number>`-ri.refund_amount`.as('total_amount'),
      'r.return_number',
      nameJson('u').as('user'),
      'r.created_at',
    ]);
  return db
    .selectFrom(sold.unionAll(returned).as('l'))
    .selectAll()
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc');
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
