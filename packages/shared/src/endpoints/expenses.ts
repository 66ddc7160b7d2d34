import { z } from 'zod';
import { recordEndpoints } from '../contract/crud.ts';
import { defineEndpoint, ok } from '../contract/endpoint.ts';
import { listEndpoints } from '../contract/lists.ts';
import { expenseFields, expenseSchema } from '../expenses.schemas.ts';
import { expenseList, expenseRow } from '../lists/activity-lists.ts';

// Expenses: the money the shop spends outside stock, their declared list and files (lists/activity-lists.ts, with
// the record's row), and the categories the form suggests.

export const expensesEndpoints = {
  /** /expenselist, /expensexlsx and /expensecsv, from the declaration. */
  ...listEndpoints(expenseList),
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
