// Sale lines of a period for the four sales reports, and their totals as aggregate queries. A line's amount is its
// total less its stored share of the sale's discount, so a period's lines add up to its sales' totals exactly.
import { formatDay } from '@duka/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { nameJson } from '../../platform/creator.ts';
import { matchesSearch } from '../../platform/listing.ts';
import type { Period } from '../../platform/period.ts';

const SEARCHED = ['p.name', 'b.name', 's.batch_number', 'sa.sale_number'];

function linesOf(db: Database, period: Period, search: string | undefined) {
  const q = db
    .selectFrom('sale_items as i')
    .innerJoin('sales as sa', 'sa.id', 'i.sale_id')
    .innerJoin('stock_batches as s', 's.id', 'i.batch_id')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .innerJoin('brands as b', 'b.id', 'i.brand_id')
    .innerJoin('measurements as m', 'm.id', 'i.measurement_id')
    .where('sa.created_at', '>=', period.from)
    .where('sa.created_at', '<', period.until);
  return search ? q.where((eb) => matchesSearch(eb, SEARCHED, search)) : q;
}

export const saleLineRows = (db: Database, period: Period, search: string | undefined) =>
  linesOf(db, period, search)
    .leftJoin('users as u', 'u.id', 'sa.created_by')
    .select([
      'i.id',
      nameJson('p').as('product'),
      nameJson('b').as('brand'),
      nameJson('m').as('measurement'),
      's.batch_number',
      'i.quantity',
      'i.unit_price',
      sql<{
        discount: number;
        sale_number: string;
      }>`json_build_object('discount', sa.discount_percent, 'sale_number', sa.sale_number)`.as('sale'),
      'i.total_price',
      'i.discount_amount',
      sql<number>`i.total_price - i.discount_amount`.as('total_amount'),
      nameJson('u').as('user'),
      'sa.created_at',
    ])
    .orderBy('sa.created_at', 'desc')
    .orderBy('i.id', 'desc');

/** Σ line amounts over the period (and the search): the report's total_sales. */
export async function totalSales(db: Database, period: Period, search: string | undefined): Promise<number> {
  // Without a search the catalogue joins are not needed: the sum reads only sales and their lines.
  const lines = search
    ? linesOf(db, period, search)
    : db
        .selectFrom('sale_items as i')
        .innerJoin('sales as sa', 'sa.id', 'i.sale_id')
        .where('sa.created_at', '>=', period.from)
        .where('sa.created_at', '<', period.until);
  const row = await lines
    .select(sql<number>`coalesce(sum(i.total_price - i.discount_amount), 0)::bigint`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
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
