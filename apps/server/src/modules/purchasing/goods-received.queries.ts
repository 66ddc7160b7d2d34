// Goods received as the list, its files, the show call and the PDF read them.
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { nameJson } from '../../platform/creator.ts';
import { notFound } from '../../platform/errors.ts';
import { likePattern } from '../../platform/listing.ts';
import { unitWithId } from '../stock/batch-units.ts';

export interface GoodsReceivedFilter {
  search?: string;
  startDate?: string;
  endDate?: string;
}

/** The supplier's contact as the show call and the PDFs give it. */
export const supplierContactJson = sql<{
  id: number;
  name: string;
  phone_number: string;
  email: string;
  address: string;
  tin: string;
}>`json_build_object('id', s.id, 'name', s.name, 'phone_number', s.phone_number, 'email', s.email,
  'address', s.address, 'tin', s.tin)`;

/** Goods received, newest first: searched by GRN, order or invoice number or supplier, by the day they came in. */
export function goodsReceivedQuery(db: Database, filter: GoodsReceivedFilter) {
  let q = db
    .selectFrom('goods_receipts as g')
    .innerJoin('suppliers as s', 's.id', 'g.supplier_id')
    .leftJoin('purchase_orders as po', 'po.id', 'g.purchase_order_id')
    .leftJoin('users as creator', 'creator.id', 'g.created_by')
    .select([
      'g.id',
      'g.grn_number',
      'g.supplier_id',
      's.name as supplier_name',
      'g.purchase_order_id',
      'po.po_number',
      sql<string>`to_char(g.received_date, 'YYYY-MM-DD')`.as('received_date'),
      'g.supplier_invoice_number',
      'g.payment',
      sql<number>`(SELECT count(*)::int FROM goods_receipt_lines l WHERE l.goods_receipt_id = g.id)`.as('line_count'),
      'g.goods_value',
      'g.landed_costs',
      'g.amount_due',
      nameJson('creator').as('user'),
      'g.created_at',
    ]);
  if (filter.search) {
    const pattern = likePattern(filter.search);
    q = q.where((eb) =>
      eb.or([
        eb('g.grn_number', 'ilike', pattern),
        eb('po.po_number', 'ilike', pattern),
        eb('g.supplier_invoice_number', 'ilike', pattern),
        eb('s.name', 'ilike', pattern),
      ]),
    );
  }
  if (filter.startDate) q = q.where('g.received_date', '>=', filter.startDate);
  if (filter.endDate) q = q.where('g.received_date', '<=', filter.endDate);
  return q.orderBy('g.received_date', 'desc').orderBy('g.id', 'desc');
}

/** One receipt with its supplier, order, lines and batches; 404 when unknown. */
export async function getGoodsReceived(db: Database, id: number) {
  const receipt = await db
    .selectFrom('goods_receipts as g')
    .innerJoin('suppliers as s', 's.id', 'g.supplier_id')
    .leftJoin('purchase_orders as po', 'po.id', 'g.purchase_order_id')
    .leftJoin('users as creator', 'creator.id', 'g.created_by')
    .select([
      'g.id',
      'g.grn_number',
      supplierContactJson.as('supplier'),
      sql<{ id: number; po_number: string } | null>`CASE WHEN po.id IS NULL THEN NULL
        ELSE json_build_object('id', po.id, 'po_number', po.po_number) END`.as('purchase_order'),
      sql<string>`to_char(g.received_date, 'YYYY-MM-DD')`.as('received_date'),
      'g.supplier_invoice_number',
      'g.payment',
      'g.payment_method',
      'g.payment_reference',
      'g.landed_costs',
      'g.landed_costs_method',
      'g.goods_value',
      'g.amount_due',
      nameJson('creator').as('user'),
      'g.created_at',
    ])
    .where('g.id', '=', id)
    .executeTakeFirst();
  if (!receipt) throw notFound('Goods received');
  const lines = await db
    .selectFrom('goods_receipt_lines as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .leftJoin('brands as b', 'b.id', 'l.brand_id')
    .innerJoin('measurements as m', 'm.id', 'l.measurement_id')
    .innerJoin('stock_batches as sb', 'sb.id', 'l.stock_batch_id')
    .innerJoin('measurements as base', 'base.id', 'sb.measurement_id')
    .select([
      'l.id',
      'l.purchase_order_line_id',
      sql<{ id: number; name: string }>`json_build_object('id', p.id, 'name', p.name)`.as('product'),
      sql<{ id: number; name: string } | null>`CASE WHEN b.id IS NULL THEN NULL
        ELSE json_build_object('id', b.id, 'name', b.name) END`.as('brand'),
      unitWithId('m').as('unit'),
      'l.factor',
      unitWithId('base').as('base_unit'),
      'l.quantity',
      'l.unit_cost',
      'l.sale_price',
      'l.line_value',
      'l.landed_cost',
      sql<{ id: number; batch_number: string; total_cost: number }>`json_build_object(
        'id', sb.id, 'batch_number', sb.batch_number, 'total_cost', sb.total_cost)`.as('batch'),
    ])
    .where('l.goods_receipt_id', '=', id)
    .orderBy('l.id')
    .execute();
  return { ...receipt, lines };
}
