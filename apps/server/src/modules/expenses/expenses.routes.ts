import { API, EXPENSE_CATEGORY_SUGGESTIONS, expenseList, type ListQueryOf, paymentLabel } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCrudRoutes } from '../../platform/crud-routes.ts';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import { type ExpenseRow, expenseQuery, totalExpenses, usedCategories } from './expenses.queries.ts';
import * as expenses from './expenses.service.ts';

type ExpenseListQuery = ListQueryOf<typeof expenseList>;

export const expenseRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  // The list and its files come from the declaration; the record's five other calls from its contracts.
  const { list: _list, xlsx: _xlsx, csv: _csv, ...endpoints } = API.expense;
  registerCrudRoutes(app, db, {
    endpoints,
    kind: expenses.expenseKind,
    idsField: 'expense_ids',
    service: {
      get: expenses.getExpense,
      create: (database, input, ctx) => expenses.createExpense(database, input, ctx, timeZone),
      update: (database, id, input, ctx) => expenses.updateExpense(database, id, input, ctx, timeZone),
    },
    messages: { label: 'Expense', plural: 'expense' },
    // Declared in packages/shared/src/lists (expenseList): the list, its files (with the period and the total spent
    // in their header rows) and the period and category filters, which need expenseFilter.
    declared: {
      declaration: expenseList,
      source: {
        rows: (query: ExpenseListQuery) => expenseQuery(db, query),
        total: (query: ExpenseListQuery) => totalExpenses(db, query),
        present: (row: ExpenseRow) => ({ ...row, payment_label: paymentLabel(row.payment_method) }),
      },
      timeZone,
    },
  });

  // For the form's category field and the list's filter (signed in, like the other lookups: category names are not
  // figures): the suggestions first, then every other category used before.
  route(app, endpoints.categories, async () => {
    const used = await usedCategories(db);
    const known = new Set(EXPENSE_CATEGORY_SUGGESTIONS.map((c) => c.toLowerCase()));
    return {
      success: true as const,
      data: [...EXPENSE_CATEGORY_SUGGESTIONS, ...used.filter((c) => !known.has(c.toLowerCase()))],
    };
  });
};
