// A batch's sale prices over time (migration 015): a sale made offline is charged the price in force when it
// was made, not the one the batch has when the sale arrives. Written in the transaction that sets the price.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Trx = Transaction<DB>;

/** A new batch's first price, in force from its creation (now(): the transaction's time, as its created_at). */
export async function recordFirstSalePrice(trx: Trx, batchId: number, salePrice: number): Promise<void> {
  await trx
    .insertInto('batch_sale_prices')
    .values({ batch_id: batchId, sale_price: salePrice, valid_from: sql<Date>`now()` })
    .execute();
}

/** A price change: the new price from now on, after the old one (on record from the batch's creation if missing). */
export async function recordSalePriceChange(trx: Trx, batchId: number, oldPrice: number, newPrice: number) {
  // Batches put straight into the table (the demo seed, a bulk load) have no history yet: their price until now is
  // the one they were received with.
  await sql`
    INSERT INTO batch_sale_prices (batch_id, sale_price, valid_from)
    SELECT id, ${oldPrice}, created_at FROM stock_batches
    WHERE id = ${batchId} AND NOT EXISTS (SELECT 1 FROM batch_sale_prices WHERE batch_id = ${batchId})
  `.execute(trx);
  await trx
    .insertInto('batch_sale_prices')
    .values({ batch_id: batchId, sale_price: newPrice, valid_from: sql<Date>`now()` })
    // Two changes in one transaction: the last one stands.
    .onConflict((oc) => oc.columns(['batch_id', 'valid_from']).doUpdateSet({ sale_price: newPrice }))
    .execute();
}

/**
 * The sale price of each batch at `at`: the latest price in force then; its first price when `at` comes before it (a
 * till clock running behind); its current price when nothing is on record (a batch that came in without history).
 */
export async function salePricesAt(trx: Trx, batchIds: number[], at: Date): Promise<Map<number, number>> {
  if (batchIds.length === 0) return new Map();
  const rows = await sql<{ id: number; sale_price: number }>`
    SELECT s.id, coalesce(
      (SELECT h.sale_price FROM batch_sale_prices h
       WHERE h.batch_id = s.id AND h.valid_from <= ${at} ORDER BY h.valid_from DESC LIMIT 1),
      (SELECT h.sale_price FROM batch_sale_prices h WHERE h.batch_id = s.id ORDER BY h.valid_from LIMIT 1),
      s.sale_price) AS sale_price
    FROM stock_batches s WHERE s.id = ANY(${batchIds}::int[])`.execute(trx);
  return new Map(rows.rows.map((r) => [r.id, Number(r.sale_price)]));
}
