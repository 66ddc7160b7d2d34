import { idParamSchema, listQuerySchema } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can, requestContext } from '../../platform/access.ts';
import { paginate } from '../../platform/listing.ts';
import { purgeRecord, restoreRecord, trashQuery } from '../../platform/trash.ts';
import type { AppServices } from '../../services.ts';

// The trash: every registered kind's soft-deleted records, restored or removed for good.
const trashParams = z.object({
  model: z.string().regex(/^[a-z_]{1,40}$/, { error: 'Unknown record type.' }),
  id: idParamSchema.shape.id,
});

export const trashRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db }) => {
  const config = can('trash');

  app.get('/trashlist', { config, schema: { querystring: listQuerySchema } }, (request) =>
    paginate(trashQuery(db, request.query.search), request.query),
  );

  app.put('/trashrestore/:model/:id', { config, schema: { params: trashParams } }, async (request) => {
    await restoreRecord(db, request.params.model, request.params.id, requestContext(request));
    return { success: true, message: 'Record restored successfully!' };
  });

  app.delete('/trashdelete/:model/:id', { config, schema: { params: trashParams } }, async (request) => {
    await purgeRecord(db, request.params.model, request.params.id, requestContext(request));
    return { success: true, message: 'Record deleted successfully!' };
  });
};
