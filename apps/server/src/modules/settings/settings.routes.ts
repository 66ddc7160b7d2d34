import { API } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/access.ts';
import { readSecuritySettings } from '../../platform/settings-store.ts';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import * as settings from './settings.service.ts';

export const settingsRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, secrets }) => {
  const endpoints = API.settings;

  route(app, endpoints.securityShow, async () => ({
    success: true as const,
    data: await readSecuritySettings(db),
  }));

  route(app, endpoints.securitySave, async (request) => {
    await settings.saveSecuritySettings(db, request.body, requestContext(request));
    return { success: true as const, message: 'Security settings saved successfully!' };
  });

  route(app, endpoints.emailShow, async () => ({
    success: true as const,
    data: await settings.getEmailSettings(db),
  }));

  route(app, endpoints.emailSave, async (request) => {
    await settings.saveEmailSettings(db, secrets, request.body, requestContext(request));
    return { success: true as const, message: 'Email settings saved successfully!' };
  });
};
