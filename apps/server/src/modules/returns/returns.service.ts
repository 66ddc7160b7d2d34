// Returns: goods brought back against a sale, never an edit of it. In one transaction: the sale and its
// lines locked (two returns of one line wait for each other, so together they never exceed what was sold), each
// quantity back into the batch it came from, the refund recorded under the next return number, and the audit row.
// A quantity is asked in the unit its line was sold in (half a Tonne); what goes back into the batch is that times the
// line's factor, in the batch's base unit (10 Bags).
import {
  countOf,
  DEFAULT_SALES_RETURN_DAYS,
  formatDay,
  formatQuantity,
  inexactQuantity,
  quantityWithUnit,
  type SaleReturnInput,
  toBaseQuantity,
  vatIncluded,
} from '@duka/shared';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { type RequestContext, writeAudit } from '../../platform/audit.ts';
import { nextNumber } from '../../platform/counters.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import { readSecuritySettings } from '../../platform/settings-store.ts';
import { holdTill } from '../cashup/till-lock.ts';
import { lockCustomer, moveBalance } from '../customers/account.ts';

const DAY_MS = 86_400_000;
const milli = (quantity: number) => BigInt(Math.round(quantity * 1000));

/** a × b / c rounded half up, in whole shillings, exact for any amount a sale can hold. */
const share = (amount: number, part: bigint, whole: bigint) =>
  whole === 0n ? 0 : Number((2n * BigInt(amount) * part + whole) / (2n * whole));

/**
 * The refund of `quantity` more of a line whose net amount (after its discount share) is `net`: the cumulative share
 * after minus before, so a line returned in several parts refunds exactly its net amount in the end.
 */
export function lineRefund(net: number, sold: number, returnedBefore: number, quantity: number): number {
  const whole = milli(sold);
  return share(net, milli(returnedBefore) + milli(quantity), whole) - share(net, milli(returnedBefore), whole);
}

/**
 * Where `quantity` more of a line goes back: into its batch up to what the batch gave for the line (an offline sale's
 * shortfall was never taken from it), the rest off the line's stock discrepancy. Earlier returns filled the batch
 * first, so what the batch gave and has not yet had back comes first.
 */
export function splitReturn(
  sold: number,
  returnedBefore: number,
  quantity: number,
  short?: { quantity: number; returned_quantity: number },
): { restocked: number; unshorted: number } {
  const shortfall = milli(Number(short?.quantity ?? 0));
  const unshortedBefore = milli(Number(short?.returned_quantity ?? 0));
  const given = milli(sold) - shortfall;
  const restockedBefore = milli(returnedBefore) - unshortedBefore;
  const room = given - restockedBefore > 0n ? given - restockedBefore : 0n;
  const restocked = milli(quantity) < room ? milli(quantity) : room;
  return { restocked: Number(restocked) / 1000, unshorted: Number(milli(quantity) - restocked) / 1000 };
}

async function reduceShortfall(
  trx: Transaction<DB>,
  id: number,
  quantity: number,
  returnNumber: number,
  ctx: RequestContext,
) {
  const reduced = await trx
    .updateTable('stock_discrepancies')
    .set({ returned_quantity: sql`returned_quantity + ${quantity}` })
    .where('id', '=', id)
    .returning(['quantity', 'returned_quantity'])
    .executeTakeFirstOrThrow();
  if (milli(Number(reduced.returned_quantity)) < milli(Number(reduced.quantity))) return;
  await trx
    .updateTable('stock_discrepancies')
    .set({
      resolved_at: new Date(),
      resolved_by: ctx.userId,
      resolution_kind: 'RETURNED',
      resolution_note: `All of it came back (return ${returnNumber}).`,
    })
    .where('id', '=', id)
    .execute();
}

export async function processReturn(db: Database, saleId: number, input: SaleReturnInput, ctx: RequestContext) {
  return db.transaction().execute(async (trx) => {
    // Before anything else, so the return lands wholly before or after a cash-up of this cashier being saved.
    await holdTill(trx, ctx.userId);
    // A sale's customer never changes: read unlocked, so the customer is locked before the sale, as every write to an
    // account locks them (customers/account.ts).
    const owner = await trx.selectFrom('sales').select('customer_id').where('id', '=', saleId).executeTakeFirst();
    if (owner?.customer_id) await lockCustomer(trx, owner.customer_id, true);
    const sale = await trx
      .selectFrom('sales')
      .select(['id', 'sale_number', 'created_at', 'vat_rate', 'customer_id', 'account_due'])
      .where('id', '=', saleId)
      .forUpdate()
      .executeTakeFirst();
    if (!sale) throw notFound('Sale');
    const policy = await readSecuritySettings(trx);
    const days = Number(policy.sales_return_days ?? DEFAULT_SALES_RETURN_DAYS);
    if (Date.now() - sale.created_at.getTime() > days * DAY_MS)
      throw new AppError(
        'conflict',
        `Sale ${sale.sale_number} was made on ${formatDay(sale.created_at)}: returns are taken within ${countOf(days, 'day')} of the sale.`,
      );

    // The lines in id order, with what earlier returns took back (in base units and in the unit sold), read under the
    // sale's lock.
    const lines = await sql<{
      id: number;
      batch_id: number;
      /** Base units. */
      quantity: number;
      sold_quantity: number;
      factor: number;
      unit_name: string;
      unit_plural: string | null;
      unit_cost: number;
      net: number;
      product_name: string;
      returned: number;
      returned_sold: number;
    }>`
      SELECT i.id, i.batch_id, i.quantity, coalesce(i.sold_quantity, i.quantity) AS sold_quantity, i.factor,
             m.name AS unit_name, m.plural AS unit_plural, i.unit_cost,
             (i.total_price - i.discount_amount)::bigint AS net, p.name AS product_name, r.returned, r.returned_sold
      FROM sale_items i
      JOIN products p ON p.id = i.product_id
      JOIN measurements m ON m.id = coalesce(i.sold_measurement_id, i.measurement_id)
      CROSS JOIN LATERAL (
        SELECT coalesce(sum(ri.quantity), 0) AS returned,
               coalesce(sum(coalesce(ri.sold_quantity, ri.quantity)), 0) AS returned_sold
        FROM sale_return_items ri WHERE ri.sale_item_id = i.id
      ) r
      WHERE i.sale_id = ${saleId}
      ORDER BY i.id
      FOR UPDATE OF i`.execute(trx);
    const byId = new Map(lines.rows.map((l) => [l.id, l]));
    // An offline sale's shortfalls, locked like the lines: what each line's batch never gave (one line per batch).
    const shortfalls = await trx
      .selectFrom('stock_discrepancies')
      .select(['id', 'batch_id', 'quantity', 'returned_quantity', 'resolved_at'])
      .where('sale_id', '=', saleId)
      .orderBy('id')
      .forUpdate()
      .execute();
    const shortOf = new Map(shortfalls.map((d) => [d.batch_id, d]));

    const asked = new Map<number, number>();
    input.items.forEach((item, index) => {
      if (!byId.has(item.sale_item_id))
        throw invalidField(`items.${index}.sale_item_id`, 'That line is not part of this sale.');
      asked.set(item.sale_item_id, Math.round(((asked.get(item.sale_item_id) ?? 0) + item.quantity) * 1000) / 1000);
    });
    const returnItems = [...asked.entries()]
      .sort(([a], [b]) => a - b)
      .map(([lineId, quantity]) => {
        const line = byId.get(lineId) as (typeof lines.rows)[number];
        const index = () => input.items.findIndex((i) => i.sale_item_id === lineId);
        // In the unit sold: what may still come back and the refund's share.
        const sold = Number(line.sold_quantity);
        const before = Number(line.returned_sold);
        const left = Math.round((sold - before) * 1000) / 1000;
        if (quantity > left)
          throw invalidField(
            `items.${index()}.quantity`,
            `Only ${formatQuantity(left)} of ${line.product_name} can come back: ${formatQuantity(sold)} sold, ${formatQuantity(before)} already returned.`,
          );
        const factor = Number(line.factor);
        const unit = { name: line.unit_name, plural: line.unit_plural };
        // All that is left of the line comes back as exactly what the batch still has to get back.
        const base =
          quantity === left
            ? Math.round((Number(line.quantity) - Number(line.returned)) * 1000) / 1000
            : toBaseQuantity(quantity, factor);
        if (base === null) throw invalidField(`items.${index()}.quantity`, inexactQuantity(quantity, unit, factor));
        // In base units: what the batch gave and what went back into it.
        const short = shortOf.get(line.batch_id);
        const { restocked, unshorted } = splitReturn(Number(line.quantity), Number(line.returned), base, short);
        if (unshorted > 0 && short?.resolved_at) {
          const most = formatQuantity(Math.floor((restocked * 1000) / factor + 1e-6) / 1000);
          throw new AppError(
            'conflict',
            `Only ${most} of ${line.product_name} can come back: the offline sale found its batch ${formatQuantity(Number(short.quantity))} short, and that stock discrepancy has been resolved.`,
            { [`items.${index()}.quantity`]: [`At most ${most}.`] },
          );
        }
        return {
          sale_item_id: lineId,
          batch_id: line.batch_id,
          quantity: base,
          sold_quantity: factor === 1 ? null : quantity,
          restocked,
          unshorted,
          shortfall_id: short?.id,
          unit_cost: Number(line.unit_cost),
          refund_amount: lineRefund(Number(line.net), sold, before, quantity),
          asked: quantity,
          unit,
        };
      });

    // Batches in ascending id, as sales lock them, so a return and a sale never deadlock. Only what the batch gave
    // goes back into it.
    for (const item of [...returnItems].sort((a, b) => a.batch_id - b.batch_id))
      if (item.restocked > 0)
        await trx
          .updateTable('stock_batches')
          .set({
            balance: sql`balance + ${item.restocked}`,
            quantity_sold: sql`quantity_sold - ${item.restocked}`,
            updated_at: new Date(),
          })
          .where('id', '=', item.batch_id)
          .execute();

    const refund = returnItems.reduce((sum, i) => sum + i.refund_amount, 0);
    // What the customer still owes on the sale is taken off first; only the paid part is refunded.
    const credited = Math.min(refund, Number(sale.account_due));
    await trx
      .updateTable('sales')
      .set({ returned_amount: sql`returned_amount + ${refund}`, account_due: sql`account_due - ${credited}` })
      .where('id', '=', saleId)
      .execute();
    if (credited > 0 && sale.customer_id !== null) await moveBalance(trx, sale.customer_id, -credited);
    const cost = returnItems.reduce((sum, i) => sum + i.quantity * i.unit_cost, 0);
    const returnNumber = await nextNumber(trx, 'return');
    const saved = await trx
      .insertInto('sale_returns')
      .values({
        return_number: returnNumber,
        sale_id: saleId,
        reason: input.reason,
        refund_method: input.refund_method,
        refund_reference: input.refund_reference ?? null,
        refund_amount: refund,
        credited_amount: credited,
        cost_amount: Math.round(cost * 1000) / 1000,
        vat_amount: vatIncluded(refund, Number(sale.vat_rate)),
        created_by: ctx.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('sale_return_items')
      .values(
        returnItems.map(({ restocked: _r, unshorted: _u, shortfall_id: _s, asked: _a, unit: _n, ...i }) => ({
          ...i,
          return_id: saved.id,
        })),
      )
      .execute();
    // Goods the batch never gave, brought back: the shortfall is that much smaller, and settled once all is back.
    for (const item of returnItems)
      if (item.unshorted > 0 && item.shortfall_id !== undefined)
        await reduceShortfall(trx, item.shortfall_id, item.unshorted, returnNumber, ctx);
    await writeAudit(trx, ctx, {
      type: 'Sales',
      activity: 'Return',
      details: `Return ${returnNumber} of sale ${sale.sale_number}: ${returnItems.map((i) => `${byId.get(i.sale_item_id)?.product_name} × ${i.sold_quantity === null ? i.quantity : `${quantityWithUnit(i.asked, i.unit)} (${formatQuantity(i.quantity)} base)`}${i.unshorted > 0 ? ` (${i.unshorted} off stock discrepancy #${i.shortfall_id})` : ''}`).join(', ')}; ${credited > 0 ? `${credited} UGX off the customer's account, ` : ''}refund ${refund - credited} UGX (${input.refund_method}${input.refund_reference ? ` ref ${input.refund_reference}` : ''}); reason: ${input.reason}`,
    });
    return { id: saved.id, return_number: returnNumber, credited_amount: credited };
  });
}
