import { API, purchaseOrderList } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/access.ts';
import { registerList } from '../../platform/list-routes.ts';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import { readBusinessInfo } from '../settings/business.service.ts';
import { sendPurchaseOrderPdf } from './purchase-order-pdf.ts';
import { getPurchaseOrder, purchaseOrderQuery, reorderSuggestions } from './purchase-orders.queries.ts';
import { cancelPurchaseOrder, createPurchaseOrder, updatePurchaseOrder } from './purchase-orders.service.ts';

// Buying: purchase orders (the list and its files, make, change, cancel, show, PDF) and what to reorder.
export const purchasingRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  const endpoints = API.purchaseOrder;
  registerList(app, purchaseOrderList, { rows: (query) => purchaseOrderQuery(db, timeZone, query) }, timeZone);

  route(app, endpoints.store, async (request) => ({
    success: true as const,
    message: 'Purchase order created successfully!',
    data: await createPurchaseOrder(db, request.body, requestContext(request)),
  }));
  route(app, endpoints.update, async (request) => ({
    success: true as const,
    message: 'Purchase order updated successfully!',
    data: await updatePurchaseOrder(db, request.params.id, request.body, requestContext(request)),
  }));
  route(app, endpoints.cancel, async (request) => ({
    success: true as const,
    message: 'Purchase order cancelled successfully!',
    data: await cancelPurchaseOrder(db, request.params.id, request.body.reason, requestContext(request)),
  }));
  route(app, endpoints.show, async (request) => ({
    success: true as const,
    data: await getPurchaseOrder(db, request.params.id),
  }));
  route(app, endpoints.pdf, async (request, reply) =>
    sendPurchaseOrderPdf(
      reply,
      await readBusinessInfo(db),
      endpoints.show.answer.shape.data.parse(await getPurchaseOrder(db, request.params.id)),
      timeZone,
    ),
  );
  route(app, endpoints.suggestions, async (request) => ({
    success: true as const,
    data: await reorderSuggestions(db, timeZone, request.query.supplier_id),
  }));
};
