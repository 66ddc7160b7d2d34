import { ACCOUNT_PAYMENT, formatMoney, largestChange } from '@duka/shared';

// The payment step's preview of the server's rules (sale-payments.ts on the server): payments cover the total, only
// cash may go over it (the excess is change, within a ceiling), Mobile Money carries its transaction id, and what goes
// on the customer's account stays within their available credit (customers/account.ts), unless a holder of the
// override gives a reason.
export interface PaymentRow {
  method: string;
  amount: number;
  reference: string;
  /** An account row that takes whatever the other payments leave of the total, until its amount is typed. */
  isRest?: boolean;
}

/** The customer whose account a sale may go on, and what the seller may do with it. */
export interface AccountTender {
  name: string;
  /** What they may still put on account: the limit less the balance (and the outbox's sales not yet sent). */
  available: number;
  /** customerCreditOverride: may go past it with a reason. */
  canOverride: boolean;
}

const sumOf = (rows: PaymentRow[]) => rows.reduce((sum, r) => sum + r.amount, 0);

/** The rows with each "rest" account row taking what the others leave of the total (0 when they cover it). */
export function withRestOnAccount(rows: PaymentRow[], total: number): PaymentRow[] {
  return rows.map((row) =>
    row.method === ACCOUNT_PAYMENT && row.isRest
      ? { ...row, amount: Math.max(0, total - sumOf(rows.filter((r) => r !== row))) }
      : row,
  );
}

/** The refusal of an account part past the available credit, in the server's words. */
export const overCreditMessage = (account: AccountTender, onAccount: number) =>
  `Only UGX ${formatMoney(account.available)} of credit is available to ${account.name}: this sale would put UGX ${formatMoney(onAccount)} on account.`;

export const REASON_NEEDED = 'Give the reason to go past the credit limit.';

export function paymentsSummary(rows: PaymentRow[], total: number, account?: AccountTender, overrideReason = '') {
  const paid = sumOf(rows);
  const notCash = sumOf(rows.filter((r) => r.method !== 'CASH'));
  const accountRows = rows.filter((r) => r.method === ACCOUNT_PAYMENT && r.amount > 0);
  const onAccount = sumOf(accountRows);
  const isOverCredit = account !== undefined && onAccount > account.available;
  const due = Math.max(0, total - paid);
  let problem: string | undefined;
  if (due > 0) problem = `UGX ${formatMoney(due)} is still due: the payments do not cover the total.`;
  else if (accountRows.length > 0 && !account) problem = 'Choose the customer whose account the sale goes on.';
  else if (accountRows.length > 1) problem = 'Put the sale on account in one payment.';
  else if (notCash > total) problem = 'Only cash can be more than the total.';
  else if (paid - total > largestChange(total))
    problem = `At most UGX ${formatMoney(largestChange(total))} of change on this sale: check the cash handed over.`;
  else if (rows.some((r) => r.method === 'MOBILE_MONEY' && r.amount > 0 && !r.reference.trim()))
    problem = 'Mobile Money needs the transaction id from the SMS.';
  // Said by the step beside the account row (overCreditMessage), with the reason field for an override holder.
  const needsCredit = Boolean(!problem && account && isOverCredit && !(account.canOverride && overrideReason.trim()));
  if (needsCredit && account) problem = account.canOverride ? REASON_NEEDED : overCreditMessage(account, onAccount);
  return {
    paid,
    due,
    change: Math.max(0, paid - total),
    onAccount,
    isOverCredit,
    /** The problem is the customer's credit (shown beside the account row rather than under the payments). */
    needsCredit,
    problem,
    isReady: !problem,
  };
}
