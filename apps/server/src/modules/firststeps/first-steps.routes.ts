import { API } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/access.ts';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import { dismissFirstSteps, readFirstSteps } from './first-steps.service.ts';

// The Administrator's checklist on a new shop. `settings` is a private key, held through the Administrator role only.
export const firstStepsRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db }) => {
  const endpoints = API.firstSteps;

  route(app, endpoints.show, async () => ({ success: true as const, data: await readFirstSteps(db) }));

  route(app, endpoints.dismiss, async (request) => {
    await dismissFirstSteps(db, requestContext(request));
    return { success: true as const, message: 'The first steps are hidden. Each screen stays in the menu.' };
  });
};
