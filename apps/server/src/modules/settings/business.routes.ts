import { API } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/access.ts';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import { readBusinessInfo, saveBusinessInfo } from './business.service.ts';

export const businessRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db }) => {
  const endpoints = API.settings;

  // Receipts and invoices print it, so every signed-in user may read it.
  route(app, endpoints.businessShow, async () => ({
    success: true as const,
    data: await readBusinessInfo(db),
  }));

  route(app, endpoints.businessSettingsShow, async () => ({
    success: true as const,
    message: 'Business info loaded.',
    data: await readBusinessInfo(db),
  }));

  route(app, endpoints.businessSave, async (request) => {
    await saveBusinessInfo(db, request.body, requestContext(request));
    return { success: true as const, message: 'Business info settings saved successfully!' };
  });
};
