// A customer's account inside a caller's transaction: the customer locked, the balance moved, and what is paid
// matched with what is owed. Every write that touches an account (a sale on account, a payment, a reversal, a return)
// locks the customer first, after its till and before the sale or batches it touches, so two of them never deadlock
// and one customer's balance moves one write at a time.
import { formatMoney } from '@duka/shared';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError, invalidField } from '../../platform/errors.ts';

type Trx = Transaction<DB>;

export interface LockedCustomer {
  id: number;
  customer_number: string;
  name: string;
  credit_limit: number;
  balance: number;
}

/**
 * The live customer, locked until the transaction ends; undefined when there is none. `evenTrashed`: what already
 * happened is recorded against a customer moved to the trash meanwhile (a sale made offline, a return).
 */
export async function lockCustomer(trx: Trx, id: number, evenTrashed = false): Promise<LockedCustomer | undefined> {
  let q = trx.selectFrom('customers').select(['id', 'customer_number', 'name', 'credit_limit', 'balance']);
  if (!evenTrashed) q = q.where('deleted_at', 'is', null);
  return q.where('id', '=', id).forUpdate().executeTakeFirst();
}

/** A customer named in a request body who is not there (or is in the trash). */
export const unknownCustomer = (field = 'customer_id') => invalidField(field, 'Unknown customer.');

/** What the customer may still put on account: the limit less what they owe (an advance adds to it). */
export const availableCredit = (c: Pick<LockedCustomer, 'credit_limit' | 'balance'>) =>
  Math.max(c.credit_limit - c.balance, 0);

export const describeBalance = (c: Pick<LockedCustomer, 'name' | 'balance'>) =>
  c.balance >= 0
    ? `${c.name} owes UGX ${formatMoney(c.balance)}`
    : `${c.name} holds an advance of UGX ${formatMoney(-c.balance)}`;

/** Moves the locked customer's balance by `delta` (positive: they owe more) and returns the new balance. */
export async function moveBalance(trx: Trx, customerId: number, delta: number): Promise<number> {
  const row = await trx
    .updateTable('customers')
    .set({ balance: sql`balance + ${delta}` })
    .where('id', '=', customerId)
    .returning('balance')
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

/**
 * Spends the customer's advances on their unpaid sales: the oldest payment with something left settles the oldest
 * sale still owed, and so on until one side runs out. Run after every write that adds to either side, so a customer
 * never has both an unpaid sale and an unapplied payment. Only open items are read: the cost does not grow with the
 * customer's history.
 */
export async function settleOpenItems(trx: Trx, customerId: number): Promise<void> {
  const credits = await trx
    .selectFrom('customer_payments')
    .select(['id', 'unapplied'])
    .where('customer_id', '=', customerId)
    .where('unapplied', '>', 0)
    .orderBy('id')
    .execute();
  if (credits.length === 0) return;
  const debts = await trx
    .selectFrom('sales')
    .select(['id', 'account_due'])
    .where('customer_id', '=', customerId)
    .where('account_due', '>', 0)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const allocations: { payment_id: number; sale_id: number; amount: number }[] = [];
  let d = 0;
  for (const credit of credits) {
    let left = Number(credit.unapplied);
    while (left > 0 && d < debts.length) {
      const debt = debts[d] as (typeof debts)[number];
      const amount = Math.min(left, Number(debt.account_due));
      allocations.push({ payment_id: credit.id, sale_id: debt.id, amount });
      left -= amount;
      debt.account_due = Number(debt.account_due) - amount;
      if (debt.account_due === 0) d += 1;
    }
    credit.unapplied = left;
    if (d === debts.length) break;
  }
  if (allocations.length === 0) return;
  await trx.insertInto('customer_payment_allocations').values(allocations).execute();
  const touchedSales = new Map<number, number>();
  for (const a of allocations) touchedSales.set(a.sale_id, (touchedSales.get(a.sale_id) ?? 0) + a.amount);
  const touchedPayments = new Map<number, number>();
  for (const a of allocations) touchedPayments.set(a.payment_id, (touchedPayments.get(a.payment_id) ?? 0) + a.amount);
  await sql`
    UPDATE sales SET account_due = account_due - v.amount
    FROM (VALUES ${sql.join([...touchedSales].map(([id, amount]) => sql`(${id}::int, ${amount}::bigint)`))}) AS v(id, amount)
    WHERE sales.id = v.id`.execute(trx);
  await sql`
    UPDATE customer_payments SET unapplied = unapplied - v.amount
    FROM (VALUES ${sql.join([...touchedPayments].map(([id, amount]) => sql`(${id}::int, ${amount}::bigint)`))}) AS v(id, amount)
    WHERE customer_payments.id = v.id`.execute(trx);
}

/** What the seller may do with a customer's credit: their keys, read by the route. */
export interface CreditKeys {
  /** customerCreditSale: may put a sale on account. */
  creditSale: boolean;
  /** customerCreditOverride: may go past the available credit, with a reason. */
  override: boolean;
}

export interface SaleCharge {
  saleId: number;
  customer: LockedCustomer;
  /** The sale's ACCOUNT payment (0: none). */
  onAccount: number;
  /** Made offline: a fact that is recorded even past the limit (the customer is then over it). */
  offline: boolean;
  overrideReason?: string;
}

/**
 * A sale for a customer: its account part checked against the available credit and put on the account (an advance
 * is spent first), and the balance after it kept on the sale for its receipt. Returns the audit's words.
 */
export async function chargeSale(trx: Trx, charge: SaleCharge, may: CreditKeys): Promise<string> {
  const { customer, onAccount } = charge;
  let balance = Number(customer.balance);
  let note = `customer ${customer.customer_number}`;
  if (onAccount > 0) {
    if (!may.creditSale) throw invalidField('payments', 'You are not allowed to put a sale on account.');
    const available = availableCredit(customer);
    if (onAccount > available) {
      if (charge.offline) note += `; over the credit limit (made offline, UGX ${formatMoney(available)} was available)`;
      else if (!charge.overrideReason)
        throw new AppError(
          'invalid',
          `Only UGX ${formatMoney(available)} of credit is available to ${customer.name}: this sale would put UGX ${formatMoney(onAccount)} on account.`,
          { payments: [`At most UGX ${formatMoney(available)} on account.`] },
          { available },
        );
      else if (!may.override)
        throw invalidField(
          'credit_override_reason',
          'Only a user allowed to exceed credit limits may put a sale past the available credit.',
        );
      else note += `; credit limit exceeded (UGX ${formatMoney(available)} was available): ${charge.overrideReason}`;
    }
    balance = await moveBalance(trx, customer.id, onAccount);
    note = `UGX ${onAccount} on account of ${customer.customer_number}, balance after ${balance}; ${note}`;
  }
  await sql`
    UPDATE sales SET customer_id = ${customer.id}, on_account = ${onAccount}, account_due = ${onAccount},
                     customer_balance_after = ${balance}
    WHERE id = ${charge.saleId}`.execute(trx);
  if (onAccount > 0) await settleOpenItems(trx, customer.id);
  return note;
}
