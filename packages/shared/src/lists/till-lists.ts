import { z } from 'zod';
import { defineList, listCalls, overShopDays } from './declaration.ts';

// The till's lists (issue 13): the saved end-of-day cash-ups.

export const cashUpRowSchema = z.object({
  id: z.number(),
  day: z.string(),
  user_id: z.number(),
  cashier: z.string().nullable(),
  opening_float: z.number(),
  cash_taken: z.number(),
  change_given: z.number(),
  cash_refunds: z.number(),
  expected_cash: z.number(),
  counted_cash: z.number(),
  difference: z.number(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type CashUpRecord = z.infer<typeof cashUpRowSchema>;

export const cashUpList = defineList({
  title: 'Cash-ups',
  ...listCalls('salescashup', 'cash-ups'),
  ...overShopDays('Total difference (UGX)'),
  keys: { list: 'salesCashUpList', export: 'salesCashUpList' },
  row: cashUpRowSchema,
  columns: [
    { header: 'Day', field: 'day', kind: 'text' },
    { header: 'Cashier', field: 'cashier', kind: 'text' },
    { header: 'Opening Float', field: 'opening_float', kind: 'money' },
    { header: 'Cash Taken', field: 'cash_taken', kind: 'money' },
    { header: 'Change Given', field: 'change_given', kind: 'money' },
    { header: 'Cash Refunds', field: 'cash_refunds', kind: 'money' },
    { header: 'Expected Cash', field: 'expected_cash', kind: 'money' },
    { header: 'Counted Cash', field: 'counted_cash', kind: 'money' },
    { header: 'Difference', field: 'difference', kind: 'money' },
    { header: 'Saved', field: 'created_at', kind: 'date' },
  ],
});
