import { MAX_AMOUNT, requiredText, saleSchema } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can, requestContext } from '../../platform/access.ts';
import type { AppServices } from '../../services.ts';
import { discardOfflineSale } from './offline-sale.ts';

const discardSchema = z.object({
  idempotencyKey: saleSchema.shape.idempotencyKey,
  made_at: z.iso.datetime({ offset: true, error: 'The time the sale was made must be an ISO date and time.' }),
  total_amount: z
    .number({ error: 'The total must be a whole number of shillings.' })
    .int({ error: 'The total must be a whole number of shillings.' })
    .min(0, { error: 'The total must be a whole number of shillings.' })
    .max(MAX_AMOUNT),
  reason: requiredText('The reason the server gave is required.', 1000),
});

// POST /api/salesofflinediscard: a till discarding an offline sale the server refused for good leaves its
// trace in the activity log; the sale itself was never recorded.
export const offlineSaleRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db }) => {
  app.post('/salesofflinediscard', { config: can('salesPOS'), schema: { body: discardSchema } }, async (request) => {
    await discardOfflineSale(db, request.body, requestContext(request));
    return { success: true, message: 'The sale was discarded; the activity log keeps a note of it.' };
  });
};
