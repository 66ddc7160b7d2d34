import { dateRangeSchema } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/access.ts';
import type { AppServices } from '../../services.ts';
import { dashboardFigures } from './dashboard.service.ts';

// Holders of the Profit and Loss report (a private key: the Administrator) see the stock value and profit cards.
const PROFIT_AND_LOSS_KEY = 'reportProfitLossList';

export const dashboardRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  app.get(
    '/dashboard',
    { config: { access: { permission: 'dashboard' } }, schema: { querystring: dateRangeSchema } },
    async (request) => ({
      success: true,
      message: 'Dashboard data loaded.',
      data: await dashboardFigures(db, timeZone, request.query, requireActor(request).keys.has(PROFIT_AND_LOSS_KEY)),
    }),
  );
};
