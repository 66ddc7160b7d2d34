import { API } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext, requireActor } from '../../platform/access.ts';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import { roleOptions } from '../roles/roles.service.ts';
import * as profile from './profile.service.ts';

export const profileRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db }) => {
  const endpoints = API.profile;

  route(app, endpoints.details, async (request) => ({
    success: true as const,
    data: await profile.getPersonalDetails(db, requireActor(request).userId),
  }));

  route(app, endpoints.roles, async () => ({ success: true as const, data: await roleOptions(db) }));

  route(
    app,
    endpoints.changePassword,
    async (request) => {
      await profile.changePassword(db, requireActor(request), request.body, requestContext(request));
      return { success: true as const, message: 'Password changed successfully!' };
    },
    { config: { allowedBeforePasswordChange: true } },
  );
};
