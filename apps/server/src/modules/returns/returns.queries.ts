// Reads of returns: the list (paged, period, search by return, sale or reference), one return with its
// lines, and the export columns.
import { formatDay, paymentLabel } from '@duka/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { nameJson } from '../../platform/creator.ts';
import { notFound } from '../../platform/errors.ts';
import type { ExportColumn } from '../../platform/exports.ts';
import { matchesSearch } from '../../platform/listing.ts';
import { withinShopDays } from '../../platform/period.ts';
import { saleLines } from '../sales/sales.queries.ts';

export interface ReturnsFilter {
  search?: string;
  startDate?: string;
  endDate?: string;
}

export function returnsQuery(db: Database, timeZone: string, filter: ReturnsFilter) {
  let q = db
    .selectFrom('sale_returns as r')
    .innerJoin('sales as sa', 'sa.id', 'r.sale_id')
    .leftJoin('users as creator', 'creator.id', 'r.created_by')
    .select([
      'r.id',
      'r.return_number',
      'r.sale_id',
      'sa.sale_number',
      'sa.receipt_number',
      'sa.customer_name',
      'r.reason',
      'r.refund_method',
      'r.refund_reference',
      'r.refund_amount',
      'r.credited_amount',
      'r.vat_amount',
      'r.created_at',
      nameJson('creator').as('user'),
    ]);
  q = withinShopDays(q, 'r.created_at', filter, timeZone);
  const search = filter.search;
  if (search)
    q = q.where((eb) =>
      eb.or([
        matchesSearch(eb, ['sa.sale_number', 'sa.customer_name', 'r.refund_reference'], search),
        eb(sql<string>`r.return_number::text`, '=', search.trim()),
      ]),
    );
  return q.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc');
}
export type ReturnRow = Awaited<ReturnType<ReturnType<typeof returnsQuery>['execute']>>[number];

export async function getReturn(db: Database, timeZone: string, id: number) {
  const found = await returnsQuery(db, timeZone, {}).where('r.id', '=', id).executeTakeFirst();
  if (!found) throw notFound('Return');
  // A returned quantity goes back into its sale line's batch (ri.batch_id is the line's), so the line's names serve.
  const items = await saleLines(db)
    .innerJoin('sale_return_items as ri', 'ri.sale_item_id', 'i.id')
    // The quantity in the unit the line was sold in, its base quantity beside it.
    .select([
      'ri.id',
      'ri.sale_item_id',
      sql<number>`coalesce(ri.sold_quantity, ri.quantity)`.as('quantity'),
      'ri.quantity as base_quantity',
      'ri.refund_amount',
    ])
    .where('ri.return_id', '=', id)
    .orderBy('ri.id')
    .execute();
  return { ...found, items };
}

export async function totalRefunds(db: Database, timeZone: string, filter: ReturnsFilter): Promise<number> {
  const row = await returnsQuery(db, timeZone, filter)
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`coalesce(sum(r.refund_amount), 0)::bigint`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export const returnExportColumns = (timeZone: string): ExportColumn<ReturnRow>[] => [
  { header: 'Return Number', value: (r) => r.return_number },
  { header: 'Sale Number', value: (r) => r.sale_number, width: 20 },
  { header: 'Receipt Number', value: (r) => r.receipt_number },
  { header: 'Customer Name', value: (r) => r.customer_name, width: 22 },
  { header: 'Reason', value: (r) => r.reason, width: 30 },
  { header: 'Refund Method', value: (r) => paymentLabel(r.refund_method), width: 16 },
  { header: 'Refund Reference', value: (r) => r.refund_reference ?? '', width: 20 },
  // The goods' value comes off the sales; of it, what the customer owed on the sale came off their account and only
  // the rest was handed back.
  { header: 'Returned Value', value: (r) => r.refund_amount, width: 14 },
  { header: 'Credited to Account', value: (r) => r.credited_amount, width: 14 },
  { header: 'Refunded', value: (r) => r.refund_amount - r.credited_amount, width: 14 },
  { header: 'Created By', value: (r) => r.user?.name ?? 'N/A', width: 18 },
  { header: 'Date', value: (r) => formatDay(r.created_at, timeZone), date: true },
];
