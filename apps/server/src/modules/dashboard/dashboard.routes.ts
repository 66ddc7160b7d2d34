import { API } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/access.ts';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import { dashboardFigures } from './dashboard.service.ts';

// Holders of the Profit and Loss report (a private key: the Administrator) see the stock value and profit cards;
// holders of the receivables report see what customers owe, and those of the payables report what the shop owes.
const PROFIT_AND_LOSS_KEY = 'reportProfitLossList';
const RECEIVABLES_KEY = 'reportReceivablesList';
const PAYABLES_KEY = 'reportPayablesList';

export const dashboardRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  route(app, API.dashboard.figures, async (request) => {
    const { keys } = requireActor(request);
    return {
      success: true as const,
      message: 'Dashboard data loaded.',
      data: await dashboardFigures(db, timeZone, request.query, {
        withProfit: keys.has(PROFIT_AND_LOSS_KEY),
        withReceivables: keys.has(RECEIVABLES_KEY),
        withPayables: keys.has(PAYABLES_KEY),
      }),
    };
  });
};
