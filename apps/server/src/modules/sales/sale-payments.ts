// How a sale is paid: the payments checked against the total the server computed, the change to give
// and the method the sale stores. Pure, so the rules are read (and tested) in one place.
import { ACCOUNT_PAYMENT, formatMoney, largestChange, type SaleInput, SPLIT_PAYMENT } from '@duka/shared';
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
  // The original client's single method (docs/rules.md) means one payment of the whole total (none for a sale
  // discounted to nothing).
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
  // What goes on account is what the deposit leaves of the total: change on top of it would put on account money the
  // customer took home in the drawer's cash.
  const onAccount = payments.find((p) => p.method === ACCOUNT_PAYMENT);
  if (onAccount && paid > total) {
    const paidNow = paid - onAccount.amount;
    throw paymentsRefused(
      paidNow >= total
        ? `UGX ${formatMoney(paidNow)} paid now covers the total of UGX ${formatMoney(total)}: put nothing on account.`
        : `A sale on account gives no change: with UGX ${formatMoney(paidNow)} paid now, put UGX ${formatMoney(total - paidNow)} on account.`,
    );
  }
  // Change is handed back in cash only: mobile money, bank and card together may not pay more than the total.
  const notCash = payments.filter((p) => p.method !== 'CASH').reduce((sum, p) => sum + p.amount, 0);
  if (notCash > total)
    throw paymentsRefused(
      `Only cash can be more than the total: the other payments come to UGX ${formatMoney(notCash)}, over the total of UGX ${formatMoney(total)}.`,
    );
  // A ceiling on change: cash of UGX 10 billion on a 1,000 sale is a typo (or a forged request), not change to give.
  const change = paid - total;
  if (change > largestChange(total))
    throw paymentsRefused(
      `UGX ${formatMoney(change)} of change is more than a sale of UGX ${formatMoney(total)} can give (at most UGX ${formatMoney(largestChange(total))}): check the cash handed over.`,
    );
  const methods = new Set(payments.map((p) => p.method));
  const method = methods.size > 1 ? SPLIT_PAYMENT : (payments[0]?.method ?? 'CASH');
  return { payments, changeGiven: change, method };
}
