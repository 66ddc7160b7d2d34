// What /saleshow adds for the till: the receipt number, how the sale was paid, the change handed back and
// the returns made against it (with each line's quantity already returned, which a return screen needs).
import { ACCOUNT_PAYMENT } from '@duka/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { nameJson } from '../../platform/creator.ts';

export async function saleTillDetails(db: Database, saleId: number) {
  const [sale, payments, returns, returned] = await Promise.all([
    db
      .selectFrom('sales as s')
      .leftJoin('customers as c', 'c.id', 's.customer_id')
      .select([
        's.receipt_number',
        's.change_given',
        's.on_account',
        's.account_due',
        's.customer_balance_after',
        'c.id as customer_id',
        'c.customer_number',
        'c.name as customer',
        'c.phone_number',
      ])
      .where('s.id', '=', saleId)
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
        'r.credited_amount',
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
      // In the unit each line was sold in, as the return screen asks for it.
      .select(['ri.sale_item_id', sql<number>`sum(coalesce(ri.sold_quantity, ri.quantity))`.as('quantity')])
      .where('i.sale_id', '=', saleId)
      .groupBy('ri.sale_item_id')
      .execute(),
  ]);
  // What was handed over: the part put on account was not.
  const tendered = payments.reduce((sum, p) => sum + (p.method === ACCOUNT_PAYMENT ? 0 : p.amount), 0);
  return {
    receipt_number: sale.receipt_number,
    change_given: sale.change_given,
    amount_tendered: tendered,
    payments,
    returns,
    /** Quantity returned so far per sale line id. */
    returned: Object.fromEntries(returned.map((r) => [r.sale_item_id, Number(r.quantity)])),
    account:
      sale.customer_id === null
        ? null
        : {
            customer: {
              id: sale.customer_id,
              customer_number: sale.customer_number as string,
              name: sale.customer as string,
              phone_number: sale.phone_number as string,
            },
            on_account: sale.on_account,
            account_due: sale.account_due,
            balance_after: sale.customer_balance_after,
          },
  };
}
