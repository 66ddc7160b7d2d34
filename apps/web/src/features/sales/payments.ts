import { formatMoney, largestChange } from '@duka/shared';

// The payment step's preview of the server's rules (sale-payments.ts on the server): payments cover the total, only
// cash may go over it (the excess is change, within a ceiling), Mobile Money carries its transaction id.
export interface PaymentRow {
  method: string;
  amount: number;
  reference: string;
}

export function paymentsSummary(rows: PaymentRow[], total: number) {
  const paid = rows.reduce((sum, r) => sum + r.amount, 0);
  const notCash = rows.filter((r) => r.method !== 'CASH').reduce((sum, r) => sum + r.amount, 0);
  const due = Math.max(0, total - paid);
  let problem: string | undefined;
  if (due > 0) problem = `UGX ${formatMoney(due)} is still due: the payments do not cover the total.`;
  else if (notCash > total) problem = 'Only cash can be more than the total.';
  else if (paid - total > largestChange(total))
    problem = `At most UGX ${formatMoney(largestChange(total))} of change on this sale: check the cash handed over.`;
  else if (rows.some((r) => r.method === 'MOBILE_MONEY' && r.amount > 0 && !r.reference.trim()))
    problem = 'Mobile Money needs the transaction id from the SMS.';
  return { paid, due, change: Math.max(0, paid - total), problem, isReady: !problem };
}
