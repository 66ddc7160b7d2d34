import { z } from 'zod';
import { quantityField } from './catalogue.schemas.ts';
import { PAYMENT_METHODS } from './constants.ts';
import {
  EMAIL_PATTERN,
  hasAtMostDecimals,
  numeric,
  optionalTextField,
  phoneField,
  requiredEmail,
  requiredText,
  yesNo,
} from './fields.ts';
import { formatMoney, formatQuantity } from './format.ts';
import { MAX_LINE_QUANTITY, MAX_MONEY, MAX_SALE_LINES } from './money.ts';
import { ACCOUNT_PAYMENT, SALE_PAYMENT_METHODS } from './payments.ts';

// The point of sale. Prices are not part of the input: the server takes them from the
// batches.

/** A sale's or a return's line quantity: above 0, 3 decimals, at most MAX_LINE_QUANTITY. */
export const lineQuantityField = () =>
  quantityField('Quantity is required.', {
    max: { value: MAX_LINE_QUANTITY, message: `At most ${formatQuantity(MAX_LINE_QUANTITY)} per line.` },
  });

/** A whole-shilling amount above 0, at most MAX_MONEY: a payment or a refund. */
export const paymentAmountField = (required: string) =>
  numeric(
    z
      .number({ error: required })
      .int({ error: 'Amounts are whole shillings.' })
      .positive({ error: 'A payment must be more than 0.' })
      .max(MAX_MONEY, { error: `At most UGX ${formatMoney(MAX_MONEY)}.` }),
  );

export const saleItemSchema = z.object({
  batchNumber: z
    .string({ error: 'Each line needs a batch.' })
    .regex(/^BN[0-9A-F]{14}$/, { error: 'Each line needs a batch.' }),
  quantity: lineQuantityField(),
  productId: numeric(z.number().int().positive()).optional(),
  brandId: numeric(z.number().int().positive()).optional(),
  /**
   * The unit the line is sold in: the batch's (base) unit or another unit of its product (Tonne for a batch of
   * Bags); absent: the base. `quantity` is in this unit.
   */
  measurementId: numeric(z.number().int().positive()).optional(),
  /**
   * Ignored: the batch's sale price is charged. Accepted so the original client (docs/rules.md) can send its cart as it
   * is.
   */
  salePrice: z.unknown().optional(),
});

const optionalText = (max: number) =>
  optionalTextField(max)
    .optional()
    .or(z.null().transform(() => undefined));

/** Absent on a receipt sale; sent for an invoice, where it must be filled in (the POS fills in defaults). */
const invoiceField = <T extends z.ZodType>(field: T) =>
  z.preprocess((v) => (v === null ? undefined : v), field.optional());

/** A payment method as typed or sent ("Mobile Money", "mobile_money"): one of `methods`. */
export const paymentMethodField = <const M extends readonly [string, ...string[]]>(message: string, methods: M) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase().replace(/\s+/g, '_') : v),
    z.enum(methods, { error: message }),
  );

/** Mobile Money is matched with the evening's messages by the transaction id from the SMS. */
export function mobileMoneyNeedsReference(p: { method: string; reference?: string | undefined }, ctx: z.RefinementCtx) {
  if (p.method === 'MOBILE_MONEY' && !p.reference)
    ctx.addIssue({
      code: 'custom',
      path: ['reference'],
      message: 'Mobile Money needs the transaction id from the SMS.',
    });
}

/**
 * One payment of a sale: cash is what was handed over (it may exceed the total: the excess is change);
 * Mobile Money needs the transaction id from the SMS so the evening's messages can be matched; Bank and Card may
 * carry a reference.
 */
export const salePaymentSchema = z
  .object({
    method: paymentMethodField('Each payment needs a method.', SALE_PAYMENT_METHODS),
    amount: paymentAmountField('Each payment needs an amount.'),
    reference: optionalText(100).transform((v) => v || undefined),
  })
  .superRefine(mobileMoneyNeedsReference);
export type SalePaymentInput = z.infer<typeof salePaymentSchema>;

const saleObject = z.object({
  customerName: requiredText('Customer name is required.', 150),
  customerPhone: phoneField('Customer phone is required.', 'Invalid customer phone format. Please enter only digits.'),
  customerEmail: invoiceField(requiredEmail('Customer email is required.').max(150)),
  customerAddress: invoiceField(requiredText('Customer address is required.', 300)),
  items: z
    .array(saleItemSchema, { error: 'The cart is empty.' })
    .min(1, { error: 'The cart is empty.' })
    .max(MAX_SALE_LINES, { error: `At most ${MAX_SALE_LINES} lines: split the sale in two.` }),
  discount: numeric(
    z
      .number({ error: 'The discount must be a number from 0 to 100.' })
      .min(0, { error: 'The discount must be a number from 0 to 100.' })
      .max(100, { error: 'The discount must be a number from 0 to 100.' })
      // The receipt shows the percent as stored (2 decimals); more would not match the amount taken off.
      .refine((n) => hasAtMostDecimals(n, 2), { error: 'Use at most 2 decimals for the discount.' }),
  ).default(0),
  /** The original client's single method: one payment of the whole total. Optional when `payments` is given. */
  paymentMethod: paymentMethodField('Payment method is required.', PAYMENT_METHODS).optional(),
  payments: z
    .array(salePaymentSchema)
    .min(1, { error: 'Add a payment.' })
    .max(10, { error: 'At most 10 payments.' })
    .optional(),
  notice: optionalText(1000),
  /** The customer the sale is for: needed to put any of it on account (an ACCOUNT payment). */
  customer_id: numeric(
    z.number({ error: 'Unknown customer.' }).int().positive({ error: 'Unknown customer.' }),
  ).optional(),
  /** Why a sale goes past the customer's available credit: only a holder of customerCreditOverride may give it. */
  credit_override_reason: optionalText(500),
  /** Generated by the client per sale: a repeated submit returns the first sale instead of making a second. */
  idempotencyKey: z
    .string({ error: 'A sale key is required.' })
    .regex(/^[A-Za-z0-9-]{8,100}$/, { error: 'A sale key is required.' }),
  /**
   * A sale made while the till was offline: the till's clock when it was made, and the flag that makes a
   * short batch a stock discrepancy instead of a refusal. The server checks the time's range.
   */
  made_at: z.iso
    .datetime({ offset: true, error: 'The time the sale was made must be an ISO date and time.' })
    .optional(),
  /**
   * When the till's local copy it sold from was taken (the copy's taken_at): the sale cannot have been made before.
   * Tills from before it was sent leave it out; their sales are bounded by the other rules.
   */
  copy_at: z.iso
    .datetime({ offset: true, error: 'The time of the local copy must be an ISO date and time.' })
    .optional(),
  offline: z.literal(true, { error: 'offline can only be true.' }).optional(),
  /** The goods stay in the yard, paid for and taken from stock, collected later against delivery notes. */
  deliver_later: z.boolean({ error: 'Deliver later is yes or no.' }).optional(),
});
// Either way of paying: the original client's paymentMethod or the till's payments.
export const saleSchema = saleObject.superRefine((sale, ctx) => {
  if (!sale.paymentMethod && !sale.payments)
    ctx.addIssue({ code: 'custom', path: ['paymentMethod'], message: 'Payment method is required.' });
  if (!sale.customer_id && sale.payments?.some((p) => p.method === ACCOUNT_PAYMENT))
    ctx.addIssue({
      code: 'custom',
      path: ['customer_id'],
      message: 'Choose the customer whose account the sale goes on.',
    });
  if (sale.payments && sale.payments.filter((p) => p.method === ACCOUNT_PAYMENT).length > 1)
    ctx.addIssue({ code: 'custom', path: ['payments'], message: 'Put the sale on account in one payment.' });
  if (sale.offline && !sale.made_at)
    ctx.addIssue({ code: 'custom', path: ['made_at'], message: 'An offline sale needs the time it was made.' });
  if (sale.made_at && !sale.offline)
    ctx.addIssue({ code: 'custom', path: ['made_at'], message: 'Only an offline sale carries the time it was made.' });
  if (sale.copy_at && !sale.offline)
    ctx.addIssue({ code: 'custom', path: ['copy_at'], message: 'Only an offline sale carries the time of its copy.' });
  // The till sold from a copy taken at copy_at: a sale dated earlier was dated by a wrong clock (or forged to an
  // earlier time, when the batch held more).
  if (sale.made_at && sale.copy_at && Date.parse(sale.made_at) < Date.parse(sale.copy_at))
    ctx.addIssue({
      code: 'custom',
      path: ['made_at'],
      message: 'The sale is dated before the local copy it was sold from (copy_at). Check the till’s date and time.',
    });
});
export type SaleInput = z.infer<typeof saleSchema>;

/** Uganda's standard VAT rate, in percent. */
export const DEFAULT_VAT_RATE = 18;
const VAT_RATE_MESSAGE = 'VAT rate must be a number from 0 to 100 (at most 2 decimals).';

export const businessInfoSchema = z.object({
  business_name: requiredText('business name is required.', 150),
  business_reg_number: requiredText('business registration number is required.', 100),
  business_tin: requiredText('business tax identification number is required.', 100),
  business_slogan: optionalText(200),
  business_address: requiredText('business address is required.', 300),
  business_email: requiredText('business email required.', 150).regex(EMAIL_PATTERN, {
    error: 'Invalid email format.',
  }),
  business_contact: phoneField(
    'business contact required.',
    'Invalid business contact format. Please enter only digits.',
  ),
  business_website: optionalText(200).refine((v) => !v || /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(v), {
    error: 'Invalid website format. Please enter a valid URL.',
  }),
  business_legal_disclaimer: optionalText(1000),
  // VAT: when registered, prices include VAT at this rate and each sale stores its VAT. Optional, so
  // a client that does not know them (the original client's form) leaves them as they are.
  vat_registered: yesNo.optional(),
  vat_rate: numeric(
    z
      .number({ error: VAT_RATE_MESSAGE })
      .min(0, { error: VAT_RATE_MESSAGE })
      .max(100, { error: VAT_RATE_MESSAGE })
      .refine((n) => hasAtMostDecimals(n, 2), { error: VAT_RATE_MESSAGE }),
  ).optional(),
});
export type BusinessInfo = z.infer<typeof businessInfoSchema>;
