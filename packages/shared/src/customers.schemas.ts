import { z } from 'zod';
import { DEFAULT_PAYMENT_TERMS_DAYS, PAYMENT_METHODS } from './constants.ts';
import { EMAIL_PATTERN, numeric, optionalTextField, phoneNumber, requiredText } from './fields.ts';
import { formatMoney } from './format.ts';
import { blankAsAbsent, isoDate } from './list.schemas.ts';
import { MAX_MONEY } from './money.ts';
import { mobileMoneyNeedsReference, paymentAmountField, paymentMethodField } from './sales.schemas.ts';

// The debt book's inputs: a customer, a payment to their account, the reversal of one, and a statement's period.

/** Blank text (spaces alone too) or null is absent. */
const blankTextAsAbsent = (v: unknown) => blankAsAbsent(typeof v === 'string' ? v.trim() : v);

/** An optional text: blank (or null) is absent. */
const optionalText = (max: number) => z.preprocess(blankTextAsAbsent, optionalTextField(max).optional());

export const customerUpdateSchema = z.object({
  name: requiredText('Name is required.', 150),
  phone_number: phoneNumber(),
  email: z.preprocess(
    blankTextAsAbsent,
    optionalTextField(150).regex(EMAIL_PATTERN, { error: 'Invalid email format.' }).optional(),
  ),
  address: optionalText(300),
  tin: optionalText(50),
  /** UGX; 0: the customer may not buy on account. */
  credit_limit: numeric(
    z
      .number({ error: 'The credit limit must be a whole number of shillings from 0.' })
      .int({ error: 'The credit limit must be a whole number of shillings from 0.' })
      .min(0, { error: 'The credit limit must be a whole number of shillings from 0.' })
      .max(MAX_MONEY, { error: `At most UGX ${formatMoney(MAX_MONEY)}.` }),
  ).default(0),
  /** Days after a sale its amount on account falls due. */
  payment_terms_days: numeric(
    z
      .number({ error: 'Payment terms must be a whole number of days from 0 to 365.' })
      .int({ error: 'Payment terms must be a whole number of days from 0 to 365.' })
      .min(0, { error: 'Payment terms must be a whole number of days from 0 to 365.' })
      .max(365, { error: 'Payment terms must be a whole number of days from 0 to 365.' }),
  ).default(DEFAULT_PAYMENT_TERMS_DAYS),
  notes: optionalText(1000),
});
export const customerCreateSchema = customerUpdateSchema;
export type CustomerInput = z.infer<typeof customerUpdateSchema>;

/** How a customer pays their account: what the till takes, never the account itself. */
export const customerPaymentSchema = z
  .object({
    customer_id: numeric(
      z.number({ error: 'Customer is required.' }).int().positive({ error: 'Customer is required.' }),
    ),
    amount: paymentAmountField('Amount is required.'),
    method: paymentMethodField('Payment method is required.', PAYMENT_METHODS),
    reference: optionalText(100),
    /** YYYY-MM-DD, not in the future; absent: today. */
    payment_date: z.preprocess(blankAsAbsent, isoDate('The payment date must be a date (YYYY-MM-DD).').optional()),
  })
  .superRefine(mobileMoneyNeedsReference);
export type CustomerPaymentInput = z.infer<typeof customerPaymentSchema>;

export const customerPaymentReverseSchema = z.object({
  reason: requiredText('Say why the payment is reversed.', 500),
});

/** A statement's period, both days included; absent: from the first record to today. */
export const statementQuerySchema = z
  .object({
    startDate: z.preprocess(blankAsAbsent, isoDate('The start date must be a date (YYYY-MM-DD).').optional()),
    endDate: z.preprocess(blankAsAbsent, isoDate('The end date must be a date (YYYY-MM-DD).').optional()),
  })
  .refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, {
    error: 'The end date cannot be before the start date.',
    path: ['endDate'],
  });

/** The debt book's aging buckets: not yet due, then days past the due date (sale date + payment terms). */
export const AGING_BUCKETS = ['current', 'd1_30', 'd31_60', 'd61_90', 'over_90'] as const;
export const AGING_BUCKET_LABELS: Record<(typeof AGING_BUCKETS)[number], string> = {
  current: 'Current',
  d1_30: '1–30 days',
  d31_60: '31–60 days',
  d61_90: '61–90 days',
  over_90: 'Over 90 days',
};
/** The most days past due each bucket holds (the last holds every day beyond): the one aging rule. */
export const AGING_BUCKET_MOST_DAYS: Record<(typeof AGING_BUCKETS)[number], number | null> = {
  current: 0,
  d1_30: 30,
  d31_60: 60,
  d61_90: 90,
  over_90: null,
};
