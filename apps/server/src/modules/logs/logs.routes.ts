import { idParamSchema, listQuerySchema } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { can } from '../../platform/access.ts';
import { type ExportFormat, sendExport } from '../../platform/exports.ts';
import type { AppServices } from '../../services.ts';
import * as logs from './logs.service.ts';

export const logRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  const config = can('applicationLogs');

  app.get('/applicationlogcolumns', { config }, async () => ({ success: true, ...(await logs.logColumns(db)) }));

  app.get(
    '/applicationloglist',
    { config, schema: { querystring: listQuerySchema.and(logs.logFilterSchema) } },
    (request) => logs.listLogs(db, timeZone, request.query),
  );

  app.get('/applicationlog/:id', { config, schema: { params: idParamSchema } }, async (request) => ({
    success: true,
    data: await logs.getLog(db, timeZone, request.params.id),
  }));

  for (const format of ['xlsx', 'csv'] as ExportFormat[]) {
    app.get(`/applicationlog${format}/:id`, { config, schema: { params: idParamSchema } }, async (request, reply) => {
      const log = await logs.getLog(db, timeZone, request.params.id);
      return sendExport(reply, format, {
        name: `applicationlogs_${log.id}`,
        columns: [
          { header: 'Type', value: (l: typeof log) => l.type },
          { header: 'Activity', value: (l) => l.activity },
          { header: 'Details', value: (l) => l.details, width: 80 },
          { header: 'Browser', value: (l) => l.browser },
          { header: 'Platform', value: (l) => l.platform },
          { header: 'IP', value: (l) => l.ip },
          { header: 'User', value: (l) => l.user?.name ?? 'N/A' },
          { header: 'Date', value: (l) => l.formatted_created_at, width: 20 },
        ],
        rows: (async function* () {
          yield [log];
        })(),
        timeZone,
      });
    });
  }
};
