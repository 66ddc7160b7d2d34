// Serves the built web client: the brotli or gzip copy the build wrote beside each file when the browser
// takes it (scripts/precompress.mjs), hashed assets cached for a year (their name changes with their content) and
// index.html revalidated on every load, so a new version reaches the shop at once. Client-side routes fall back to
// index.html; a missing asset is a plain 404, not a page the browser would try to run as a script.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Vite names built assets `name-<8+ char hash>.ext` under assets/. */
const HASHED_ASSET = /[/\\]assets[/\\][^/\\]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/;

export async function serveWebApp(app: FastifyInstance, webRoot: string) {
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', HASHED_ASSET.test(filePath) ? IMMUTABLE : 'no-cache');
      // The same URL is sent brotli, gzip or plain: a shared cache must keep them apart.
      res.setHeader('vary', 'Accept-Encoding');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    // A HEAD (an uptime check, a proxy's probe) is answered as the GET it stands for, without the body.
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    const isPage = isRead && !request.url.startsWith('/api') && !request.url.startsWith('/assets/');
    if (isPage) return reply.sendFile('index.html');
    return reply.code(404).send({ success: false, message: 'Not found.' });
  });
}
