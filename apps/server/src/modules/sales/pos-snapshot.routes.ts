import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { can } from '../../platform/access.ts';
import type { AppServices } from '../../services.ts';
import { readPosSnapshot } from './pos-snapshot.queries.ts';

// GET /api/possnapshot: what the till needs to keep selling offline, fetched in the background while online.
export const posSnapshotRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db }) => {
  app.get('/possnapshot', { config: can('salesPOS') }, async (_request, reply) => {
    // Prices and balances change with every sale: never kept by the browser or a proxy.
    reply.header('cache-control', 'no-store');
    return { success: true, data: await readPosSnapshot(db) };
  });
};
