import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppServices } from '../../services.ts';
import { readAppearance } from './appearance.service.ts';

// The installable web app's manifest, written on each request so the installed app carries the shop's
// name from the appearance settings. The icons are bundled with the client (apps/web/public/icons), never fetched
// from elsewhere. Revalidated on every load, like index.html, so a renamed shop shows at the next start.
export const webManifestRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db }) => {
  app.get(
    '/manifest.webmanifest',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      const name = (await readAppearance(db)).name || 'Duka';
      reply.header('content-type', 'application/manifest+json; charset=utf-8');
      reply.header('cache-control', 'no-cache');
      return {
        id: '/',
        name,
        short_name: name.length > 12 ? name.slice(0, 12).trimEnd() : name,
        description: `${name}: point of sale and back office`,
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1c7ed6',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon-maskable.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
        ],
      };
    },
  );
};
