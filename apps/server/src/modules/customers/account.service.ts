// Payments to a customer's account and their reversals. A payment settles the oldest unpaid sales first and what
// is left is an advance; it is never edited or deleted: a reversal is a new record (a negative payment) that puts back
// what the payment settled. Both hold the cashier's till like a sale, so a cash-up counts each exactly once.
import { type CustomerPaymentInput, formatMoney } from '@duka/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { type RequestContext, writeAudit } from '../../platform/audit.ts';
import { nextDocumentNumber } from '../../platform/counters.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import { addDays, shopDay } from '../../platform/period.ts';
import { holdTill } from '../cashup/till-lock.ts';
import {
  balanceWords,
  bringBackIfOwing,
  lockCustomer,
  moveBalance,
  reopenSettled,
  settleOpenItems,
  unknownCustomer,
} from './account.ts';

export async function takePayment(db: Database, input: CustomerPaymentInput, ctx: RequestContext, timeZone: string) {
  const today = shopDay(timeZone);
  const paymentDate = input.payment_date ?? today;
  if (paymentDate > today) throw invalidField('payment_date', 'The payment date cannot be in the future.');
  // A payment seen late (a bank transfer, a cheque) is dated when it was made; a year back is a mistyped year.
  if (paymentDate < addDays(today, -365))
    throw invalidField('payment_date', 'The payment date cannot be more than a year ago.');
  return db.transaction().execute(async (trx) => {
    await holdTill(trx, ctx.userId);
    const customer = await lockCustomer(trx, input.customer_id);
    if (!customer) throw unknownCustomer();
    const number = await nextDocumentNumber(trx, 'customer_payment', 'CP');
    const saved = await trx
      .insertInto('customer_payments')
      .values({
        payment_number: number,
        customer_id: customer.id,
        amount: input.amount,
        method: input.method,
        reference: input.reference ?? null,
        payment_date: paymentDate,
        unapplied: input.amount,
        created_by: ctx.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const balance = await moveBalance(trx, customer.id, -input.amount);
    await settleOpenItems(trx, customer.id);
    await writeAudit(trx, ctx, {
      type: 'Customer',
      activity: 'Payment',
      details: `Payment ${number} of UGX ${formatMoney(input.amount)} from ${customer.name} (${customer.customer_number}) by ${input.method}${input.reference ? ` ref ${input.reference}` : ''}, dated ${paymentDate}; now ${balanceWords(balance)}`,
    });
    return { id: saved.id, payment_number: number, balance };
  });
}

export async function reversePayment(db: Database, id: number, reason: string, ctx: RequestContext, timeZone: string) {
  return db.transaction().execute(async (trx) => {
    await holdTill(trx, ctx.userId);
    const owner = await trx
      .selectFrom('customer_payments')
      .select('customer_id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!owner) throw notFound('Payment');
    // The customer even when in the trash: a payment already taken is reversed all the same.
    await lockCustomer(trx, owner.customer_id, true);
    const payment = await trx
      .selectFrom('customer_payments as p')
      .innerJoin('customers as c', 'c.id', 'p.customer_id')
      .leftJoin('customer_payments as r', 'r.reverses_id', 'p.id')
      .select([
        'p.id',
        'p.payment_number',
        'p.customer_id',
        'p.amount',
        'p.method',
        'p.reference',
        'p.reverses_id',
        'r.payment_number as reversed_by',
        'c.name',
        'c.customer_number',
      ])
      .where('p.id', '=', id)
      .executeTakeFirstOrThrow();
    if (payment.reverses_id !== null)
      throw new AppError('conflict', `${payment.payment_number} is a reversal: it cannot be reversed.`);
    if (payment.reversed_by)
      throw new AppError(
        'conflict',
        `Payment ${payment.payment_number} was already reversed by ${payment.reversed_by}.`,
      );
    const number = await nextDocumentNumber(trx, 'customer_payment', 'CP');
    const saved = await trx
      .insertInto('customer_payments')
      .values({
        payment_number: number,
        customer_id: payment.customer_id,
        amount: -Number(payment.amount),
        method: payment.method,
        reference: payment.reference,
        payment_date: shopDay(timeZone),
        reverses_id: id,
        reason,
        unapplied: 0,
        created_by: ctx.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // What the payment settled is owed again, and what it left as an advance is gone.
    await reopenSettled(trx, id, saved.id);
    const balance = await moveBalance(trx, payment.customer_id, Number(payment.amount));
    const restored = await bringBackIfOwing(trx, payment.customer_id, balance);
    // Another advance may now settle what the reversed payment had paid.
    await settleOpenItems(trx, payment.customer_id);
    await writeAudit(trx, ctx, {
      type: 'Customer',
      activity: 'Payment reversal',
      details: `Reversal ${number} of payment ${payment.payment_number} of UGX ${formatMoney(Number(payment.amount))} from ${payment.name} (${payment.customer_number}): ${reason}; now ${balanceWords(balance)}${restored}`,
    });
    return { id: saved.id, payment_number: number, balance };
  });
}

/** One payment or reversal as its receipt shows it. */
export async function getPayment(db: Database, id: number) {
  const row = await db
    .selectFrom('customer_payments as p')
    .innerJoin('customers as c', 'c.id', 'p.customer_id')
    .leftJoin('customer_payments as orig', 'orig.id', 'p.reverses_id')
    .leftJoin('customer_payments as rev', 'rev.reverses_id', 'p.id')
    .leftJoin('users as u', 'u.id', 'p.created_by')
    .select([
      'p.id',
      'p.payment_number',
      'p.amount',
      'p.method',
      'p.reference',
      sql<string>`to_char(p.payment_date, 'YYYY-MM-DD')`.as('payment_date'),
      'p.reason',
      'p.unapplied',
      'p.created_at',
      'orig.id as orig_id',
      'orig.payment_number as orig_number',
      'rev.id as rev_id',
      'rev.payment_number as rev_number',
      'c.id as customer_id',
      'c.customer_number',
      'c.name as customer_name',
      'c.phone_number',
      'c.balance',
      'u.name as user_name',
    ])
    .where('p.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Payment');
  const applied = await db
    .selectFrom('customer_payment_allocations as a')
    .innerJoin('sales as s', 's.id', 'a.sale_id')
    .select(['a.sale_id', 's.sale_number', 'a.amount'])
    .where('a.payment_id', '=', id)
    .orderBy('s.created_at')
    .orderBy('s.id')
    .execute();
  return {
    id: row.id,
    payment_number: row.payment_number,
    amount: Number(row.amount),
    method: row.method,
    reference: row.reference,
    payment_date: row.payment_date,
    reverses: row.orig_id === null ? null : { id: row.orig_id, payment_number: row.orig_number as string },
    reason: row.reason,
    reversed_by: row.rev_id === null ? null : { id: row.rev_id, payment_number: row.rev_number as string },
    unapplied: Number(row.unapplied),
    applied: applied.map((a) => ({ sale_id: a.sale_id, sale_number: a.sale_number, amount: Number(a.amount) })),
    customer: {
      id: row.customer_id,
      customer_number: row.customer_number,
      name: row.customer_name,
      phone_number: row.phone_number,
      balance: Number(row.balance),
    },
    user: row.user_name === null ? null : { name: row.user_name },
    created_at: row.created_at,
  };
}
