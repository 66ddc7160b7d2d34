import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { API, type ReturnOf } from '@duka/shared';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import { readPosSnapshot } from './pos-snapshot.queries.ts';

const gzip = promisify(zlib.gzip);

/** A copy read once, and gzipped at most once, for every request that shares it. */
interface Copy {
  json: string;
  gzipped?: Promise<Buffer>;
}

// GET /api/possnapshot: what the till needs to keep selling offline, fetched in the background while online.
export const posSnapshotRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db }) => {
  // The copy being read, shared by the requests that arrive meanwhile. A chain's copy holds 460,000 batches: each
  // reading takes ~500 MB of the server's memory for a few seconds, and six tills asking at once ran the server out
  // of memory (bench/measurements.md, the till's local copy). Tills that ask together now get the same copy: one
  // that asks during a reading gets a copy begun up to a reading earlier (its `taken_at` says when), and its next
  // refresh brings what changed since.
  let reading: Promise<Copy> | undefined;
  const readCopy = () => {
    reading ??= readPosSnapshot(db)
      .then((data) => {
        // Sent as the JSON text it is: the answer's schema (the contract, checked by the API tests) would otherwise
        // parse and copy tens of thousands of batches on every request before serializing them.
        const answer = { success: true as const, data } satisfies ReturnOf<typeof API.sale.snapshot>;
        return { json: JSON.stringify(answer) };
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };

  route(app, API.sale.snapshot, async (request, reply) => {
    // Prices and balances change with every sale: never kept by the browser or a proxy.
    reply.header('cache-control', 'no-store');
    reply.header('vary', 'Accept-Encoding');
    reply.type('application/json; charset=utf-8');
    const copy = await readCopy();
    const takesGzip = negotiate(request.headers['accept-encoding'] ?? '', ['gzip']) === 'gzip';
    if (!takesGzip) return reply.send(copy.json);
    // A busy shop's copy is 10 MB of JSON (a chain's 100 MB), fetched again every few minutes, often over mobile
    // data: gzip's fastest level sends an eighth of it (1.2 MB) for ~30 ms of a worker thread, off the event loop.
    // Its default level saves a further fifth for four times the CPU (bench/measurements.md, the till's local copy).
    copy.gzipped ??= gzip(copy.json, { level: zlib.constants.Z_BEST_SPEED });
    return reply.header('content-encoding', 'gzip').send(await copy.gzipped);
  });
};
