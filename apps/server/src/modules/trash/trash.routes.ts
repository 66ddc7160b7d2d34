import { API } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/access.ts';
import { paginate } from '../../platform/listing.ts';
import { route } from '../../platform/route.ts';
import { purgeRecord, restoreRecord, trashQuery } from '../../platform/trash.ts';
import type { AppServices } from '../../services.ts';

// The trash: every registered kind's soft-deleted records, restored or removed for good.

export const trashRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db }) => {
  const endpoints = API.trash;

  route(app, endpoints.list, (request) => paginate(trashQuery(db, request.query.search), request.query));

  route(app, endpoints.restore, async (request) => {
    await restoreRecord(db, request.params.model, request.params.id, requestContext(request));
    return { success: true as const, message: 'Record restored successfully!' };
  });

  route(app, endpoints.purge, async (request) => {
    await purgeRecord(db, request.params.model, request.params.id, requestContext(request));
    return { success: true as const, message: 'Record deleted successfully!' };
  });
};
