// What /saleshow adds for the till: the receipt number, how the sale was paid, the change handed back and
// the returns made against it (with each line's quantity already returned, which a return screen needs).
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { nameJson } from '../../platform/creator.ts';

export async function saleTillDetails(db: Database, saleId: number) {
  const [sale, payments, returns, returned] = await Promise.all([
    db
      .selectFrom('sales')
      .select(['receipt_number', 'change_given'])
      .where('id', '=', saleId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('sale_payments')
      .select(['method', 'amount', 'reference'])
      .where('sale_id', '=', saleId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('sale_returns as r')
      .leftJoin('users as creator', 'creator.id', 'r.created_by')
      .select([
        'r.id',
        'r.return_number',
        'r.refund_amount',
        'r.refund_method',
        'r.refund_reference',
        'r.reason',
        'r.created_at',
        nameJson('creator').as('user'),
      ])
      .where('r.sale_id', '=', saleId)
      .orderBy('r.id')
      .execute(),
    db
      .selectFrom('sale_return_items as ri')
      .innerJoin('sale_items as i', 'i.id', 'ri.sale_item_id')
      .select(['ri.sale_item_id', sql<number>`sum(ri.quantity)`.as('quantity')])
      .where('i.sale_id', '=', saleId)
      .groupBy('ri.sale_item_id')
      .execute(),
  ]);
  const tendered = payments.reduce((sum, p) => sum + p.amount, 0);
  return {
    receipt_number: sale.receipt_number,
    change_given: sale.change_given,
    amount_tendered: tendered,
    payments,
    returns,
    /** Quantity returned so far per sale line id. */
    returned: Object.fromEntries(returned.map((r) => [r.sale_item_id, Number(r.quantity)])),
  };
}
