import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { API, type ReturnOf } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import { readPosSnapshot } from './pos-snapshot.queries.ts';

const gzip = promisify(zlib.gzip);

/** Whether an Accept-Encoding header takes gzip (named, or `*`, and not with q=0). */
function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return (coding.trim() === 'gzip' || coding.trim() === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

// GET /api/possnapshot: what the till needs to keep selling offline, fetched in the background while online.
export const posSnapshotRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db }) => {
  route(app, API.sale.snapshot, async (request, reply) => {
    // Prices and balances change with every sale: never kept by the browser or a proxy.
    reply.header('cache-control', 'no-store');
    reply.header('vary', 'Accept-Encoding');
    // Sent as the JSON text it is: a big shop's copy holds tens of thousands of batches, which the answer's schema
    // (the contract, checked by the API tests) would otherwise parse and copy on every request before serializing.
    const answer = { success: true as const, data: await readPosSnapshot(db) } satisfies ReturnOf<
      typeof API.sale.snapshot
    >;
    const json = JSON.stringify(answer);
    reply.type('application/json; charset=utf-8');
    if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(json);
    // A busy shop's copy is 10 MB of JSON (a chain's 100 MB), fetched again every few minutes, often over mobile
    // data: gzip's fastest level sends an eighth of it (1.2 MB) for ~30 ms of a worker thread, off the event loop.
    // Its default level saves a further fifth for four times the CPU (bench/measurements.md, the till's local copy).
    const body = await gzip(json, { level: zlib.constants.Z_BEST_SPEED });
    return reply.header('content-encoding', 'gzip').send(body);
  });
};
