import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { can, requestContext } from '../../platform/access.ts';
import type { AppServices } from '../../services.ts';
import { dismissFirstSteps, readFirstSteps } from './first-steps.service.ts';

// The Administrator's checklist on a new shop. `settings` is a private key, held through the Administrator role only.
export const firstStepsRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db }) => {
  const config = can('settings');

  app.get('/firststeps', { config }, async () => ({ success: true, data: await readFirstSteps(db) }));

  app.post('/firststepsdismiss', { config }, async (request) => {
    await dismissFirstSteps(db, requestContext(request));
    return { success: true, message: 'The first steps are hidden. Each screen stays in the menu.' };
  });
};
