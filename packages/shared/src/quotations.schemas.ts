import { z } from 'zod';
import { idField, quantityField } from './catalogue.schemas.ts';
import { hasAtMostDecimals, numeric, optionalTextField, phoneField, requiredText } from './fields.ts';
import { formatMoney, formatQuantity } from './format.ts';
import { blankAsAbsent, isoDate } from './list.schemas.ts';
import { MAX_LINE_QUANTITY, MAX_MONEY, MAX_SALE_LINES } from './money.ts';
import { ACCOUNT_PAYMENT } from './payments.ts';
import { salePaymentSchema } from './sales.schemas.ts';

// Quotations (proformas) a contractor takes to a client, their conversion into a sale at the quoted prices, and the
// delivery notes of goods collected over several trips.

/** OPEN until converted or cancelled; EXPIRED is an open quotation past its valid-until day, computed when read. */
export const QUOTATION_STATUSES = ['OPEN', 'CONVERTED', 'EXPIRED', 'CANCELLED'] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];
export const QUOTATION_STATUS_LABELS: Record<QuotationStatus, string> = {
  OPEN: 'Open',
  CONVERTED: 'Converted',
  EXPIRED: 'Expired',
  CANCELLED: 'Cancelled',
};
/** How long a quotation holds when the user does not say. */
export const DEFAULT_QUOTATION_DAYS = 14;

const required = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsAbsent, schema);
const blankTextAsAbsent = (v: unknown) => blankAsAbsent(typeof v === 'string' ? v.trim() : v);
const optionalText = (max: number) => z.preprocess(blankTextAsAbsent, optionalTextField(max).optional());

export const quotationLineSchema = z.object({
  product_id: required(idField('Product is required.')),
  brand_id: z.preprocess((v) => blankAsAbsent(v) ?? null, idField('Brand is required.').nullable()),
  /** The unit quoted: the product's base or another of its units. */
  measurement_id: required(idField('Unit is required.')),
  quantity: required(
    quantityField('Quantity is required.', {
      max: {
        value: MAX_LINE_QUANTITY,
        message: `At most ${formatQuantity(MAX_LINE_QUANTITY)} on one line.`,
      },
    }),
  ),
  /** Whole shillings per unit quoted; absent: today's price of the batch it would be sold from first. */
  unit_price: z.preprocess(
    blankAsAbsent,
    numeric(
      z
        .number({ error: 'The unit price must be a whole number of shillings.' })
        .int({ error: 'The unit price must be a whole number of shillings.' })
        .min(0, { error: 'The unit price cannot be negative.' })
        .max(MAX_MONEY, { error: `At most UGX ${formatMoney(MAX_MONEY)}.` }),
    ).optional(),
  ),
});
export type QuotationLineInput = z.infer<typeof quotationLineSchema>;

export const quotationSchema = z
  .object({
    /** A customer of the debt book, or a name and phone for anyone else. */
    customer_id: z.preprocess(blankAsAbsent, idField('Unknown customer.').optional()),
    customer_name: optionalText(150),
    customer_phone: z.preprocess(
      blankTextAsAbsent,
      phoneField('Customer phone is required.', 'Invalid customer phone format. Please enter only digits.').optional(),
    ),
    /** YYYY-MM-DD; absent: 14 days from today. */
    valid_until: z.preprocess(blankAsAbsent, isoDate('The valid-until date must be a date (YYYY-MM-DD).').optional()),
    notes: optionalText(1000),
    discount: z.preprocess(
      (v) => blankAsAbsent(v) ?? 0,
      numeric(
        z
          .number({ error: 'The discount must be a number from 0 to 100.' })
          .min(0, { error: 'The discount must be a number from 0 to 100.' })
          .max(100, { error: 'The discount must be a number from 0 to 100.' })
          .refine((n) => hasAtMostDecimals(n, 2), { error: 'Use at most 2 decimals for the discount.' }),
      ),
    ),
    lines: z
      .array(quotationLineSchema, { error: 'Add at least one line.' })
      .min(1, { error: 'Add at least one line.' })
      .max(MAX_SALE_LINES, { error: `At most ${MAX_SALE_LINES} lines on one quotation.` }),
  })
  .superRefine((v, ctx) => {
    if (v.customer_id) return;
    if (!v.customer_name)
      ctx.addIssue({ code: 'custom', path: ['customer_name'], message: 'Customer name is required.' });
    if (!v.customer_phone)
      ctx.addIssue({ code: 'custom', path: ['customer_phone'], message: 'Customer phone is required.' });
  });
export type QuotationInput = z.infer<typeof quotationSchema>;

export const quotationCancelSchema = z.object({
  reason: requiredText('Say why the quotation is cancelled.', 500),
});

export const quotationConvertSchema = z
  .object({
    payments: z
      .array(salePaymentSchema, { error: 'Add a payment.' })
      .min(1, { error: 'Add a payment.' })
      .max(10, { error: 'At most 10 payments.' }),
    /** The customer whose account takes an ACCOUNT payment; absent: the quotation's customer. */
    customer_id: z.preprocess(blankAsAbsent, idField('Unknown customer.').optional()),
    /** The goods stay in the yard, collected later against delivery notes. */
    deliver_later: z.preprocess((v) => blankAsAbsent(v) ?? false, z.boolean({ error: 'Deliver later is yes or no.' })),
    /** An expired quotation converts only at today's prices. */
    reprice: z.preprocess((v) => blankAsAbsent(v) ?? false, z.boolean({ error: 'Re-price is yes or no.' })),
    credit_override_reason: optionalText(500),
    idempotencyKey: z
      .string({ error: 'A sale key is required.' })
      .regex(/^[A-Za-z0-9-]{8,100}$/, { error: 'A sale key is required.' }),
  })
  .superRefine((v, ctx) => {
    if (v.payments.filter((p) => p.method === ACCOUNT_PAYMENT).length > 1)
      ctx.addIssue({ code: 'custom', path: ['payments'], message: 'Put the sale on account in one payment.' });
  });
export type QuotationConvertInput = z.infer<typeof quotationConvertSchema>;

export const deliveryNoteSchema = z.object({
  sale_id: required(idField('Sale is required.')),
  lines: z
    .array(
      z.object({
        sale_item_id: required(idField('The sale line is required.')),
        /** In the unit sold. */
        quantity: required(quantityField('Quantity is required.')),
      }),
      { error: 'Add at least one line.' },
    )
    .min(1, { error: 'Add at least one line.' })
    .max(MAX_SALE_LINES, { error: `At most ${MAX_SALE_LINES} lines on one delivery note.` }),
  vehicle: optionalText(50),
  driver: optionalText(100),
  received_by: optionalText(100),
});
export type DeliveryNoteInput = z.infer<typeof deliveryNoteSchema>;
