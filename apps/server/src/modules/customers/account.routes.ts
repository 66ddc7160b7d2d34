import { API } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/access.ts';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import { readBusinessInfo } from '../settings/business.service.ts';
import { getPayment, reversePayment, takePayment } from './account.service.ts';
import { getCustomer } from './customers.service.ts';
import { statementOf } from './statement.queries.ts';
import { sendStatementPdf } from './statement-pdf.ts';

// A customer's account: payments and their reversals, one payment's receipt, and the statement on screen and as PDF.
export const accountRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  const endpoints = API.customer;
  route(app, endpoints.paymentStore, async (request) => ({
    success: true as const,
    message: 'Payment recorded successfully!',
    data: await takePayment(db, request.body, requestContext(request), timeZone),
  }));
  route(app, endpoints.paymentReverse, async (request) => ({
    success: true as const,
    message: 'Payment reversed successfully!',
    data: await reversePayment(db, request.params.id, request.body.reason, requestContext(request), timeZone),
  }));
  route(app, endpoints.paymentShow, async (request) => ({
    success: true as const,
    data: await getPayment(db, request.params.id),
  }));

  const statement = async (id: number, period: { startDate?: string; endDate?: string }) => {
    const customer = await getCustomer(db, timeZone, id, true);
    return { customer, ...(await statementOf(db, timeZone, customer, period)) };
  };
  route(app, endpoints.statement, async (request) => ({
    success: true as const,
    data: await statement(request.params.id, request.query),
  }));
  route(app, endpoints.statementPdf, async (request, reply) =>
    sendStatementPdf(
      reply,
      await readBusinessInfo(db),
      endpoints.statement.answer.shape.data.parse(await statement(request.params.id, request.query)),
      timeZone,
    ),
  );
};
