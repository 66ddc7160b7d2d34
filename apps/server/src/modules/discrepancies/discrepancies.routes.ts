import { API, discrepancyList } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/access.ts';
import { registerList } from '../../platform/list-routes.ts';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import { countOpenDiscrepancies, discrepancyQuery } from './discrepancies.queries.ts';
import { resolveDiscrepancy } from './discrepancies.service.ts';

// Stock discrepancies: the shortfalls of offline sales, listed and resolved by a manager.

export const discrepancyRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  const endpoints = API.discrepancy;

  // Declared in packages/shared/src/lists (discrepancyList): the list and its status filter.
  registerList(app, discrepancyList, { rows: (query) => discrepancyQuery(db, query) }, timeZone);

  route(app, endpoints.openCount, async () => ({
    success: true as const,
    data: { open: await countOpenDiscrepancies(db) },
  }));

  // The batches a write-off may come from: the same product's, with stock.
  route(app, endpoints.batches, async (request) => ({
    success: true as const,
    data: await db
      .selectFrom('stock_discrepancies as d')
      .innerJoin('stock_batches as s', 's.product_id', 'd.product_id')
      .select(['s.id', 's.batch_number', 's.balance', 's.stock_date'])
      .where('d.id', '=', request.params.id)
      .where('s.deleted_at', 'is', null)
      .where('s.balance', '>', 0)
      .orderBy('s.stock_date')
      .orderBy('s.id')
      .execute(),
  }));

  route(app, endpoints.resolve, async (request) => ({
    success: true as const,
    message: 'Discrepancy resolved.',
    data: await resolveDiscrepancy(db, request.params.id, request.body, requestContext(request), timeZone),
  }));
};
