import { dateRangeSchema } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppServices } from '../../services.ts';
import { dashboardFigures } from './dashboard.service.ts';

export const dashboardRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  app.get(
    '/dashboard',
    { config: { access: { permission: 'dashboard' } }, schema: { querystring: dateRangeSchema } },
    async (request) => ({
      success: true,
      message: 'Dashboard data loaded.',
      data: await dashboardFigures(db, timeZone, request.query),
    }),
  );
};
