import { z } from 'zod';
import { recordEndpoints, recordListEndpoint } from '../contract/crud.ts';
import { can, day, defineEndpoint, file, instant, ok } from '../contract/endpoint.ts';
import { expenseExportQuerySchema, expenseListQuerySchema, expenseSchema } from '../expenses.schemas.ts';
import { named } from '../reports/rows.ts';

// Expenses: the money the shop spends outside stock, their list and files, and the categories the form suggests.

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

/** A row of the list, and the show call's record. */
export const expenseRow = z.object({
  ...expenseFields,
  supplier: named,
  user: named,
  created_at: instant,
});
export type ExpenseRow = z.output<typeof expenseRow>;

const expenseFile = (format: 'xlsx' | 'csv') =>
  defineEndpoint({
    method: 'GET',
    path: `/expense${format}`,
    access: can('expenseExport'),
    resource: 'expense',
    query: expenseExportQuerySchema,
    answer: file(format),
    summary: `The expenses as ${format.toUpperCase()}, with the list's search and filters.`,
  });

export const expensesEndpoints = {
  list: recordListEndpoint('expense', expenseRow, expenseListQuerySchema),
  ...recordEndpoints({
    word: 'expense',
    paths: {
      store: '/expensestore',
      show: '/expenseshow',
      update: '/expenseupdate',
      delete: '/expensedelete',
      bulkDelete: '/expensesdelete',
    },
    idsField: 'expense_ids',
    create: expenseSchema,
    update: expenseSchema,
    shown: expenseRow,
    made: z.object(expenseFields),
  }),
  xlsx: expenseFile('xlsx'),
  csv: expenseFile('csv'),
  /** The form's and the filter's categories: the suggestions first, then every other one used before. */
  categories: defineEndpoint({
    method: 'GET',
    path: '/getexpensecategories',
    access: 'signedIn',
    resource: 'expense',
    answer: ok(z.array(z.string())),
    summary: 'The expense categories: the suggested ones, then every other one used before.',
  }),
};
