// What goods received bring to an order: a line's received quantity, in the unit ordered, and the order's status.
// Called inside the receipt's transaction, so the stock batch, the line and the status commit together or not at all.
import { quantityWithUnit } from '@duka/shared';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { invalidField } from '../../platform/errors.ts';
import { roundQuantity } from './purchase-orders.queries.ts';
import { lockOrder } from './purchase-orders.service.ts';

type Trx = Transaction<DB>;

/**
 * Adds `quantity` (in the line's unit) to what came in on order line `lineId`. The order's row is locked first, so two
 * receipts against one order count one after the other; more than remains is refused on `field` naming what remains,
 * and a cancelled order takes nothing. Answers the order's status after it: PARTLY_RECEIVED, or RECEIVED once every
 * line came in full.
 */
export async function recordReceived(trx: Trx, lineId: number, quantity: number, field = 'quantity') {
  if (!(quantity > 0)) throw invalidField(field, 'Quantity must be above 0.');
  const owner = await trx
    .selectFrom('purchase_order_lines')
    .select('purchase_order_id')
    .where('id', '=', lineId)
    .executeTakeFirst();
  if (!owner) throw invalidField('purchase_order_line_id', 'The order line was not found.');
  const order = await lockOrder(trx, owner.purchase_order_id);
  if (order.status === 'CANCELLED')
    throw invalidField(field, `${order.po_number} was cancelled; nothing more can be received against it.`);
  const line = await trx
    .selectFrom('purchase_order_lines as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .innerJoin('measurements as m', 'm.id', 'l.measurement_id')
    .select(['l.quantity', 'l.received_quantity', 'p.name', 'm.name as unit', 'm.plural'])
    .where('l.id', '=', lineId)
    .executeTakeFirstOrThrow();
  const remaining = roundQuantity(line.quantity - line.received_quantity);
  if (quantity > remaining) {
    const left = quantityWithUnit(remaining, { name: line.unit, plural: line.plural });
    throw invalidField(
      field,
      remaining > 0
        ? `Only ${left} of ${line.name} remain on ${order.po_number}.`
        : `Nothing of ${line.name} remains on ${order.po_number}: it came in full.`,
    );
  }
  await trx
    .updateTable('purchase_order_lines')
    .set({ received_quantity: sql`received_quantity + ${quantity}` })
    .where('id', '=', lineId)
    .execute();
  const { rows } = await sql<{ status: 'PARTLY_RECEIVED' | 'RECEIVED' }>`
    UPDATE purchase_orders po
       SET status = CASE WHEN NOT EXISTS (SELECT 1 FROM purchase_order_lines l
                                           WHERE l.purchase_order_id = po.id AND l.received_quantity < l.quantity)
                         THEN 'RECEIVED' ELSE 'PARTLY_RECEIVED' END,
           updated_at = now()
     WHERE po.id = ${order.id}
    RETURNING po.status`.execute(trx);
  return {
    po_number: order.po_number,
    status: rows[0]?.status ?? 'PARTLY_RECEIVED',
    remaining: roundQuantity(remaining - quantity),
  };
}
