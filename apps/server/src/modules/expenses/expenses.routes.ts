import { API, EXPENSE_CATEGORY_SUGGESTIONS, EXPENSE_FILTERS } from '@duka/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/access.ts';
import { registerCrudRoutes } from '../../platform/crud-routes.ts';
import { accessDenied } from '../../platform/errors.ts';
import { type ExportFormat, periodPreamble, sendExport, throughCursor } from '../../platform/exports.ts';
import { paginate } from '../../platform/listing.ts';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import {
  EXPENSE_EXPORT_COLUMNS,
  type ExpenseFilter,
  expenseQuery,
  totalExpenses,
  usedCategories,
} from './expenses.queries.ts';
import * as expenses from './expenses.service.ts';

/** A period or category filter needs expenseFilter: the screen hides the panel without it, the server refuses. */
function checkFilters(request: FastifyRequest, query: Record<string, unknown>) {
  const filtered = EXPENSE_FILTERS.some((f) => query[f] !== undefined);
  if (filtered && !requireActor(request).keys.has('expenseFilter')) throw accessDenied();
}

export const expenseRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  const endpoints = API.expense;
  // The list is registered by the CRUD helper; its filters are checked here, after validation, before the handler.
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.url === `/api${endpoints.list.path}`) {
      checkFilters(request, request.query as Record<string, unknown>);
    }
  });

  registerCrudRoutes(app, db, {
    endpoints,
    kind: expenses.expenseKind,
    idsField: 'expense_ids',
    service: {
      list: (database, query) => paginate(expenseQuery(database, query), query),
      get: expenses.getExpense,
      create: (database, input, ctx) => expenses.createExpense(database, input, ctx, timeZone),
      update: (database, id, input, ctx) => expenses.updateExpense(database, id, input, ctx, timeZone),
    },
    messages: { label: 'Expense', plural: 'expense' },
  });

  for (const format of ['xlsx', 'csv'] as ExportFormat[]) {
    route(app, endpoints[format], async (request, reply) => {
      const filter: ExpenseFilter = request.query;
      checkFilters(request, filter as Record<string, unknown>);
      return sendExport(reply, format, {
        name: 'expenses',
        columns: EXPENSE_EXPORT_COLUMNS,
        preamble: periodPreamble('Expenses', filter, ['Total Expenses (UGX)', await totalExpenses(db, filter)]),
        rows: throughCursor(expenseQuery(db, filter)),
        timeZone,
      });
    });
  }

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
