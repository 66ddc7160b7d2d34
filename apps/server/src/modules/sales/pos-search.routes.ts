import { API } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import { lineBatches, searchPos } from './pos-search.queries.ts';

// The POS search box and the barcode scanner: at most 20 sellable lines, best first (pos-search.queries.ts).
export const posSearchRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db }) => {
  route(app, API.sale.search, async (request) => ({
    success: true as const,
    data: await searchPos(db, request.query.q),
  }));
  // Changing the batch of a cart line: the batches it may take instead.
  route(app, API.sale.lineBatches, async (request) => ({
    success: true as const,
    data: await lineBatches(db, request.query),
  }));
};
