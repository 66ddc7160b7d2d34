import { businessInfoSchema } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { can, requestContext } from '../../platform/access.ts';
import type { AppServices } from '../../services.ts';
import { readBusinessInfo, saveBusinessInfo } from './business.service.ts';

export const businessRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db }) => {
  const config = can('businessInfoSettings');

  // Receipts and invoices print it, so every signed-in user may read it.
  app.get('/getbusinessinfosettings', { config: { access: 'signedIn' } }, async () => ({
    success: true,
    data: await readBusinessInfo(db),
  }));

  app.get('/businessinfosettingslist', { config }, async () => ({
    success: true,
    message: 'Business info loaded.',
    data: await readBusinessInfo(db),
  }));

  app.post('/businessinfosettingsstore', { config, schema: { body: businessInfoSchema } }, async (request) => {
    await saveBusinessInfo(db, request.body, requestContext(request));
    return { success: true, message: 'Business info settings saved successfully!' };
  });
};
