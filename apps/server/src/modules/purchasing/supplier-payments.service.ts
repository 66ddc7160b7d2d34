// Payments to suppliers and their reversals. A payment settles the supplier's oldest unpaid bills first and may not
// be more than the shop owes; it is never edited or deleted: a reversal is a new record (a negative payment) that
// makes owed again what the payment settled. Cash paid out of the till holds the cashier's till like a sale, so a
// cash-up counts it exactly once.
import { formatMoney, paymentLabel, type SupplierPaymentInput } from '@duka/shared';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { type RequestContext, writeAudit } from '../../platform/audit.ts';
import { nextDocumentNumber } from '../../platform/counters.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import { addDays, shopDay } from '../../platform/period.ts';
import { holdTill } from '../cashup/till-lock.ts';

type Trx = Transaction<DB>;

export const SUPPLIER_PAYMENT_AUDIT_TYPE = 'Supplier payment';

/** The supplier's row, locked until the transaction ends: payments and reversals to one supplier go one at a time. */
async function lockSupplier(trx: Trx, id: number) {
  const supplier = await trx
    .selectFrom('suppliers')
    .select(['id', 'name'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!supplier) throw invalidField('supplier_id', 'The supplier was not found: choose one from the list.');
  return supplier;
}

/** What the shop owes the supplier now: Σ the unpaid part of their bills. */
export async function supplierBalance(db: Pick<Database, 'selectFrom'>, supplierId: number) {
  const row = await db
    .selectFrom('goods_receipts')
    .select(sql<number>`coalesce(sum(amount_due), 0)::bigint`.as('owed'))
    .where('supplier_id', '=', supplierId)
    .executeTakeFirstOrThrow();
  return Number(row.owed);
}

const paymentWords = (p: { method: string; reference?: string | null; from_till: boolean }) =>
  `by ${paymentLabel(p.method)}${p.reference ? ` ref ${p.reference}` : ''}${p.from_till ? ' from the till' : ''}`;

export function paySupplier(db: Database, input: SupplierPaymentInput, ctx: RequestContext, timeZone: string) {
  const today = shopDay(timeZone);
  const paymentDate = input.payment_date ?? today;
  if (paymentDate > today) throw invalidField('payment_date', 'The payment date cannot be in the future.');
  if (paymentDate < addDays(today, -365))
    throw invalidField('payment_date', 'The payment date cannot be more than a year ago.');
  return db.transaction().execute(async (trx) => {
    if (input.from_till) await holdTill(trx, ctx.userId);
    const supplier = await lockSupplier(trx, input.supplier_id);
    const bills = await trx
      .selectFrom('goods_receipts')
      .select(['id', 'amount_due'])
      .where('supplier_id', '=', supplier.id)
      .where('amount_due', '>', 0)
      .orderBy('received_date')
      .orderBy('id')
      .execute();
    const owed = bills.reduce((sum, b) => sum + b.amount_due, 0);
    if (input.amount > owed)
      throw invalidField(
        'amount',
        owed > 0
          ? `The shop owes ${supplier.name} UGX ${formatMoney(owed)}; a payment cannot be more.`
          : `The shop owes ${supplier.name} nothing.`,
      );
    const number = await nextDocumentNumber(trx, 'supplier_payment', 'SP');
    const payment = await trx
      .insertInto('supplier_payments')
      .values({
        payment_number: number,
        supplier_id: supplier.id,
        amount: input.amount,
        method: input.method,
        reference: input.reference ?? null,
        payment_date: paymentDate,
        from_till: input.from_till,
        created_by: ctx.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let left = input.amount;
    for (const bill of bills) {
      if (left === 0) break;
      const take = Math.min(left, bill.amount_due);
      await trx
        .updateTable('goods_receipts')
        .set({ amount_due: sql`amount_due - ${take}` })
        .where('id', '=', bill.id)
        .execute();
      await trx
        .insertInto('supplier_payment_allocations')
        .values({ payment_id: payment.id, goods_receipt_id: bill.id, amount: take })
        .execute();
      left -= take;
    }
    const balance = owed - input.amount;
    await writeAudit(trx, ctx, {
      type: SUPPLIER_PAYMENT_AUDIT_TYPE,
      activity: 'Payment',
      details: `Payment ${number} of UGX ${formatMoney(input.amount)} to ${supplier.name} ${paymentWords(input)}, dated ${paymentDate}; the shop now owes UGX ${formatMoney(balance)}`,
    });
    return { id: payment.id, payment_number: number, balance };
  });
}

export function reverseSupplierPayment(
  db: Database,
  id: number,
  reason: string,
  ctx: RequestContext,
  timeZone: string,
) {
  return db.transaction().execute(async (trx) => {
    const payment = await trx
      .selectFrom('supplier_payments')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!payment) throw notFound('Supplier payment');
    if (payment.reverses_id !== null)
      throw new AppError('conflict', `${payment.payment_number} is a reversal; it cannot be reversed.`);
    const already = await trx
      .selectFrom('supplier_payments')
      .select('payment_number')
      .where('reverses_id', '=', id)
      .executeTakeFirst();
    if (already)
      throw new AppError('conflict', `${payment.payment_number} was reversed already by ${already.payment_number}.`);
    // Cash that goes back into the drawer is counted by the cash-up of whoever reverses.
    if (payment.from_till) await holdTill(trx, ctx.userId);
    const supplier = await lockSupplier(trx, payment.supplier_id);
    const number = await nextDocumentNumber(trx, 'supplier_payment', 'SP');
    const reversal = await trx
      .insertInto('supplier_payments')
      .values({
        payment_number: number,
        supplier_id: supplier.id,
        amount: -payment.amount,
        method: payment.method,
        reference: payment.reference,
        payment_date: shopDay(timeZone),
        from_till: payment.from_till,
        reverses_id: payment.id,
        reason,
        created_by: ctx.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const allocations = await trx
      .selectFrom('supplier_payment_allocations')
      .select(['goods_receipt_id', 'amount'])
      .where('payment_id', '=', payment.id)
      .execute();
    for (const a of allocations) {
      await trx
        .updateTable('goods_receipts')
        .set({ amount_due: sql`amount_due + ${a.amount}` })
        .where('id', '=', a.goods_receipt_id)
        .execute();
      await trx
        .insertInto('supplier_payment_allocations')
        .values({ payment_id: reversal.id, goods_receipt_id: a.goods_receipt_id, amount: -a.amount })
        .execute();
    }
    const balance = await supplierBalance(trx, supplier.id);
    await writeAudit(trx, ctx, {
      type: SUPPLIER_PAYMENT_AUDIT_TYPE,
      activity: 'Reverse',
      details: `Reversal ${number} of payment ${payment.payment_number} (UGX ${formatMoney(payment.amount)} to ${supplier.name} ${paymentWords(payment)}): ${reason}; the shop now owes UGX ${formatMoney(balance)}`,
    });
    return { id: reversal.id, payment_number: number, balance };
  });
}
