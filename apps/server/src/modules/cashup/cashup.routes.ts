// The cash-up: a day's expected figures, saving it, one saved cash-up, and the list with its exports.
import { cashUpList, cashUpQuerySchema, cashUpRecountSchema, cashUpSchema, idParamSchema } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { can, canAny, requestContext, requireActor } from '../../platform/access.ts';
import { registerList } from '../../platform/list-routes.ts';
import type { AppServices } from '../../services.ts';
import { type CashUpListFilter, cashUpsQuery, totalDifference } from './cashup.queries.ts';
import { cashiersToPick, recountCashUp, saveCashUp, showCashUp, showCashUpDay } from './cashup.service.ts';

const cashiers = canAny('salesCashUp', 'salesCashUpAll');

export const cashUpRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  app.get('/salescashup', { config: cashiers, schema: { querystring: cashUpQuerySchema } }, async (request) => ({
    success: true,
    data: await showCashUpDay(db, timeZone, requireActor(request), request.query),
  }));
  // The picker of the cash-up screen: whose day a holder of salesCashUpAll may count.
  app.get('/salescashupcashiers', { config: can('salesCashUpAll') }, async () => ({
    success: true,
    data: await cashiersToPick(db),
  }));
  app.post('/salescashupstore', { config: cashiers, schema: { body: cashUpSchema } }, async (request) => ({
    success: true,
    message: 'Cash-up saved successfully!',
    data: await saveCashUp(db, timeZone, requireActor(request), request.body, requestContext(request)),
  }));
  // A manager's recount of a saved cash-up: a new record referring to the first, with its reason.
  app.post(
    '/salescashuprecount/:id',
    { config: can('salesCashUpRecount'), schema: { params: idParamSchema, body: cashUpRecountSchema } },
    async (request) => ({
      success: true,
      message: 'Recount saved successfully!',
      data: await recountCashUp(db, request.params.id, request.body, requestContext(request)),
    }),
  );
  app.get(
    '/salescashupshow/:id',
    { config: canAny('salesCashUp', 'salesCashUpAll', 'salesCashUpList'), schema: { params: idParamSchema } },
    async (request) => ({ success: true, data: await showCashUp(db, requireActor(request), request.params.id) }),
  );
  registerList<CashUpListFilter, unknown>(
    app,
    cashUpList,
    { rows: (q) => cashUpsQuery(db, q), total: (q) => totalDifference(db, q) },
    timeZone,
  );
};
