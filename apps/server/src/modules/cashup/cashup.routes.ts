// The cash-up: a day's expected figures, saving it, one saved cash-up, and the list with its exports.
import { API, cashUpList } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext, requireActor } from '../../platform/access.ts';
import { registerList } from '../../platform/list-routes.ts';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import { type CashUpListFilter, cashUpsQuery, totalDifference } from './cashup.queries.ts';
import { cashiersToPick, recountCashUp, saveCashUp, showCashUp, showCashUpDay } from './cashup.service.ts';

export const cashUpRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  const endpoints = API.cashUp;
  route(app, endpoints.day, async (request) => ({
    success: true as const,
    data: await showCashUpDay(db, timeZone, requireActor(request), request.query),
  }));
  // The picker of the cash-up screen: whose day a holder of salesCashUpAll may count.
  route(app, endpoints.cashiers, async () => ({ success: true as const, data: await cashiersToPick(db) }));
  route(app, endpoints.store, async (request) => ({
    success: true as const,
    message: 'Cash-up saved successfully!',
    data: await saveCashUp(db, timeZone, requireActor(request), request.body, requestContext(request)),
  }));
  // A manager's recount of a saved cash-up: a new record referring to the first, with its reason.
  route(app, endpoints.recount, async (request) => ({
    success: true as const,
    message: 'Recount saved successfully!',
    data: await recountCashUp(db, request.params.id, request.body, requestContext(request)),
  }));
  route(app, endpoints.show, async (request) => ({
    success: true as const,
    data: await showCashUp(db, requireActor(request), request.params.id),
  }));
  registerList(
    app,
    cashUpList,
    {
      rows: (q: CashUpListFilter) => cashUpsQuery(db, q),
      total: (q: CashUpListFilter) => totalDifference(db, q),
    },
    timeZone,
  );
};
