import {
  brandParam,
  idParamSchema,
  listQuerySchema,
  numeric,
  paymentMethodsLabel,
  saleList,
  saleSchema,
} from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can, canAny, requestContext } from '../../platform/access.ts';
import { registerList } from '../../platform/list-routes.ts';
import type { AppServices } from '../../services.ts';
import * as queries from './sales.queries.ts';
import { processSale } from './sales.service.ts';

const pos = can('salesPOS');
/** A cascade step's answer: `{ success, data }` around the rows it looked up. */
const lookup = async (rows: Promise<unknown[]>) => ({ success: true, data: await rows });
const batchParam = z.object({ batch: z.string().regex(/^BN[0-9A-F]{14}$/, { error: 'Unknown batch.' }) });

export const salesRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  // The point of sale's cascade: product → batch (with balance) → brand → measurement → price.
  app.get(
    '/getproductsinstock',
    { config: pos, schema: { querystring: listQuerySchema.pick({ search: true }) } },
    (request) => lookup(queries.productsInStock(db, request.query.search)),
  );
  app.get('/getbatchnumbersbyproductinstock/:id', { config: pos, schema: { params: idParamSchema } }, (request) =>
    lookup(queries.batchesInStock(db, request.params.id)),
  );
  app.get('/getbrandsbybatchnumberinstock/:batch', { config: pos, schema: { params: batchParam } }, (request) =>
    lookup(queries.brandOfBatch(db, request.params.batch)),
  );
  app.get(
    '/getmeasurementsbybrandinstock/:id',
    {
      config: pos,
      schema: {
        // `none`: the batches without a brand.
        params: z.object({ id: brandParam('Not found.') }),
        querystring: z.object({ batchNumber: batchParam.shape.batch.optional() }),
      },
    },
    (request) => lookup(queries.measurementsOfBrand(db, request.params.id, request.query.batchNumber)),
  );
  app.get(
    '/getsalepriceinstock',
    {
      config: pos,
      schema: {
        querystring: z.object({
          productId: numeric(z.number().int().positive()),
          batchNumber: batchParam.shape.batch,
          brandId: brandParam('Brand is required.'),
          measurementId: numeric(z.number().int().positive()),
        }),
      },
    },
    async (request) => {
      const price = await queries.salePriceOf(db, request.query);
      return { success: true, salePrice: price.sale_price, balance: price.balance };
    },
  );

  app.post('/salesstore', { config: pos, schema: { body: saleSchema } }, async (request) => {
    const sale = await processSale(db, request.body, requestContext(request));
    return { success: true, message: 'Sale processed successfully!', data: { id: sale.id, replayed: sale.replayed } };
  });

  // The sales list and its files, as declared (saleList); deep pages walk the (created_at, id) index.
  registerList(
    app,
    saleList,
    {
      rows: (query: queries.SalesFilter) => queries.salesQuery(db, timeZone, query),
      totals: (query: queries.SalesFilter) => queries.salesTotals(db, timeZone, query),
      paging: (query: queries.SalesFilter) => queries.pagingBySlots(db, timeZone, query),
      present: (sale: queries.SaleRow) => ({
        ...sale,
        net_amount: sale.total_amount - sale.returned_amount,
        payment_label: paymentMethodsLabel(sale),
      }),
      key: 'sa.id',
    },
    timeZone,
  );

  // A receipt or an invoice shows one sale: any of these keys opens it. The POS key alone does not, so a cashier
  // cannot read other customers' details by counting up sale ids.
  app.get(
    '/saleshow/:id',
    { config: canAny('salesList', 'salesReceipt', 'salesInvoice'), schema: { params: idParamSchema } },
    async (request) => ({ success: true, data: await queries.getSale(db, timeZone, request.params.id) }),
  );
};
