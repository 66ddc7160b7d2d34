import { discrepancyListQuerySchema, discrepancyResolutionSchema, idField } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can, requestContext } from '../../platform/access.ts';
import { paginate } from '../../platform/listing.ts';
import type { AppServices } from '../../services.ts';
import { countOpenDiscrepancies, discrepancyQuery } from './discrepancies.queries.ts';
import { resolveDiscrepancy } from './discrepancies.service.ts';

// Stock discrepancies (issue 16): the shortfalls of offline sales, listed and resolved by a manager.
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
