import { API, type ReturnOf } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import { readPosSnapshot } from './pos-snapshot.queries.ts';

// GET /api/possnapshot: what the till needs to keep selling offline, fetched in the background while online.
export const posSnapshotRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db }) => {
  route(app, API.sale.snapshot, async (_request, reply) => {
    // Prices and balances change with every sale: never kept by the browser or a proxy.
    reply.header('cache-control', 'no-store');
    // Sent as the JSON text it is: a big shop's copy holds tens of thousands of batches, which the answer's schema
    // (the contract, checked by the API tests) would otherwise parse and copy on every request before serializing.
    const answer = { success: true as const, data: await readPosSnapshot(db) } satisfies ReturnOf<
      typeof API.sale.snapshot
    >;
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer));
  });
};
