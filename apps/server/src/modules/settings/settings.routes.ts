import { API, SECURITY_DEFAULTS } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/access.ts';
import { route } from '../../platform/route.ts';
import { readSecuritySettings } from '../../platform/settings-store.ts';
import type { AppServices } from '../../services.ts';
import * as settings from './settings.service.ts';

export const settingsRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, secrets }) => {
  const endpoints = API.settings;

  route(app, endpoints.securityShow, async () => {
    const stored = await readSecuritySettings(db);
    // Always there (read with its default); its input schema only makes it optional for the original client.
    const sales_return_days = stored.sales_return_days ?? SECURITY_DEFAULTS.sales_return_days;
    return { success: true as const, data: { ...stored, sales_return_days } };
  });

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
