// Numbers without gaps (issue 13): receipt and return numbers come from a counter row of shop_counters updated
// inside the caller's transaction. The row stays locked until that transaction ends, so a rolled-back sale gives its
// number back and concurrent sales take the numbers one after another. Take it last, after the sale's other locks,
// to hold it as briefly as possible.
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

export async function nextNumber(trx: Transaction<DB>, name: 'receipt' | 'return'): Promise<number> {
  const row = await trx
    .updateTable('shop_counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', name)
    .returning('value')
    .executeTakeFirstOrThrow();
  return row.value;
}
