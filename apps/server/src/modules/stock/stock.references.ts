import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** How many batches (trashed ones too) refer to a catalogue record: such a record cannot be purged. */
export async function countBatchesUsing(
  trx: Transaction<DB>,
  column: 'product_id' | 'brand_id' | 'measurement_id' | 'supplier_id',
  id: number,
): Promise<number> {
  const row = await trx
    .selectFrom('stock_batches')
    .select(sql<number>`count(*)::int`.as('n'))
    .where(sql.ref(column), '=', id)
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * What live batches of a catalogue record still hold. Trashing a product or brand with stock on hand would take
 * that stock off the point of sale while it still counts in the stock value, so such a delete is refused.
 */
export async function stockOnHand(
  trx: Transaction<DB>,
  column: 'product_id' | 'brand_id',
  id: number,
): Promise<number> {
  const row = await trx
    .selectFrom('stock_batches')
    .select(sql<number>`coalesce(sum(balance), 0)::float8`.as('balance'))
    .where(sql.ref(column), '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.balance;
}
