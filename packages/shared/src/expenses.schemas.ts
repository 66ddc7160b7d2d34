import { z } from 'zod';
import { idField } from './catalogue.schemas.ts';
import { PAYMENT_METHODS } from './constants.ts';
import { day } from './contract/endpoint.ts';
import { cleanText, numeric, requiredText } from './fields.ts';
import { formatMoney } from './format.ts';
import { blankAsAbsent, dateRangeSchema, isoDate } from './list.schemas.ts';
import { MAX_MONEY } from './money.ts';

// Expenses: what the shop spent outside stock (rent, wages, transport…), so the profit and loss statement
// and the dashboard can take them off gross profit. One schema for store and update, form and route.

/** The categories the form suggests; any other text up to 100 characters is accepted, and later suggested too. */
export const EXPENSE_CATEGORY_SUGGESTIONS = [
  'Rent',
  'Salaries and wages',
  'Transport',
  'Electricity and water',
  'Airtime and data',
  'Repairs and maintenance',
  'Taxes and licences',
  'Other',
] as const;

const optionalText = (max: number, label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? cleanText(v) || null : (blankAsAbsent(v) ?? null)),
    z
      .string({ error: `The ${label} must be text.` })
      .max(max, { error: `At most ${max} characters.` })
      .nullable(),
  );

export const expenseSchema = z.object({
  /** Not in the future in the shop's time zone: checked by the server, which knows the zone. */
  expense_date: isoDate('Expense date is required.'),
  category: requiredText('Category is required.', 100),
  description: requiredText('Description is required.', 500),
  amount: z.preprocess(
    blankAsAbsent,
    numeric(
      z
        .number({ error: 'Amount is required.' })
        .int({ error: 'Amounts are whole shillings.' })
        .min(1, { error: 'The amount must be above 0.' })
        .max(MAX_MONEY, { error: `At most UGX ${formatMoney(MAX_MONEY)}.` }),
    ),
  ),
  payment_method: z.enum(PAYMENT_METHODS, { error: 'Payment method is required.' }),
  /** A mobile-money transaction id, a receipt or cheque number. */
  reference: optionalText(100, 'reference'),
  supplier_id: z.preprocess((v) => blankAsAbsent(v) ?? null, idField('Choose a supplier from the list.').nullable()),
});
export type ExpenseInput = z.infer<typeof expenseSchema>;

export const EXPENSE_FUTURE_MESSAGE = 'The expense date cannot be in the future.';

/** The expenses' filters: the period (startDate/endDate, both included) and a category (any case); blank is none. */
export const expenseFilterSchema = dateRangeSchema.safeExtend({
  category: z.preprocess(
    blankAsAbsent,
    z.string().trim().max(100, { error: 'The category may have at most 100 characters.' }).optional(),
  ),
});

/** An expense as it was recorded (the store call's answer). */
export const expenseFields = {
  id: z.number(),
  expense_date: day,
  category: z.string(),
  description: z.string(),
  amount: z.number(),
  /** As stored: MOBILE_MONEY. */
  payment_method: z.string(),
  reference: z.string().nullable(),
  supplier_id: z.number().nullable(),
};
