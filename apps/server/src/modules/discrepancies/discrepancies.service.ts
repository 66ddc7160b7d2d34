import { type DiscrepancyResolution, formatDay, formatQuantity, missingQuantity } from '@duka/shared';
import type { Database } from '../../db/connection.ts';
import { type RequestContext, writeAudit } from '../../platform/audit.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import { writeOffInTransaction } from '../stock/stock.service.ts';

// Resolving a stock discrepancy: the offline sale stays as it was (the customer has the goods); what is
// settled is the books. The row is locked first, so two managers resolving at once give one resolution and a 409.
export async function resolveDiscrepancy(
  db: Database,
  id: number,
  resolution: DiscrepancyResolution,
  ctx: RequestContext,
  timeZone: string,
) {
  return db.transaction().execute(async (trx) => {
    const open = await trx
      .selectFrom('stock_discrepancies as d')
      .innerJoin('sales as sa', 'sa.id', 'd.sale_id')
      .innerJoin('products as p', 'p.id', 'd.product_id')
      .select([
        'd.id',
        'd.product_id',
        'd.quantity',
        'd.returned_quantity',
        'd.resolved_at',
        'sa.sale_number',
        'p.name as product_name',
      ])
      .where('d.id', '=', id)
      .forUpdate('d')
      .executeTakeFirst();
    if (!open) throw notFound('Stock discrepancy');
    if (open.resolved_at) throw new AppError('conflict', 'This discrepancy has already been resolved.');
    // What returns brought back of the shortfall is no longer missing: only the rest is settled.
    const quantity = missingQuantity(open);

    let adjustmentId: number | null = null;
    if (resolution.kind === 'WRITE_OFF') {
      // The goods left the shop from some batch of this product: the shortfall comes off that one's count.
      const batch = await trx
        .selectFrom('stock_batches')
        .select(['product_id'])
        .where('id', '=', resolution.batch_id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!batch) throw invalidField('batch_id', 'Choose the batch to write the shortfall off.');
      if (batch.product_id !== open.product_id)
        throw invalidField('batch_id', `Choose a batch of ${open.product_name}.`);
      const written = await writeOffInTransaction(
        trx,
        {
          batch_id: resolution.batch_id,
          reason: 'COUNT_CORRECTION',
          quantity,
          adjustment_date: formatDay(new Date(), timeZone),
          note: `Stock discrepancy #${id} (sale ${open.sale_number}): ${resolution.note}`,
        },
        ctx,
        timeZone,
      );
      adjustmentId = written.id;
    }

    await trx
      .updateTable('stock_discrepancies')
      .set({
        resolved_at: new Date(),
        resolved_by: ctx.userId,
        resolution_kind: resolution.kind,
        resolution_note: resolution.note,
        stock_adjustment_id: adjustmentId,
      })
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, ctx, {
      type: 'Stock',
      activity: 'Resolve discrepancy',
      details:
        `Resolved stock discrepancy #${id} (${formatQuantity(quantity)} of ${open.product_name}, sale ` +
        `${open.sale_number}) as ${resolution.kind === 'WRITE_OFF' ? 'a count write-off' : 'stock received'}: ${resolution.note}`,
    });
    return { id, resolution_kind: resolution.kind, stock_adjustment_id: adjustmentId };
  });
}
