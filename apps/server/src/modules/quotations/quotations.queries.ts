// Quotations as the list, its files, the show call and the PDF read them. A quotation's status is EXPIRED when it is
// open past its valid-until day, by the shop's calendar: computed here, in one expression, never stored.
import { discountAmount, lineTotal, type QuotationStatus, vatIncluded } from '@duka/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { nameJson } from '../../platform/creator.ts';
import { notFound } from '../../platform/errors.ts';
import { likePattern } from '../../platform/listing.ts';
import { shopDay, withinShopDays } from '../../platform/period.ts';
import { vatRateInForce } from '../settings/business.service.ts';
import { unitWithId } from '../stock/batch-units.ts';

/** The status as read: OPEN past valid_until is EXPIRED. */
const statusOf = (today: string) =>
  sql<QuotationStatus>`CASE WHEN q.status = 'OPEN' AND q.valid_until < ${today}::date THEN 'EXPIRED' ELSE q.status END`;

/** Σ round(quantity × price) of the lines less the discount, as a sale of them would total. */
const totalOf = sql<number>`(SELECT coalesce(sum(round(l.quantity * l.unit_price)), 0)
  FROM quotation_lines l WHERE l.quotation_id = q.id)`;

export interface QuotationFilter {
  search?: string;
  status?: QuotationStatus;
  startDate?: string;
  endDate?: string;
}

export function quotationQuery(db: Database, timeZone: string, filter: QuotationFilter) {
  const today = shopDay(timeZone);
  let q = db
    .selectFrom('quotations as q')
    .leftJoin('users as creator', 'creator.id', 'q.created_by')
    .select([
      'q.id',
      'q.quotation_number',
      'q.customer_id',
      'q.customer_name',
      'q.customer_phone',
      statusOf(today).as('status'),
      sql<string>`to_char(q.valid_until, 'YYYY-MM-DD')`.as('valid_until'),
      sql<number>`(SELECT count(*)::int FROM quotation_lines l WHERE l.quotation_id = q.id)`.as('line_count'),
      // The discount as saleTotals takes it: round(subtotal × percent / 100), half-up.
      sql<number>`(${totalOf} - round(${totalOf} * q.discount_percent / 100))::bigint`.as('total_amount'),
      'q.sale_id',
      nameJson('creator').as('user'),
      'q.created_at',
    ]);
  if (filter.search) {
    const pattern = likePattern(filter.search);
    q = q.where((eb) =>
      eb.or([
        eb('q.quotation_number', 'ilike', pattern),
        eb('q.customer_name', 'ilike', pattern),
        eb('q.customer_phone', 'ilike', pattern),
      ]),
    );
  }
  if (filter.status) q = q.where(statusOf(today), '=', filter.status);
  q = withinShopDays(q, 'q.created_at', filter, timeZone);
  return q.orderBy('q.created_at', 'desc').orderBy('q.id', 'desc');
}

/** One quotation with its lines and totals, VAT at the rate in force as an invoice shows it; 404 when unknown. */
export async function getQuotation(db: Kysely<DB>, timeZone: string, id: number) {
  const quotation = await db
    .selectFrom('quotations as q')
    .leftJoin('customers as c', 'c.id', 'q.customer_id')
    .leftJoin('sales as sa', 'sa.id', 'q.sale_id')
    .leftJoin('users as creator', 'creator.id', 'q.created_by')
    .select([
      'q.id',
      'q.quotation_number',
      statusOf(shopDay(timeZone)).as('status'),
      sql<{ id: number | null; name: string; phone_number: string; customer_number: string | null }>`json_build_object(
        'id', q.customer_id, 'name', q.customer_name, 'phone_number', q.customer_phone,
        'customer_number', c.customer_number)`.as('customer'),
      sql<string>`to_char(q.valid_until, 'YYYY-MM-DD')`.as('valid_until'),
      'q.notes',
      'q.discount_percent',
      'q.cancel_reason',
      sql<{ id: number; receipt_number: number | null } | null>`CASE WHEN sa.id IS NULL THEN NULL
        ELSE json_build_object('id', sa.id, 'receipt_number', sa.receipt_number) END`.as('sale'),
      nameJson('creator').as('user'),
      'q.created_at',
      'q.updated_at',
    ])
    .where('q.id', '=', id)
    .executeTakeFirst();
  if (!quotation) throw notFound('Quotation');
  const lines = await db
    .selectFrom('quotation_lines as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .leftJoin('brands as b', 'b.id', 'l.brand_id')
    .innerJoin('measurements as m', 'm.id', 'l.measurement_id')
    .select([
      'l.id',
      sql<{ id: number; name: string }>`json_build_object('id', p.id, 'name', p.name)`.as('product'),
      sql<{ id: number; name: string } | null>`CASE WHEN b.id IS NULL THEN NULL
        ELSE json_build_object('id', b.id, 'name', b.name) END`.as('brand'),
      unitWithId('m').as('unit'),
      'l.factor',
      'l.quantity',
      'l.unit_price',
    ])
    .where('l.quotation_id', '=', id)
    .orderBy('l.id')
    .execute();
  const shown = lines.map((l) => ({ ...l, line_total: lineTotal(l.quantity, l.unit_price) }));
  const subtotal = shown.reduce((sum, l) => sum + l.line_total, 0);
  const discount_percent = Number(quotation.discount_percent);
  const discount = discountAmount(subtotal, discount_percent);
  const total = subtotal - discount;
  const vatRate = await vatRateInForce(db);
  return {
    ...quotation,
    discount_percent,
    lines: shown,
    subtotal,
    discount_amount: discount,
    total_amount: total,
    vat_rate: vatRate,
    vat_amount: vatIncluded(total, vatRate),
  };
}
