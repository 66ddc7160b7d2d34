import { API } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';

// PLACEHOLDER while being built: every call answers 409.
export const receivablesRoutes: FastifyPluginAsyncZod<AppServices> = async (app) => {
  const e = API.customer;
  for (const x of Object.values(e.receivables))
    route(app, x, async () => {
      throw new AppError('conflict', 'Not built yet.');
    });
};
