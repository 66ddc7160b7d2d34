import { PAYMENT_METHODS } from './constants.ts';

// The till's payment methods and their names, without a schema: the till, its receipts and the lists read them.

/** A sale's part put on the customer's account: a payment method of the till's payments, never money taken. */
export const ACCOUNT_PAYMENT = 'ACCOUNT';
/** What the till's payments may be: money, or the named customer's account. */
export const SALE_PAYMENT_METHODS = [...PAYMENT_METHODS, ACCOUNT_PAYMENT] as const;

export const PAYMENT_LABELS: Record<(typeof SALE_PAYMENT_METHODS)[number], string> = {
  CASH: 'Cash',
  MOBILE_MONEY: 'Mobile Money',
  BANK: 'Bank',
  CARD: 'Card',
  ACCOUNT: 'On account',
};
/** A sale paid by more than one method stores SPLIT as its method (its payments say how). */
export const SPLIT_PAYMENT = 'SPLIT';

/** A stored payment method as people read it: MOBILE_MONEY → Mobile Money. */
export const paymentLabel = (method: string) =>
  method === SPLIT_PAYMENT ? 'Split' : (PAYMENT_LABELS[method as keyof typeof PAYMENT_LABELS] ?? method);
