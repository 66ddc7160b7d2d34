// How a sale is paid (issue 13): the payments checked against the total the server computed, the change to give
// and the method the sale stores. Pure, so the rules are read (and tested) in one place.
import { formatMoney, type SaleInput, SPLIT_PAYMENT } from '@duka/shared';
import { AppError } from '../../platform/errors.ts';

export interface SettledPayments {
  payments: { method: string; amount: number; reference: string | null }[];
  changeGiven: number;
  /** One method, or SPLIT when more than one was used. */
  method: string;
}

const paymentsRefused = (message: string, extra?: Record<string, unknown>) =>
  new AppError('invalid', message, { payments: [message] }, extra);

export function settlePayments(input: Pick<SaleInput, 'payments' | 'paymentMethod'>, total: number): SettledPayments {
  // The seeds' single method means one payment of the whole total (none for a sale discounted to nothing).
  if (!input.payments) {
    const method = input.paymentMethod ?? 'CASH';
    return { payments: total > 0 ? [{ method, amount: total, reference: null }] : [], changeGiven: 0, method };
  }
  const payments = input.payments.map((p) => ({ method: p.method, amount: p.amount, reference: p.reference ?? null }));
  const paid = payments.reduce((sum, p) => sum + p.amount, 0);
  if (paid < total) {
    const due = total - paid;
    throw paymentsRefused(`UGX ${formatMoney(due)} is still due: the payments do not cover the total.`, { due });
  }
  // Change is handed back in cash only: mobile money, bank and card together may not pay more than the total.
  const notCash = payments.filter((p) => p.method !== 'CASH').reduce((sum, p) => sum + p.amount, 0);
  if (notCash > total)
    throw paymentsRefused(
      `Only cash can be more than the total: the other payments come to UGX ${formatMoney(notCash)}, over the total of UGX ${formatMoney(total)}.`,
    );
  const methods = new Set(payments.map((p) => p.method));
  const method = methods.size > 1 ? SPLIT_PAYMENT : (payments[0]?.method ?? 'CASH');
  return { payments, changeGiven: paid - total, method };
}
