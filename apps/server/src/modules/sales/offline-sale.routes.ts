import { API } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/access.ts';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import { discardOfflineSale } from './offline-sale.ts';

// POST /api/salesofflinediscard: a till discarding an offline sale the server refused for good leaves its
// trace in the activity log; the sale itself was never recorded.
export const offlineSaleRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db }) => {
  route(app, API.sale.offlineDiscard, async (request) => {
    await discardOfflineSale(db, request.body, requestContext(request));
    return { success: true as const, message: 'The sale was discarded; the activity log keeps a note of it.' };
  });
};
