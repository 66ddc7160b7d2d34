// A delivery note: goods of a sale made to be collected later leave the yard on one trip. The sale's row is locked
// (as a return locks it), so two trips and a return of the same sale count one after the other and never take a
// line below nothing left to collect.
import { type DeliveryNoteInput, quantityWithUnit } from '@duka/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { type RequestContext, writeAudit } from '../../platform/audit.ts';
import { nextDocumentNumber } from '../../platform/counters.ts';
import { invalidField } from '../../platform/errors.ts';
import { roundQuantity } from '../stock/stock.service.ts';
import { saleLineStates } from './deliveries.queries.ts';

export const DELIVERY_AUDIT_TYPE = 'Delivery note';

export function createDeliveryNote(db: Database, input: DeliveryNoteInput, ctx: RequestContext) {
  return db.transaction().execute(async (trx) => {
    const sale = await trx
      .selectFrom('sales')
      .select(['id', 'receipt_number', 'customer_name', 'deliver_later'])
      .where('id', '=', input.sale_id)
      .forUpdate()
      .executeTakeFirst();
    if (!sale) throw invalidField('sale_id', 'The sale was not found.');
    if (!sale.deliver_later)
      throw invalidField(
        'sale_id',
        `Receipt ${sale.receipt_number} was not sold for collection later: its goods left with the customer.`,
      );
    const states = new Map((await saleLineStates(trx, sale.id)).map((s) => [s.sale_item_id, s]));
    const asked = new Map<number, number>();
    for (const [i, line] of input.lines.entries()) {
      const state = states.get(line.sale_item_id);
      if (!state) throw invalidField(`lines.${i}.sale_item_id`, `The line is not on receipt ${sale.receipt_number}.`);
      const total = roundQuantity((asked.get(line.sale_item_id) ?? 0) + line.quantity);
      if (total > state.remaining)
        throw invalidField(
          `lines.${i}.quantity`,
          state.remaining > 0
            ? `Only ${quantityWithUnit(state.remaining, state.unit)} of ${state.product_name} remain to collect.`
            : `Nothing of ${state.product_name} remains to collect.`,
        );
      asked.set(line.sale_item_id, total);
    }
    const delivery_number = await nextDocumentNumber(trx, 'delivery_note', 'DN-');
    const note = await trx
      .insertInto('delivery_notes')
      .values({
        delivery_number,
        sale_id: sale.id,
        vehicle: input.vehicle ?? null,
        driver: input.driver ?? null,
        received_by: input.received_by ?? null,
        created_by: ctx.userId,
      })
      .returning(['id', 'delivery_number'])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('delivery_note_lines')
      .values(
        input.lines.map((l) => ({ delivery_note_id: note.id, sale_item_id: l.sale_item_id, quantity: l.quantity })),
      )
      .execute();
    for (const [itemId, quantity] of asked)
      await trx
        .updateTable('sale_items')
        .set({ delivered_quantity: sql`delivered_quantity + ${quantity}` })
        .where('id', '=', itemId)
        .execute();
    const words = [...asked].map(([itemId, q]) => {
      const state = states.get(itemId);
      return state ? `${quantityWithUnit(q, state.unit)} of ${state.product_name}` : '';
    });
    await writeAudit(trx, ctx, {
      type: DELIVERY_AUDIT_TYPE,
      activity: 'Create',
      details: `Delivery ${delivery_number} of receipt ${sale.receipt_number} to ${sale.customer_name}: ${words.join(', ')}${input.vehicle ? ` on ${input.vehicle}` : ''}`,
    });
    return note;
  });
}
