import { API, applicationLogList } from '@duka/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ExportFormat, sendExport } from '../../platform/exports.ts';
import { registerList } from '../../platform/list-routes.ts';
import { type ContractRequest, route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import * as logs from './logs.service.ts';

export const logRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  const endpoints = API.log;

  route(app, endpoints.columns, async () => ({ success: true as const, ...(await logs.logColumns(db)) }));

  // Declared in packages/shared/src/lists (applicationLogList): the list and its filters.
  registerList(app, applicationLogList, { rows: (query) => logs.logQuery(db, timeZone, query) }, timeZone);

  route(app, endpoints.show, async (request) => ({
    success: true as const,
    data: await logs.getLog(db, timeZone, request.params.id),
  }));

  /** One entry as a file of one row. */
  const exportLog =
    (format: ExportFormat) => async (request: ContractRequest<typeof endpoints.xlsx>, reply: FastifyReply) => {
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
    };
  route(app, endpoints.xlsx, exportLog('xlsx'));
  route(app, endpoints.csv, exportLog('csv'));
};
