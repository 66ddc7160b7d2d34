import { z } from 'zod';
import { instant } from '../contract/endpoint.ts';
import { defineList, listCalls, overShopDays } from './declaration.ts';

// The till's lists: the saved cash-ups, first counts and recounts (each recount a row of its own).

/** What one payment method brought in and refunded over a cash-up's window. */
export const methodTotalSchema = z.object({
  method: z.string(),
  sales_count: z.number(),
  /** What the method brought in: for cash, what was handed over less the change given. */
  sales_amount: z.number(),
  returns_count: z.number(),
  refunds: z.number(),
  /** Payments to customers' accounts taken by this method, less reversals of them (never the sales on account). */
  account_payments_count: z.number(),
  account_payments: z.number(),
});
export type MethodTotal = z.output<typeof methodTotalSchema>;

/** The same figures as a saved cash-up keeps them (jsonb, which orders an object's keys by their length). */
const savedMethodTotalSchema = z.object({
  method: z.string(),
  refunds: z.number(),
  sales_count: z.number(),
  sales_amount: z.number(),
  returns_count: z.number(),
  /** Absent on a cash-up saved before the debt book. */
  account_payments: z.number().optional(),
  account_payments_count: z.number().optional(),
});

export const cashUpRowSchema = z.object({
  id: z.number(),
  day: z.string(),
  user_id: z.number(),
  cashier: z.string().nullable(),
  /** The window it counted: from (inclusive) to its cut-off (exclusive). */
  opened_at: instant,
  closed_at: instant,
  opening_float: z.number(),
  /** Cash handed over for sales and for customers' accounts. */
  cash_taken: z.number(),
  change_given: z.number(),
  cash_refunds: z.number(),
  /** Cash paid to suppliers out of the drawer (0 on a cash-up saved before there were any). */
  cash_paid_out: z.number(),
  expected_cash: z.number(),
  counted_cash: z.number(),
  difference: z.number(),
  /** Each payment method's figures, as saved. */
  by_method: z.array(savedMethodTotalSchema),
  note: z.string().nullable(),
  /** The first cash-up of a recount, and the recount's reason; null on a first count. */
  recount_of: z.number().nullable(),
  reason: z.string().nullable(),
  /** "First count" or "Recount of No. 12". */
  count_label: z.string(),
  /** What the cash-up counted (a recount: its first count's). */
  sales_count: z.number(),
  returns_count: z.number(),
  saved_by: z.string().nullable(),
  created_at: instant,
});
export type CashUpRecord = z.output<typeof cashUpRowSchema>;

export const cashUpList = defineList({
  title: 'Cash-ups',
  ...listCalls('salescashup', 'cash-ups'),
  ...overShopDays('Total difference (UGX)'),
  keys: { list: 'salesCashUpList', export: 'salesCashUpList' },
  resources: ['cashUp'],
  row: cashUpRowSchema,
  columns: [
    { header: 'No.', field: 'id', kind: 'text' },
    { header: 'Day', field: 'day', kind: 'date' },
    { header: 'Cashier', field: 'cashier', kind: 'text' },
    { header: 'Count', field: 'count_label', kind: 'text' },
    { header: 'Sales', field: 'sales_count', kind: 'quantity' },
    { header: 'Returns', field: 'returns_count', kind: 'quantity' },
    { header: 'Opening Float', field: 'opening_float', kind: 'money' },
    { header: 'Cash Taken', field: 'cash_taken', kind: 'money' },
    { header: 'Change Given', field: 'change_given', kind: 'money' },
    { header: 'Cash Refunds', field: 'cash_refunds', kind: 'money' },
    { header: 'Paid Out to Suppliers', field: 'cash_paid_out', kind: 'money' },
    { header: 'Expected Cash', field: 'expected_cash', kind: 'money' },
    { header: 'Counted Cash', field: 'counted_cash', kind: 'money' },
    { header: 'Difference', field: 'difference', kind: 'money' },
    { header: 'Reason', field: 'reason', kind: 'text' },
    { header: 'Saved', field: 'created_at', kind: 'date' },
    { header: 'Saved By', field: 'saved_by', kind: 'text' },
  ],
});
