import { API, paymentMethodsLabel, saleList } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/access.ts';
import { registerList } from '../../platform/list-routes.ts';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import * as queries from './sales.queries.ts';
import { processSale } from './sales.service.ts';

export const salesRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  const endpoints = API.sale;
  // The point of sale's cascade: product → batch (with balance) → brand → measurement → price.
  route(app, endpoints.productsInStock, async (request) => ({
    success: true as const,
    data: await queries.productsInStock(db, request.query.search),
  }));
  route(app, endpoints.batchesInStock, async (request) => ({
    success: true as const,
    data: await queries.batchesInStock(db, request.params.id),
  }));
  route(app, endpoints.brandOfBatch, async (request) => ({
    success: true as const,
    data: await queries.brandOfBatch(db, request.params.batch),
  }));
  route(app, endpoints.measurementsOfBrand, async (request) => ({
    success: true as const,
    data: await queries.measurementsOfBrand(db, request.params.id, request.query.batchNumber),
  }));
  route(app, endpoints.salePrice, async (request) => {
    return { success: true as const, ...(await queries.salePriceOf(db, request.query)) };
  });

  route(app, endpoints.store, async (request) => {
    const keys = request.actor?.keys;
    const sale = await processSale(db, request.body, requestContext(request), {
      creditSale: keys?.has('customerCreditSale') ?? false,
      override: keys?.has('customerCreditOverride') ?? false,
    });
    return {
      success: true as const,
      message: 'Sale processed successfully!',
      data: { id: sale.id, replayed: sale.replayed },
    };
  });

  // The sales list and its files, as declared (saleList); deep pages walk the (created_at, id) index.
  registerList(
    app,
    saleList,
    {
      rows: (query: queries.SalesFilter) => queries.salesQuery(db, timeZone, query),
      fileRows: (query: queries.SalesFilter) => queries.salesFileQuery(db, timeZone, query),
      totals: (query: queries.SalesFilter) => queries.salesTotals(db, timeZone, query),
      paging: (query: queries.SalesFilter) => queries.pagingBySlots(db, timeZone, query),
      present: (sale: queries.SaleRow | queries.SaleFileRow) => ({
        ...sale,
        net_amount: sale.total_amount - sale.returned_amount,
        payment_label: paymentMethodsLabel(sale),
      }),
      key: 'sa.id',
    },
    timeZone,
  );

  // A receipt or an invoice shows one sale: any of its keys opens it (the contract). The POS key alone does not, so a
  // cashier cannot read other customers' details by counting up sale ids.
  route(app, endpoints.show, async (request) => ({
    success: true as const,
    data: await queries.getSale(db, timeZone, request.params.id),
  }));
};
