// Goods sold to be collected later: what each sale line still has in the yard, the delivery notes of the trips, and
// the awaiting-delivery report. In the unit sold, a line's remaining = sold − returned − delivered, never below 0:
// goods brought back are taken off what remains to collect first (they never left the yard).
import { NO_BRAND } from '@duka/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { nameJson } from '../../platform/creator.ts';
import { notFound } from '../../platform/errors.ts';
import { likePattern } from '../../platform/listing.ts';
import { withinShopDays } from '../../platform/period.ts';

/** A sale line's figures in the unit sold, for the sale items `i` (LATERAL-joined per row). */
export const lineState = sql`
  coalesce(i.sold_quantity, i.quantity)::float8 AS sold,
  coalesce((SELECT sum(coalesce(ri.sold_quantity, ri.quantity)) FROM sale_return_items ri
             WHERE ri.sale_item_id = i.id), 0)::float8 AS returned,
  i.delivered_quantity::float8 AS delivered`;

/** What remains to collect of the sale items `i` in the unit sold. */
export const remainingOf = sql<number>`greatest(coalesce(i.sold_quantity, i.quantity)
  - coalesce((SELECT sum(coalesce(ri.sold_quantity, ri.quantity)) FROM sale_return_items ri
               WHERE ri.sale_item_id = i.id), 0)
  - i.delivered_quantity, 0)`;

interface LineState {
  sale_item_id: number;
  product_name: string;
  brand_name: string;
  unit: { id: number; name: string; plural: string | null };
  sold: number;
  returned: number;
  delivered: number;
  remaining: number;
}

/** Each line of a sale with what was sold, returned, delivered and what remains to collect. */
export async function saleLineStates(db: Kysely<DB>, saleId: number): Promise<LineState[]> {
  const { rows } = await sql<LineState>`
    SELECT i.id AS sale_item_id, p.name AS product_name, coalesce(b.name, ${NO_BRAND}::text) AS brand_name,
           json_build_object('id', m.id, 'name', m.name, 'plural', m.plural) AS unit,
           ${lineState}, ${remainingOf}::float8 AS remaining
      FROM sale_items i
      JOIN products p ON p.id = i.product_id
      LEFT JOIN brands b ON b.id = i.brand_id
      JOIN measurements m ON m.id = coalesce(i.sold_measurement_id, i.measurement_id)
     WHERE i.sale_id = ${saleId}
     ORDER BY i.id`.execute(db);
  return rows;
}

/** A sale as the delivery note screen reads it; 404 when unknown. */
export async function saleDeliveries(db: Database, saleId: number) {
  const sale = await db
    .selectFrom('sales')
    .select(['id as sale_id', 'receipt_number', 'customer_name', 'customer_phone', 'deliver_later'])
    .where('id', '=', saleId)
    .executeTakeFirst();
  if (!sale) throw notFound('Sale');
  const notes = await db
    .selectFrom('delivery_notes')
    .select(['id', 'delivery_number', 'created_at'])
    .where('sale_id', '=', saleId)
    .orderBy('id')
    .execute();
  return { ...sale, lines: await saleLineStates(db, saleId), notes };
}

export interface DeliveryNoteFilter {
  search?: string;
  startDate?: string;
  endDate?: string;
}

export function deliveryNoteQuery(db: Database, timeZone: string, filter: DeliveryNoteFilter) {
  let q = db
    .selectFrom('delivery_notes as d')
    .innerJoin('sales as sa', 'sa.id', 'd.sale_id')
    .leftJoin('users as creator', 'creator.id', 'd.created_by')
    .select([
      'd.id',
      'd.delivery_number',
      'd.sale_id',
      'sa.receipt_number',
      'sa.customer_name',
      'd.vehicle',
      'd.driver',
      'd.received_by',
      sql<number>`(SELECT count(*)::int FROM delivery_note_lines l WHERE l.delivery_note_id = d.id)`.as('line_count'),
      nameJson('creator').as('user'),
      'd.created_at',
    ]);
  if (filter.search) {
    const pattern = likePattern(filter.search);
    q = q.where((eb) =>
      eb.or([
        eb('d.delivery_number', 'ilike', pattern),
        eb(sql<string>`sa.receipt_number::text`, 'ilike', pattern),
        eb('sa.customer_name', 'ilike', pattern),
        eb('d.vehicle', 'ilike', pattern),
      ]),
    );
  }
  q = withinShopDays(q, 'd.created_at', filter, timeZone);
  return q.orderBy('d.created_at', 'desc').orderBy('d.id', 'desc');
}

/** One delivery note: what left on the trip and what remained of each line right after it; 404 when unknown. */
export async function getDeliveryNote(db: Database, id: number) {
  const note = await db
    .selectFrom('delivery_notes as d')
    .innerJoin('sales as sa', 'sa.id', 'd.sale_id')
    .leftJoin('users as creator', 'creator.id', 'd.created_by')
    .select([
      'd.id',
      'd.delivery_number',
      'd.sale_id',
      'sa.receipt_number',
      'sa.customer_name',
      'sa.customer_phone',
      'd.vehicle',
      'd.driver',
      'd.received_by',
      nameJson('creator').as('user'),
      'd.created_at',
    ])
    .where('d.id', '=', id)
    .executeTakeFirst();
  if (!note) throw notFound('Delivery note');
  // Remaining after this trip: sold − returned − what this note and the earlier ones delivered.
  const { rows } = await sql<{
    sale_item_id: number;
    product_name: string;
    brand_name: string;
    unit: { id: number; name: string; plural: string | null };
    quantity: number;
    remaining_after: number;
  }>`
    SELECT i.id AS sale_item_id, p.name AS product_name, coalesce(b.name, ${NO_BRAND}::text) AS brand_name,
           json_build_object('id', m.id, 'name', m.name, 'plural', m.plural) AS unit,
           dl.quantity::float8 AS quantity,
           greatest(coalesce(i.sold_quantity, i.quantity)
             - coalesce((SELECT sum(coalesce(ri.sold_quantity, ri.quantity)) FROM sale_return_items ri
                          WHERE ri.sale_item_id = i.id), 0)
             - (SELECT sum(e.quantity) FROM delivery_note_lines e
                 WHERE e.sale_item_id = i.id AND e.delivery_note_id <= ${id}), 0)::float8 AS remaining_after
      FROM delivery_note_lines dl
      JOIN sale_items i ON i.id = dl.sale_item_id
      JOIN products p ON p.id = i.product_id
      LEFT JOIN brands b ON b.id = i.brand_id
      JOIN measurements m ON m.id = coalesce(i.sold_measurement_id, i.measurement_id)
     WHERE dl.delivery_note_id = ${id}
     ORDER BY dl.id`.execute(db);
  return { ...note, lines: rows };
}

/** Sold lines still waiting in the yard, oldest sale first: searched by receipt, customer, phone or product. */
export function awaitingDeliveryQuery(db: Database, timeZone: string, search: string | undefined) {
  let q = db
    .selectFrom('sales as sa')
    .innerJoin('sale_items as i', 'i.sale_id', 'sa.id')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .leftJoin('brands as b', 'b.id', 'i.brand_id')
    .innerJoin('measurements as m', (join) =>
      join.on('m.id', '=', sql<number>`coalesce(i.sold_measurement_id, i.measurement_id)`),
    )
    .where('sa.deliver_later', '=', true)
    .where(remainingOf, '>', 0)
    .select([
      'sa.id as sale_id',
      'i.id as sale_item_id',
      'sa.receipt_number',
      'sa.customer_name',
      'sa.customer_phone',
      'p.name as product_name',
      sql<string>`coalesce(b.name, ${NO_BRAND}::text)`.as('brand_name'),
      'm.name as unit',
      sql<number>`coalesce(i.sold_quantity, i.quantity)::float8`.as('sold'),
      sql<number>`coalesce((SELECT sum(coalesce(ri.sold_quantity, ri.quantity)) FROM sale_return_items ri
        WHERE ri.sale_item_id = i.id), 0)::float8`.as('returned'),
      sql<number>`i.delivered_quantity::float8`.as('delivered'),
      sql<number>`${remainingOf}::float8`.as('remaining'),
      sql<number>`(now() AT TIME ZONE ${timeZone})::date - (sa.created_at AT TIME ZONE ${timeZone})::date`.as(
        'days_waiting',
      ),
      'sa.created_at as sold_at',
    ]);
  if (search) {
    const pattern = likePattern(search);
    q = q.where((eb) =>
      eb.or([
        eb(sql<string>`sa.receipt_number::text`, 'ilike', pattern),
        eb('sa.customer_name', 'ilike', pattern),
        eb('sa.customer_phone', 'ilike', pattern),
        eb('p.name', 'ilike', pattern),
      ]),
    );
  }
  return q.orderBy('sa.created_at').orderBy('i.id');
}

/** Base units sold from the batch `batchId` (a column) still in the yard: the stock levels' Sold in Yard column. */
export const inYardOf = (batchId: string) => sql<number>`coalesce((
  SELECT sum(${remainingOf} * i.factor) FROM sale_items i
   WHERE i.batch_id = ${sql.ref(batchId)} AND i.deliver_later), 0)::float8`;
