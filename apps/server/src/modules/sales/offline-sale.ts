// The server's side of a sale made while the till was offline: it is recorded at the till's
// time, and a batch that no longer holds enough gives what it has while the shortfall becomes a stock discrepancy.
import { formatQuantity } from '@duka/shared';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { type RequestContext, writeAudit } from '../../platform/audit.ts';
import { AppError, invalidField } from '../../platform/errors.ts';
import { vatRateAt } from '../settings/vat-rates.ts';
import { salePricesAt } from '../stock/batch-prices.ts';
import { roundQuantity } from '../stock/stock.service.ts';

type Trx = Transaction<DB>;

/** A till's clock may run a little fast; more than this ahead is a wrong clock, not a sale. */
export const CLOCK_SKEW_MS = 5 * 60 * 1000;
/** Older than this, a sale would rewrite days that were already cashed up and reported. */
export const OFFLINE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** The instant an offline sale is recorded at, or a 422 naming made_at when it is out of range. */
export function offlineSaleTime(madeAt: string, now = Date.now()): Date {
  const at = new Date(madeAt);
  if (at.getTime() > now + CLOCK_SKEW_MS)
    throw invalidField('made_at', 'The sale is dated in the future. Check the till’s date and time.');
  if (at.getTime() < now - OFFLINE_MAX_AGE_MS)
    throw invalidField('made_at', 'An offline sale older than 7 days cannot be recorded. Enter it by hand.');
  return at;
}

/**
 * What an offline sale is charged: each batch's price and the VAT rate in force at `madeAt`, not when it arrives
 * (a price changed in between does not reach a customer who already paid). No VAT on record that early: today's.
 */
export async function chargesAt(trx: Trx, batches: Iterable<{ id: number }>, madeAt: Date) {
  const ids = [...batches].map((b) => b.id);
  return { prices: await salePricesAt(trx, ids, madeAt), vatRate: await vatRateAt(trx, madeAt) };
}

/**
 * What a batch held at `madeAt`: its balance now plus what left it since, so an offline sale cannot take more than its
 * batch had when it was made. What left is what sales made since took from it (their lines, less what each found
 * short: that never left the batch) and what was written off since. Read under the batch's lock.
 */
export async function heldAt(trx: Trx, batch: { id: number; balance: number }, madeAt: Date): Promise<number> {
  const left = await sql<{ sold: string | null; written_off: string | null }>`
    SELECT
      (SELECT sum(i.quantity - coalesce(d.quantity, 0))
       FROM sale_items i
       LEFT JOIN stock_discrepancies d ON d.sale_id = i.sale_id AND d.batch_id = i.batch_id
       WHERE i.batch_id = ${batch.id} AND i.created_at > ${madeAt}) AS sold,
      (SELECT sum(a.quantity) FROM stock_adjustments a
       WHERE a.batch_id = ${batch.id} AND a.created_at > ${madeAt}) AS written_off`.execute(trx);
  const row = left.rows[0];
  return roundQuantity(Number(batch.balance) + Number(row?.sold ?? 0) + Number(row?.written_off ?? 0));
}

/** 409 naming the batch and what it held: an offline sale asked more of it than it had when the sale was made. */
export function heldTooLittle(
  batch: { batch_number: string; product_name: string; brand_name: string },
  held: number,
  quantity: number,
  madeAt: Date,
) {
  return new AppError(
    'conflict',
    `Batch ${batch.batch_number} of ${batch.product_name} (${batch.brand_name}) held only ${formatQuantity(held)} when this offline sale was made (${madeAt.toISOString()}): it cannot have sold ${formatQuantity(quantity)}.`,
    undefined,
    { product: batch.product_name, batch_number: batch.batch_number, available: held },
  );
}

/**
 * What an offline line takes from its batch: all it asks for when the batch holds it, otherwise what is left
 * (never below 0), the rest recorded as a discrepancy against the sale in the same transaction.
 */
export async function takeOfflineLine(
  trx: Trx,
  batch: { id: number; product_id: number; balance: number },
  quantity: number,
  saleId: number,
): Promise<{ taken: number; shortfall: number }> {
  const taken = Math.min(quantity, Math.max(0, batch.balance));
  const shortfall = roundQuantity(quantity - taken);
  if (taken > 0)
    await trx
      .updateTable('stock_batches')
      .set({ quantity_sold: sql`quantity_sold + ${taken}`, balance: sql`balance - ${taken}`, updated_at: new Date() })
      .where('id', '=', batch.id)
      .execute();
  if (shortfall > 0)
    await trx
      .insertInto('stock_discrepancies')
      .values({ product_id: batch.product_id, batch_id: batch.id, quantity: shortfall, sale_id: saleId })
      .execute();
  return { taken, shortfall };
}

/** What the till tells of an offline sale the server refused for good, when the cashier discards it. */
export interface OfflineDiscard {
  idempotencyKey: string;
  made_at: string;
  total_amount: number;
  reason: string;
}

/**
 * Notes in the activity log that a till discarded an offline sale the server refused (goods left, no sale recorded), so
 * a manager can follow it up. A key the server has recorded is a sale, not something to discard: 409.
 */
export async function discardOfflineSale(db: Database, input: OfflineDiscard, ctx: RequestContext) {
  await db.transaction().execute(async (trx) => {
    const recorded = await trx
      .selectFrom('sales')
      .select('id')
      .where('idempotency_key', '=', input.idempotencyKey)
      .executeTakeFirst();
    if (recorded) throw new AppError('conflict', 'This sale was recorded by the server: there is nothing to discard.');
    await writeAudit(trx, ctx, {
      type: 'Sales',
      activity: 'Discard offline sale',
      details: `Discarded an offline sale the server refused (key ${input.idempotencyKey}, made at ${input.made_at}, total ${input.total_amount} UGX): ${input.reason}`,
    });
  });
}
