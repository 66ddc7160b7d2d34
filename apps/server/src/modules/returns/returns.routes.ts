// Returns: record one against a sale, show one, list them (paged, period filter, XLSX/CSV).
import { API } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/access.ts';
import { type ExportFormat, periodPreamble, sendExport, throughCursor } from '../../platform/exports.ts';
import { paginate } from '../../platform/listing.ts';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import * as queries from './returns.queries.ts';
import { processReturn } from './returns.service.ts';

export const returnRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  const endpoints = API.return;
  route(app, endpoints.store, async (request) => ({
    success: true as const,
    message: 'Return recorded successfully!',
    data: await processReturn(db, request.params.saleId, request.body, requestContext(request)),
  }));
  route(app, endpoints.show, async (request) => ({
    success: true as const,
    data: await queries.getReturn(db, timeZone, request.params.id),
  }));
  route(app, endpoints.list, (request) => paginate(queries.returnsQuery(db, timeZone, request.query), request.query));
  for (const format of ['xlsx', 'csv'] as ExportFormat[]) {
    route(app, endpoints[format], async (request, reply) =>
      sendExport(reply, format, {
        name: 'sales-returns',
        columns: queries.returnExportColumns(timeZone),
        preamble: periodPreamble('Sales returns', request.query, [
          'Total returned value (UGX)',
          await queries.totalRefunds(db, timeZone, request.query),
        ]),
        rows: throughCursor(queries.returnsQuery(db, timeZone, request.query)),
        timeZone,
      }),
    );
  }
};
