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
