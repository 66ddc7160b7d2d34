import { API } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';

// PLACEHOLDER while being built: every call answers 409.
export const customerRoutes: FastifyPluginAsyncZod<AppServices> = async (app) => {
  const e = API.customer;
  for (const x of Object.values(e.customerList))
    route(app, x, async () => {
      throw new AppError('conflict', 'Not built yet.');
    });
  route(app, e.store, async () => {
    throw new AppError('conflict', 'Not built yet.');
  });
  route(app, e.show, async () => {
    throw new AppError('conflict', 'Not built yet.');
  });
  route(app, e.update, async () => {
    throw new AppError('conflict', 'Not built yet.');
  });
  route(app, e.delete, async () => {
    throw new AppError('conflict', 'Not built yet.');
  });
  route(app, e.bulkDelete, async () => {
    throw new AppError('conflict', 'Not built yet.');
  });
  route(app, e.search, async () => {
    throw new AppError('conflict', 'Not built yet.');
  });
};
