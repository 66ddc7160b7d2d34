import { emailSettingsSchema, securitySettingsSchema } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { can, requestContext } from '../../platform/access.ts';
import { readSecuritySettings } from '../../platform/settings-store.ts';
import type { AppServices } from '../../services.ts';
import * as settings from './settings.service.ts';

export const settingsRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, secrets }) => {
  const security = can('securitySettings');
  const email = can('emailSettings');

  app.get('/securitysettingslist', { config: security }, async () => ({
    success: true,
    data: await readSecuritySettings(db),
  }));

  app.post(
    '/securitysettingsstore',
    { config: security, schema: { body: securitySettingsSchema } },
    async (request) => {
      await settings.saveSecuritySettings(db, request.body, requestContext(request));
      return { success: true, message: 'Security settings saved successfully!' };
    },
  );

  app.get('/emailsettingslist', { config: email }, async () => ({
    success: true,
    data: await settings.getEmailSettings(db),
  }));

  app.post('/emailsettingsstore', { config: email, schema: { body: emailSettingsSchema } }, async (request) => {
    await settings.saveEmailSettings(db, secrets, request.body, requestContext(request));
    return { success: true, message: 'Email settings saved successfully!' };
  });
};
