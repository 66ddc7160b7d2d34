import { API } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/access.ts';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import { dashboardFigures } from './dashboard.service.ts';

// Holders of the Profit and Loss report (a private key: the Administrator) see the stock value and profit cards.
const PROFIT_AND_LOSS_KEY = 'reportProfitLossList';

export const dashboardRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  route(app, API.dashboard.figures, async (request) => ({
    success: true as const,
    message: 'Dashboard data loaded.',
    data: await dashboardFigures(db, timeZone, request.query, requireActor(request).keys.has(PROFIT_AND_LOSS_KEY)),
  }));
};
