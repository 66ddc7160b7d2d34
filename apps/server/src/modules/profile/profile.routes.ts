import { changePasswordSchema } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext, requireActor } from '../../platform/access.ts';
import type { AppServices } from '../../services.ts';
import { roleOptions } from '../roles/roles.service.ts';
import * as profile from './profile.service.ts';

export const profileRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db }) => {
  app.get('/userpersonaldetails', { config: { access: 'signedIn' } }, async (request) => ({
    success: true,
    data: await profile.getPersonalDetails(db, requireActor(request).userId),
  }));

  app.get('/userroles', { config: { access: 'signedIn' } }, async () => ({
    success: true,
    data: await roleOptions(db),
  }));

  app.post(
    '/userchangepassword',
    { config: { access: 'signedIn', allowedBeforePasswordChange: true }, schema: { body: changePasswordSchema } },
    async (request) => {
      await profile.changePassword(db, requireActor(request), request.body, requestContext(request));
      return { success: true, message: 'Password changed successfully!' };
    },
  );
};
