import { discrepancyListQuerySchema, discrepancyResolutionSchema, idField } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can, requestContext } from '../../platform/access.ts';
import { paginate } from '../../platform/listing.ts';
import type { AppServices } from '../../services.ts';
import { countOpenDiscrepancies, discrepancyQuery } from './discrepancies.queries.ts';
import { resolveDiscrepancy } from './discrepancies.service.ts';

// Stock discrepancies: the shortfalls of offline sales, listed and resolved by a manager.
export const discrepancyRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  app.get(
    '/stockdiscrepancylist',
    { config: can('stockDiscrepancyList'), schema: { querystring: discrepancyListQuerySchema } },
    async (request) => paginate(discrepancyQuery(db, request.query), request.query),
  );
  app.get('/stockdiscrepancycount', { config: can('stockDiscrepancyList') }, async () => ({
    success: true,
    data: { open: await countOpenDiscrepancies(db) },
  }));
  // The batches a write-off may come from: the same product's, with stock.
  app.get(
    '/stockdiscrepancybatches/:id',
    {
      config: can('stockDiscrepancyResolve'),
      schema: { params: z.object({ id: idField('Stock discrepancy not found.') }) },
    },
    async (request) => ({
      success: true,
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
    }),
  );
  app.put(
    '/stockdiscrepancyresolve/:id',
    {
      config: can('stockDiscrepancyResolve'),
      schema: {
        params: z.object({ id: idField('Stock discrepancy not found.') }),
        body: discrepancyResolutionSchema,
      },
    },
    async (request) => ({
      success: true,
      message: 'Discrepancy resolved.',
      data: await resolveDiscrepancy(db, request.params.id, request.body, requestContext(request), timeZone),
    }),
  );
};
