import { API, type ListQuery, stockLevelList, stockList, stockWriteOffList } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/access.ts';
import { registerCrudRoutes } from '../../platform/crud-routes.ts';
import { sendRecordPdf } from '../../platform/exports.ts';
import { registerList } from '../../platform/list-routes.ts';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import { adjustmentQuery, totalWriteOffCost, withEnteredAs } from './adjustments.queries.ts';
import {
  batchPdfFields,
  keptBatchCount,
  type StockFilter,
  stockLevelCount,
  stockLevelQuery,
  stockListQuery,
  totalStockCost,
  withReceivedAs,
  withStatus,
} from './stock.queries.ts';
import * as stock from './stock.service.ts';

export const stockRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  const endpoints = API.stock;
  registerCrudRoutes(app, db, {
    endpoints,
    kind: stock.stockKind,
    idsField: 'ids',
    service: {
      get: stock.getStock,
      create: stock.createStock,
      update: stock.updateStock,
    },
    messages: { label: 'Stock', plural: 'stock' },
    // Declared in packages/shared/src/lists, like the two lists below: the list, its exports and the answer's shape.
    declared: {
      declaration: stockList,
      source: {
        rows: (query: StockFilter) => stockListQuery(db, query),
        total: (query: StockFilter) => totalStockCost(db, query),
        // Without a search, the count comes from the kept day totals rather than every batch ever received.
        paging: (query: StockFilter) => (query.search ? {} : { count: keptBatchCount(db, query) }),
        present: withReceivedAs,
      },
      timeZone,
    },
  });

  route(app, endpoints.pdf, async (request, reply) => {
    const batch = await stock.getStock(db, request.params.id);
    return sendRecordPdf(
      reply,
      `stock_${batch.id}`,
      `Stock batch ${batch.batch_number}`,
      batchPdfFields(batch, timeZone),
      timeZone,
    );
  });

  registerList(
    app,
    stockLevelList,
    {
      // A file (no page) holds every row; a page needs the first page × size of each way a search matches.
      rows: (query: Partial<ListQuery>) =>
        stockLevelQuery(db, query.search, query.page && query.pagination_size && query.page * query.pagination_size),
      paging: (query: ListQuery) => (query.search ? { count: stockLevelCount(db, query.search) } : {}),
      present: withStatus,
    },
    timeZone,
  );
  registerList(
    app,
    stockWriteOffList,
    {
      rows: (query: StockFilter) => adjustmentQuery(db, query),
      total: (query: StockFilter) => totalWriteOffCost(db, query),
      present: withEnteredAs,
    },
    timeZone,
  );

  route(app, endpoints.writeOff, async (request) => ({
    success: true as const,
    message: 'Stock written off successfully!',
    data: await stock.writeOffStock(db, request.body, requestContext(request), timeZone),
  }));

  // Batches with stock left, for the write-off form.
  route(app, endpoints.batchesWithStock, async () => ({
    success: true as const,
    data: await db
      .selectFrom('stock_batches as s')
      .innerJoin('products as p', 'p.id', 's.product_id')
      .innerJoin('measurements as m', 'm.id', 's.measurement_id')
      .select([
        's.id',
        's.batch_number',
        's.product_id',
        'p.name as product_name',
        's.measurement_id',
        'm.name as measurement_name',
        's.balance',
      ])
      .where('s.deleted_at', 'is', null)
      .where('s.balance', '>', 0)
      .orderBy('p.name')
      .orderBy('s.stock_date')
      .execute(),
  }));
};
