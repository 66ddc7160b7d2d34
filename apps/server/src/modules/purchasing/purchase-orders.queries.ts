// Purchase orders as the list, its files, the show call and the PDF read them, and the reorder suggestions. An order's
// value is always Σ round(quantity × unit cost) of its lines (lineTotal's half-up rounding, in SQL's round()).
import { lineTotal, type PurchaseOrderStatus } from '@duka/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { nameJson } from '../../platform/creator.ts';
import { notFound } from '../../platform/errors.ts';
import { likePattern } from '../../platform/listing.ts';
import { addDays, shopDay, startOfShopDay, withinShopDays } from '../../platform/period.ts';
import { unitWithId } from '../stock/batch-units.ts';
import { supplierContactJson } from './goods-received.queries.ts';

/** Quantities are kept to 3 decimals; subtracting them as floats must not leave 0.30000000000000004 behind. */
export const roundQuantity = (n: number) => Math.round(n * 1000) / 1000;

const orderTotal = sql<number>`(SELECT coalesce(sum(round(l.quantity * l.unit_cost)), 0)::bigint
  FROM purchase_order_lines l WHERE l.purchase_order_id = po.id)`;

export interface PurchaseOrderFilter {
  search?: string;
  status?: PurchaseOrderStatus;
  startDate?: string;
  endDate?: string;
}

/** The orders, newest first: searched by number or supplier name, filtered by status and the shop days made on. */
export function purchaseOrderQuery(db: Database, timeZone: string, filter: PurchaseOrderFilter) {
  let q = db
    .selectFrom('purchase_orders as po')
    .innerJoin('suppliers as s', 's.id', 'po.supplier_id')
    .leftJoin('users as creator', 'creator.id', 'po.created_by')
    .select([
      'po.id',
      'po.po_number',
      'po.supplier_id',
      's.name as supplier_name',
      'po.status',
      'po.expected_date',
      sql<number>`(SELECT count(*)::int FROM purchase_order_lines l WHERE l.purchase_order_id = po.id)`.as(
        'line_count',
      ),
      orderTotal.as('total_amount'),
      nameJson('creator').as('user'),
      'po.created_at',
    ]);
  if (filter.search) {
    const pattern = likePattern(filter.search);
    q = q.where((eb) => eb.or([eb('po.po_number', 'ilike', pattern), eb('s.name', 'ilike', pattern)]));
  }
  if (filter.status) q = q.where('po.status', '=', filter.status);
  q = withinShopDays(q, 'po.created_at', filter, timeZone);
  return q.orderBy('po.created_at', 'desc').orderBy('po.id', 'desc');
}

/** One order with its supplier and lines (ordered, received and remaining in the unit ordered); 404 when unknown. */
export async function getPurchaseOrder(db: Database, id: number) {
  const order = await db
    .selectFrom('purchase_orders as po')
    .innerJoin('suppliers as s', 's.id', 'po.supplier_id')
    .leftJoin('users as creator', 'creator.id', 'po.created_by')
    .select([
      'po.id',
      'po.po_number',
      'po.status',
      'po.expected_date',
      'po.notes',
      'po.cancel_reason',
      'po.created_at',
      'po.updated_at',
      'po.cancelled_at',
      supplierContactJson.as('supplier'),
      nameJson('creator').as('user'),
    ])
    .where('po.id', '=', id)
    .executeTakeFirst();
  if (!order) throw notFound('Purchase order');
  const lines = await db
    .selectFrom('purchase_order_lines as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .leftJoin('brands as b', 'b.id', 'l.brand_id')
    .innerJoin('measurements as m', 'm.id', 'l.measurement_id')
    // The base a line's factor counts: the product's declared base, else the unit ordered itself (factor 1).
    .innerJoin('measurements as base', (join) =>
      join.on('base.id', '=', sql<number>`coalesce(p.base_measurement_id, l.measurement_id)`),
    )
    .select([
      'l.id',
      sql<{ id: number; name: string }>`json_build_object('id', p.id, 'name', p.name)`.as('product'),
      sql<{ id: number; name: string } | null>`CASE WHEN b.id IS NULL THEN NULL
        ELSE json_build_object('id', b.id, 'name', b.name) END`.as('brand'),
      unitWithId('m').as('unit'),
      'l.factor',
      unitWithId('base').as('base_unit'),
      'l.quantity',
      'l.received_quantity',
      'l.unit_cost',
    ])
    .where('l.purchase_order_id', '=', id)
    .orderBy('l.id')
    .execute();
  const shown = lines.map(({ quantity, received_quantity, ...line }) => ({
    ...line,
    ordered: quantity,
    received: received_quantity,
    remaining: roundQuantity(quantity - received_quantity),
    line_total: lineTotal(quantity, line.unit_cost),
  }));
  return { ...order, lines: shown, total_amount: shown.reduce((sum, l) => sum + l.line_total, 0) };
}

/** Days of sales a suggestion covers, today included. */
export const SUGGESTION_DAYS = 30;

/**
 * The products whose newest live batch came from `supplierId` and whose live balance (every batch) is at or below
 * that batch's minimum level, in base units: what to order is the last 30 shop days' sales plus the minimum less the
 * balance, never below 0.
 */
export async function reorderSuggestions(db: Database, timeZone: string, supplierId: number) {
  const since = startOfShopDay(addDays(shopDay(timeZone), -(SUGGESTION_DAYS - 1)), timeZone);
  const { rows } = await sql<{
    product_id: number;
    product_name: string;
    brand: { id: number; name: string } | null;
    base_unit: { id: number; name: string; plural: string | null };
    balance: number;
    min_stock_level: number;
    sold_30_days: number;
    last_unit_cost: number;
  }>`
    WITH newest AS (
      SELECT DISTINCT ON (b.product_id) b.product_id, b.supplier_id, b.brand_id, b.measurement_id,
             b.min_stock_level, b.unit_price
        FROM stock_batches b
       WHERE b.deleted_at IS NULL
       ORDER BY b.product_id, b.stock_date DESC, b.created_at DESC, b.id DESC
    )
    SELECT n.product_id, p.name AS product_name,
           CASE WHEN br.id IS NULL THEN NULL ELSE json_build_object('id', br.id, 'name', br.name) END AS brand,
           json_build_object('id', m.id, 'name', m.name, 'plural', m.plural) AS base_unit,
           live.balance, n.min_stock_level,
           coalesce(sold.quantity, 0) AS sold_30_days,
           n.unit_price AS last_unit_cost
      FROM newest n
      JOIN products p ON p.id = n.product_id AND p.deleted_at IS NULL
      JOIN measurements m ON m.id = n.measurement_id
      LEFT JOIN brands br ON br.id = n.brand_id
      CROSS JOIN LATERAL (
        SELECT sum(b.balance) AS balance FROM stock_batches b
         WHERE b.product_id = n.product_id AND b.deleted_at IS NULL) live
      LEFT JOIN LATERAL (
        SELECT sum(i.quantity) AS quantity FROM sale_items i
         WHERE i.product_id = n.product_id AND i.created_at >= ${since}) sold ON true
     WHERE n.supplier_id = ${supplierId} AND live.balance <= n.min_stock_level
     ORDER BY p.name, n.product_id`.execute(db);
  return rows.map((row) => ({
    ...row,
    suggested_quantity: Math.max(0, roundQuantity(row.sold_30_days + row.min_stock_level - row.balance)),
  }));
}
