import { brandParam, idField, trimBlanks } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppServices } from '../../services.ts';
import { lineBatches, searchPos } from './pos-search.queries.ts';

const query = z.object({
  q: z
    .string({ error: 'Type something to search for.' })
    .overwrite(trimBlanks)
    .min(1, { error: 'Type something to search for.' })
    .max(100, { error: 'At most 100 characters.' }),
});

// The POS search box and the barcode scanner: at most 20 sellable lines, best first (pos-search.queries.ts).
export const posSearchRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db }) => {
  app.get(
    '/possearch',
    { config: { access: { permission: 'salesPOS' } }, schema: { querystring: query } },
    async (request) => ({
      success: true,
      data: await searchPos(db, request.query.q),
    }),
  );
  // Changing the batch of a cart line: the batches it may take instead.
  app.get(
    '/posbatches',
    {
      config: { access: { permission: 'salesPOS' } },
      schema: {
        querystring: z.object({
          product_id: idField('Product is required.'),
          // `none`: the line's goods have no brand.
          brand_id: brandParam('Brand is required.'),
          measurement_id: idField('Measurement is required.'),
        }),
      },
    },
    async (request) => ({ success: true, data: await lineBatches(db, request.query) }),
  );
};
