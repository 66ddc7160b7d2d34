import { z } from 'zod';
import { PAYMENT_METHODS } from './constants.ts';
import { cleanText, numeric, optionalTextField, requiredText } from './fields.ts';
import { formatMoney } from './format.ts';
import { blankAsAbsent, isoDate } from './list.schemas.ts';
import { MAX_MONEY, MAX_SALE_LINES } from './money.ts';
import { lineQuantityField } from './sales.schemas.ts';

// The till after the sale: returns with their refunds, and the end-of-day cash-up.

const method = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase().replace(/\s+/g, '_') : v),
    z.enum(PAYMENT_METHODS, { error: message }),
  );
const shillings = (message: string) =>
  numeric(
    z
      .number({ error: message })
      .int({ error: 'Amounts are whole shillings.' })
      .min(0, { error: 'The amount cannot be negative.' })
      .max(MAX_MONEY, { error: `At most UGX ${formatMoney(MAX_MONEY)}.` }),
  );
const optionalNote = (max: number) =>
  z.preprocess(blankAsAbsent, optionalTextField(max).optional()).transform((v) => v || undefined);

export const saleReturnSchema = z
  .object({
    items: z
      .array(
        z.object({
          sale_item_id: numeric(z.number({ error: 'Choose the line to return.' }).int().positive()),
          /** In the unit the line was sold in (Tonnes for a line sold in Tonnes of a batch of Bags). */
          quantity: lineQuantityField(),
        }),
        { error: 'Choose what comes back.' },
      )
      .min(1, { error: 'Choose what comes back.' })
      .max(MAX_SALE_LINES, { error: `At most ${MAX_SALE_LINES} lines.` }),
    // Not requiredText: its aborting check would keep the refund method's rule below from being reported with it.
    reason: z
      .string({ error: 'Give the reason for the return.' })
      .overwrite(cleanText)
      .min(1, { error: 'Give the reason for the return.' })
      .max(300, { error: 'At most 300 characters.' }),
    refund_method: method('Refund method is required.'),
    refund_reference: optionalNote(100),
  })
  .superRefine((r, ctx) => {
    if (r.refund_method === 'MOBILE_MONEY' && !r.refund_reference)
      ctx.addIssue({
        code: 'custom',
        path: ['refund_reference'],
        message: 'A Mobile Money refund needs its transaction id.',
      });
  });
export type SaleReturnInput = z.infer<typeof saleReturnSchema>;

/** The cash-up of one shop day: the signed-in cashier's unless user_id names another (salesCashUpAll). */
export const cashUpQuerySchema = z.object({
  date: isoDate('The date must be a date (YYYY-MM-DD).'),
  user_id: z.preprocess(blankAsAbsent, numeric(z.number({ error: 'Unknown cashier.' }).int().positive()).optional()),
  /** The float the cashier is about to enter, for the expected cash before saving; 0 when absent. */
  opening_float: z.preprocess(blankAsAbsent, shillings('Opening float must be an amount.').optional()),
});
export type CashUpQuery = z.infer<typeof cashUpQuerySchema>;
export const cashUpSchema = z.object({
  date: isoDate('The date must be a date (YYYY-MM-DD).'),
  user_id: z.preprocess(blankAsAbsent, numeric(z.number({ error: 'Unknown cashier.' }).int().positive()).optional()),
  opening_float: shillings('Opening float is required.'),
  counted_cash: shillings('Counted cash is required.'),
  note: optionalNote(1000),
  /**
   * The expected cash the person counting was shown (and confirmed the difference against). When given, a save whose
   * expected cash is no longer that (a sale or return came in meanwhile) is refused, so the difference saved is the
   * one confirmed.
   */
  expected_cash: z.preprocess(
    blankAsAbsent,
    numeric(
      z
        .number({ error: 'Expected cash must be an amount.' })
        .int({ error: 'Amounts are whole shillings.' })
        .min(-MAX_MONEY)
        .max(MAX_MONEY),
    ).optional(),
  ),
});
export type CashUpInput = z.infer<typeof cashUpSchema>;

/** A recount of a saved cash-up (salesCashUpRecount): the cash counted again, why, and the float if it was wrong. */
export const cashUpRecountSchema = z.object({
  counted_cash: shillings('Counted cash is required.'),
  opening_float: z.preprocess(blankAsAbsent, shillings('Opening float must be an amount.').optional()),
  reason: requiredText('Give the reason for the recount.', 300),
});
export type CashUpRecountInput = z.infer<typeof cashUpRecountSchema>;

/** Returns older than this many days (security setting sales_return_days) are refused. */
export const DEFAULT_SALES_RETURN_DAYS = 30;
