import { z } from 'zod';
import { can, canAny, defineEndpoint, doneWith, type Endpoint, instant, ok } from '../contract/endpoint.ts';
import { listEndpoints } from '../contract/lists.ts';
import { idParamSchema } from '../list.schemas.ts';
import { cashUpList, cashUpRowSchema, methodTotalSchema } from '../lists/till-lists.ts';
import { cashUpQuerySchema, cashUpRecountSchema, cashUpSchema } from '../till.schemas.ts';
import { option } from './common.ts';

// The cash-up: a cashier's shop day still to count (its expected figures), saving it with the counted cash, a
// manager's recount, one saved cash-up with its other counts, and the list of saved cash-ups with its files.

/** Each endpoint of a group with its summary. */
const summarized = <const E extends Record<string, Endpoint>>(endpoints: E, summaries: { [K in keyof E]: string }) =>
  Object.fromEntries(Object.entries(endpoints).map(([key, e]) => [key, { ...e, summary: summaries[key] }])) as E;

/**
 * The cashier's day as the cash-up screen shows it before saving: what is still to count (from the day's last
 * cut-off, or its start, up to now or the day's end), the expected cash for the float given, and the cash-ups already
 * saved for the day. `can_save`: the day has no cash-up yet, or something was sold or returned since its last one.
 */
export const cashUpDay = z.object({
  date: z.string(),
  cashier: option,
  /** Always false: the day as still to count (the saved ones are in cash_ups). */
  saved: z.boolean(),
  opening_float: z.number(),
  opened_at: instant,
  closed_at: instant,
  sales_count: z.number(),
  returns_count: z.number(),
  /** Payments to customers' accounts (and reversals of them) still to count. */
  account_payments_count: z.number(),
  /** Cash handed over for sales and for customers' accounts. */
  cash_taken: z.number(),
  change_given: z.number(),
  cash_refunds: z.number(),
  /** Payments to suppliers in cash out of the drawer (and reversals of them) still to count. */
  supplier_payments_count: z.number(),
  /** The cash they took out of the drawer, less what reversals put back. */
  cash_paid_out: z.number(),
  by_method: z.array(methodTotalSchema),
  expected_cash: z.number(),
  counted_cash: z.null(),
  difference: z.null(),
  note: z.null(),
  can_save: z.boolean(),
  /** The day's saved cash-ups, first counts and recounts, in the order they were saved. */
  cash_ups: z.array(cashUpRowSchema),
});
export type CashUpDay = z.output<typeof cashUpDay>;

/** One saved cash-up, with every count of the same cash-up (its first count and recounts), oldest first. */
export const cashUpShown = cashUpRowSchema.extend({ counts: z.array(cashUpRowSchema) });
export type CashUpShown = z.output<typeof cashUpShown>;

export const cashupEndpoints = {
  day: defineEndpoint({
    method: 'GET',
    path: '/salescashup',
    access: canAny('salesCashUp', 'salesCashUpAll'),
    resource: ['cashUp', 'sale', 'return', 'supplierPayment'],
    query: cashUpQuerySchema,
    answer: ok(cashUpDay),
    summary: "A cashier's day still to count: expected figures by method, and the day's saved cash-ups",
  }),
  /** The picker of the cash-up screen: whose day a holder of salesCashUpAll may count. */
  cashiers: defineEndpoint({
    method: 'GET',
    path: '/salescashupcashiers',
    access: can('salesCashUpAll'),
    resource: 'user',
    answer: ok(z.array(option)),
    summary: 'The users not in the trash, by name: whose day may be counted',
  }),
  store: defineEndpoint({
    method: 'POST',
    path: '/salescashupstore',
    access: canAny('salesCashUp', 'salesCashUpAll'),
    resource: 'cashUp',
    body: cashUpSchema,
    answer: doneWith(z.object({ id: z.number(), expected_cash: z.number(), difference: z.number() })),
    errors: [409],
    summary: 'Save the cash-up of a cashier’s day (409 when nothing is left to count or the expected cash changed)',
  }),
  /** A manager's recount of a saved cash-up: a new record referring to the first, with its reason. */
  recount: defineEndpoint({
    method: 'POST',
    path: '/salescashuprecount/:id',
    access: can('salesCashUpRecount'),
    resource: 'cashUp',
    params: idParamSchema,
    body: cashUpRecountSchema,
    answer: doneWith(
      z.object({ id: z.number(), recount_of: z.number(), expected_cash: z.number(), difference: z.number() }),
    ),
    summary: 'Record a recount of a saved cash-up, with its reason',
  }),
  show: defineEndpoint({
    method: 'GET',
    path: '/salescashupshow/:id',
    access: canAny('salesCashUp', 'salesCashUpAll', 'salesCashUpList'),
    resource: 'cashUp',
    params: idParamSchema,
    answer: ok(cashUpShown),
    summary: 'One saved cash-up with its other counts (a cashier reads only their own)',
  }),
  list: summarized(listEndpoints(cashUpList), {
    list: 'The saved cash-ups, newest day first, each recount a row of its own',
    xlsx: 'The cash-ups list as an Excel file',
    csv: 'The cash-ups list as a CSV file',
  }),
};
