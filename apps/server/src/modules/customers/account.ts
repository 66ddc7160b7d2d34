// A customer's account inside a caller's transaction: the customer locked, the balance moved, and what is paid
// matched with what is owed. Every write that touches an account (a sale on account, a payment, a reversal, a return)
// takes its locks in one order: the cashier's till, then the customer, then the sale or batches it touches. So two of
// them never deadlock, and one customer's balance moves one write at a time.
import { formatMoney } from '@duka/shared';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { SaleAccount } from '../../platform/counters.ts';
import { AppError, invalidField } from '../../platform/errors.ts';

type Trx = Transaction<DB>;

export interface LockedCustomer {
  id: number;
  customer_number: string;
  name: string;
  credit_limit: number;
  balance: number;
  /** Set while the customer is in the trash (only read with `evenTrashed`). */
  deleted_at: Date | null;
}

/**
 * The live customer, locked until the transaction ends; undefined when there is none. `evenTrashed`: what already
 * happened is recorded against a customer moved to the trash meanwhile (a sale made offline, a return).
 */
export async function lockCustomer(trx: Trx, id: number, evenTrashed = false): Promise<LockedCustomer | undefined> {
  let q = trx
    .selectFrom('customers')
    .select(['id', 'customer_number', 'name', 'credit_limit', 'balance', 'deleted_at']);
  if (!evenTrashed) q = q.where('deleted_at', 'is', null);
  return q.where('id', '=', id).forUpdate().executeTakeFirst();
}

/** A customer named in a request body who is not there (or is in the trash). */
export const unknownCustomer = (field = 'customer_id') => invalidField(field, 'Unknown customer.');

/** What the customer may still put on account: the limit less what they owe (an advance adds to it). */
export const availableCredit = (c: Pick<LockedCustomer, 'credit_limit' | 'balance'>) =>
  Math.max(c.credit_limit - c.balance, 0);

/** "owes UGX 5,000" or "holds an advance of UGX 5,000". */
export const balanceWords = (balance: number) =>
  balance >= 0 ? `owes UGX ${formatMoney(balance)}` : `holds an advance of UGX ${formatMoney(-balance)}`;

export const describeBalance = (c: Pick<LockedCustomer, 'name' | 'balance'>) => `${c.name} ${balanceWords(c.balance)}`;

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
 * Only a customer whose balance is 0 may be in the trash, so one there who owes again (a sale made offline before they
 * were deleted arrives, a payment of theirs is reversed) is brought back to the customer list. A live customer who
 * took their phone number meanwhile keeps them in the trash; the receivables report counts what they owe all the same.
 * Returns the audit's words ('' when nothing changed).
 */
export async function bringBackIfOwing(trx: Trx, customerId: number, balance: number): Promise<string> {
  if (balance === 0) return '';
  const { numAffectedRows } = await sql`
    UPDATE customers c SET deleted_at = NULL
    WHERE c.id = ${customerId} AND c.deleted_at IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM customers o WHERE o.phone_number = c.phone_number AND o.deleted_at IS NULL)`.execute(
    trx,
  );
  return numAffectedRows ? '; brought back from the trash, as they have a balance again' : '';
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
  await addToColumn(trx, 'sales', 'account_due', sumBy(allocations, 'sale_id'), -1);
  await addToColumn(trx, 'customer_payments', 'unapplied', sumBy(allocations, 'payment_id'), -1);
}

/** Σ amount per id of `key`. */
function sumBy<K extends string>(rows: readonly ({ [k in K]: number } & { amount: number })[], key: K) {
  const sums = new Map<number, number>();
  for (const r of rows) sums.set(r[key], (sums.get(r[key]) ?? 0) + r.amount);
  return sums;
}

/** Adds `sign` × each amount to `column` of the rows of `table` by id, in one statement. */
async function addToColumn(
  trx: Trx,
  table: 'sales' | 'customer_payments',
  column: 'account_due' | 'unapplied',
  amounts: ReadonlyMap<number, number>,
  sign: 1 | -1,
) {
  if (amounts.size === 0) return;
  const values = sql.join([...amounts].map(([id, amount]) => sql`(${id}::int, ${sign * amount}::bigint)`));
  await sql`
    UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${sql.ref(column)} + v.amount
    FROM (VALUES ${values}) AS v(id, amount)
    WHERE ${sql.table(table)}.id = v.id`.execute(trx);
}

/**
 * Reverses what payment `paymentId` settled: each sale it paid is owed that much again, recorded as negative rows of
 * the reversal `reversalId` so the payment's own rows stay as history, and what it left as an advance is gone.
 */
export async function reopenSettled(trx: Trx, paymentId: number, reversalId: number): Promise<void> {
  const settled = await trx
    .selectFrom('customer_payment_allocations')
    .select(['sale_id', sql<string>`sum(amount)`.as('amount')])
    .where('payment_id', '=', paymentId)
    .groupBy('sale_id')
    .having(sql`sum(amount)`, '>', 0)
    .execute();
  const rows = settled.map((s) => ({ sale_id: s.sale_id, amount: Number(s.amount) }));
  if (rows.length > 0)
    await trx
      .insertInto('customer_payment_allocations')
      .values(rows.map((r) => ({ payment_id: reversalId, sale_id: r.sale_id, amount: -r.amount })))
      .execute();
  await addToColumn(trx, 'sales', 'account_due', sumBy(rows, 'sale_id'), 1);
  await trx.updateTable('customer_payments').set({ unapplied: 0 }).where('id', '=', paymentId).execute();
}

/** What the seller may do with a customer's credit: their keys, read by the route. */
export interface CreditKeys {
  /** customerCreditSale: may put a sale on account. */
  creditSale: boolean;
  /** customerCreditOverride: may go past the available credit, with a reason. */
  override: boolean;
}

export interface SaleCharge {
  customer: LockedCustomer;
  /** The sale's ACCOUNT payment (0: none). */
  onAccount: number;
  /** Made offline: a fact that is recorded even past the limit (the customer is then over it). */
  offline: boolean;
  overrideReason?: string;
}

/**
 * A sale for a customer: its account part checked against the available credit and put on the account, and the
 * balance after it for the receipt. Returns the audit's words, the sale's account columns (the caller writes them with
 * the sale's figures, one version of the sale fewer) and whether the customer held an advance this sale must now take
 * (settleOpenItems, once the sale carries what it owes).
 */
export async function chargeSale(
  trx: Trx,
  charge: SaleCharge,
  may: CreditKeys,
): Promise<{ note: string; account: SaleAccount; takesAdvance: boolean }> {
  const { customer, onAccount } = charge;
  let balance = Number(customer.balance);
  let note = `customer ${customer.name} (${customer.customer_number})`;
  if (onAccount > 0) {
    if (!may.creditSale) throw invalidField('payments', 'You are not allowed to put a sale on account.');
    const available = availableCredit(customer);
    if (onAccount > available) {
      const short = `Only UGX ${formatMoney(available)} of credit is available to ${customer.name}: this sale would put UGX ${formatMoney(onAccount)} on account.`;
      if (charge.offline) note += `; over the credit limit (made offline, UGX ${formatMoney(available)} was available)`;
      else if (!charge.overrideReason)
        throw new AppError(
          'invalid',
          short,
          { payments: [`At most UGX ${formatMoney(available)} on account.`] },
          { available },
        );
      else if (!may.override)
        throw new AppError(
          'invalid',
          `${short} Only a user allowed to exceed credit limits may go past it.`,
          { credit_override_reason: ['You are not allowed to exceed a credit limit.'] },
          { available },
        );
      else note += `; credit limit exceeded (UGX ${formatMoney(available)} was available): ${charge.overrideReason}`;
    }
    balance = await moveBalance(trx, customer.id, onAccount);
    // Only a customer in the trash can be brought back: a live one spares the statement.
    const back = customer.deleted_at ? await bringBackIfOwing(trx, customer.id, balance) : '';
    note = `UGX ${formatMoney(onAccount)} on account of ${customer.name} (${customer.customer_number}), balance after UGX ${formatMoney(balance)}; ${note}${back}`;
  }
  return {
    note,
    account: {
      customer_id: customer.id,
      on_account: onAccount,
      account_due: onAccount,
      customer_balance_after: balance,
    },
    // Advances are spent on what is owed as soon as either arrives, so only a customer whose balance was below 0 (an
    // advance and nothing owed) holds one for this sale to take: anyone else's has nothing to settle.
    takesAdvance: onAccount > 0 && Number(customer.balance) < 0,
  };
}
