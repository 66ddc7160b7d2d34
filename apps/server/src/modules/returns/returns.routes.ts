// Returns: record one against a sale, show one, list them (paged, period filter, XLSX/CSV).
import { dateRangeSchema, idParamSchema, listQuerySchema, saleReturnSchema } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can, canAny, requestContext } from '../../platform/access.ts';
import { type ExportFormat, periodPreamble, sendExport, throughCursor } from '../../platform/exports.ts';
import { paginate } from '../../platform/listing.ts';
import type { AppServices } from '../../services.ts';
import * as queries from './returns.queries.ts';
import { processReturn } from './returns.service.ts';

const saleIdParam = z.object({ saleId: idParamSchema.shape.id });
// Whoever takes returns or reads the sales list may read returns.
const readers = canAny('salesReturn', 'salesList');

export const returnRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  app.post(
    '/salesreturnstore/:saleId',
    { config: can('salesReturn'), schema: { params: saleIdParam, body: saleReturnSchema } },
    async (request) => ({
      success: true,
      message: 'Return recorded successfully!',
      data: await processReturn(db, request.params.saleId, request.body, requestContext(request)),
    }),
  );
  app.get('/salesreturnshow/:id', { config: readers, schema: { params: idParamSchema } }, async (request) => ({
    success: true,
    data: await queries.getReturn(db, timeZone, request.params.id),
  }));
  const listQuery = listQuerySchema.and(dateRangeSchema);
  app.get('/salesreturnlist', { config: readers, schema: { querystring: listQuery } }, (request) =>
    paginate(queries.returnsQuery(db, timeZone, request.query), request.query),
  );
  for (const format of ['xlsx', 'csv'] as ExportFormat[]) {
    app.get(
      `/salesreturn${format}`,
      { config: readers, schema: { querystring: listQuerySchema.pick({ search: true }).and(dateRangeSchema) } },
      async (request, reply) =>
        sendExport(reply, format, {
          name: 'sales-returns',
          columns: queries.returnExportColumns(timeZone),
          preamble: periodPreamble('Sales returns', request.query, [
            'Total refunds (UGX)',
            await queries.totalRefunds(db, timeZone, request.query),
          ]),
          rows: throughCursor(queries.returnsQuery(db, timeZone, request.query)),
          timeZone,
        }),
    );
  }
};
