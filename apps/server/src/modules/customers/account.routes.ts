import { API } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';

// PLACEHOLDER while being built: every call answers 409.
export const accountRoutes: FastifyPluginAsyncZod<AppServices> = async (app) => {
  const e = API.customer;
  route(app, e.paymentStore, async () => {
    throw new AppError('conflict', 'Not built yet.');
  });
  route(app, e.paymentReverse, async () => {
    throw new AppError('conflict', 'Not built yet.');
  });
  route(app, e.paymentShow, async () => {
    throw new AppError('conflict', 'Not built yet.');
  });
  route(app, e.statement, async () => {
    throw new AppError('conflict', 'Not built yet.');
  });
  route(app, e.statementPdf, async () => {
    throw new AppError('conflict', 'Not built yet.');
  });
};
