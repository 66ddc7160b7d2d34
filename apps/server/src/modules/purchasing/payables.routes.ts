import { API, goodsReceivedList, payablesReport } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/access.ts';
import { registerList } from '../../platform/list-routes.ts';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import { readBusinessInfo } from '../settings/business.service.ts';
import { getGoodsReceived, goodsReceivedQuery } from './goods-received.queries.ts';
import { receiveGoods } from './goods-received.service.ts';
import { sendGoodsReceivedPdf } from './goods-received-pdf.ts';
import { getSupplierPayment, payablesRows, payablesTotal, supplierStatement } from './supplier-account.queries.ts';
import { paySupplier, reverseSupplierPayment } from './supplier-payments.service.ts';
import { sendSupplierStatementPdf } from './supplier-statement-pdf.ts';

// Goods received (the list and its files, receive, show, PDF) and what the shop owes for them: payments to suppliers
// and their reversals, a supplier's statement on screen and as PDF, and the payables report.
export const payablesRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  const goods = API.goodsReceived;
  registerList(app, goodsReceivedList, { rows: (query) => goodsReceivedQuery(db, query) }, timeZone);
  route(app, goods.store, async (request) => ({
    success: true as const,
    message: 'Goods received successfully!',
    data: await receiveGoods(db, request.body, requestContext(request), timeZone),
  }));
  route(app, goods.show, async (request) => ({
    success: true as const,
    data: await getGoodsReceived(db, request.params.id),
  }));
  route(app, goods.pdf, async (request, reply) =>
    sendGoodsReceivedPdf(
      reply,
      await readBusinessInfo(db),
      goods.show.answer.shape.data.parse(await getGoodsReceived(db, request.params.id)),
      timeZone,
    ),
  );

  const account = API.supplierAccount;
  route(app, account.paymentStore, async (request) => ({
    success: true as const,
    message: 'Payment recorded successfully!',
    data: await paySupplier(db, request.body, requestContext(request), timeZone),
  }));
  route(app, account.paymentReverse, async (request) => ({
    success: true as const,
    message: 'Payment reversed successfully!',
    data: await reverseSupplierPayment(db, request.params.id, request.body.reason, requestContext(request), timeZone),
  }));
  route(app, account.paymentShow, async (request) => ({
    success: true as const,
    data: await getSupplierPayment(db, request.params.id),
  }));
  route(app, account.statement, async (request) => ({
    success: true as const,
    data: await supplierStatement(db, timeZone, request.params.id, request.query),
  }));
  route(app, account.statementPdf, async (request, reply) =>
    sendSupplierStatementPdf(
      reply,
      await readBusinessInfo(db),
      account.statement.answer.shape.data.parse(
        await supplierStatement(db, timeZone, request.params.id, request.query),
      ),
      timeZone,
    ),
  );
  registerList(
    app,
    payablesReport,
    {
      run: async (query) => ({
        rows: payablesRows(db, timeZone, query.search),
        extras: payablesTotal(db, query.search).then((total) => ({ total_payables: total })),
      }),
    },
    timeZone,
  );
};
