import { API, trashList } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/access.ts';
import { registerList } from '../../platform/list-routes.ts';
import { route } from '../../platform/route.ts';
import { purgeRecord, restoreRecord, trashQuery } from '../../platform/trash.ts';
import type { AppServices } from '../../services.ts';

// The trash: every registered kind's soft-deleted records, restored or removed for good.

export const trashRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  const endpoints = API.trash;

  // Declared in packages/shared/src/lists (trashList): one query over a union of every kind's trashed rows.
  registerList(app, trashList, { rows: (query) => trashQuery(db, query.search) }, timeZone);

  route(app, endpoints.restore, async (request) => {
    await restoreRecord(db, request.params.model, request.params.id, requestContext(request));
    return { success: true as const, message: 'Record restored successfully!' };
  });

  route(app, endpoints.purge, async (request) => {
    await purgeRecord(db, request.params.model, request.params.id, requestContext(request));
    return { success: true as const, message: 'Record deleted successfully!' };
  });
};
