import {
  idParamSchema,
  type ListQuery,
  stockAdjustmentSchema,
  stockCreateSchema,
  stockLevelList,
  stockList,
  stockUpdateSchema,
  stockWriteOffList,
} from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { can, requestContext } from '../../platform/access.ts';
import { registerLegacyCrudRoutes } from '../../platform/crud-routes-legacy.ts';
import { sendRecordPdf } from '../../platform/exports.ts';
import { registerList } from '../../platform/list-routes.ts';
import type { AppServices } from '../../services.ts';
import { adjustmentQuery, totalWriteOffCost } from './adjustments.queries.ts';
import {
  batchPdfFields,
  type StockFilter,
  stockLevelCount,
  stockLevelQuery,
  stockListQuery,
  totalStockCost,
  withStatus,
} from './stock.queries.ts';
import * as stock from './stock.service.ts';

export const stockRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  registerLegacyCrudRoutes(app, db, {
    word: 'stock',
    kind: stock.stockKind,
    paths: {
      store: '/stockstore',
      show: '/stockshow',
      update: '/stockupdate',
      delete: '/stockdelete',
      bulkDelete: '/stocksdelete',
    },
    idsField: 'ids',
    schemas: { create: stockCreateSchema, update: stockUpdateSchema },
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
      },
      timeZone,
    },
  });

  app.get('/stockpdf/:id', { config: can('stockList'), schema: { params: idParamSchema } }, async (request, reply) => {
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
    },
    timeZone,
  );

  app.post(
    '/stockadjustmentstore',
    { config: can('stockAdjustmentAdd'), schema: { body: stockAdjustmentSchema } },
    async (request) => ({
      success: true,
      message: 'Stock written off successfully!',
      data: await stock.writeOffStock(db, request.body, requestContext(request), timeZone),
    }),
  );

  // Batches with stock left, for the write-off form.
  app.get('/getstockbatches', { config: can('stockAdjustmentAdd') }, async () => ({
    success: true,
    data: await db
      .selectFrom('stock_batches as s')
      .innerJoin('products as p', 'p.id', 's.product_id')
      .select(['s.id', 's.batch_number', 'p.name as product_name', 's.balance'])
      .where('s.deleted_at', 'is', null)
      .where('s.balance', '>', 0)
      .orderBy('p.name')
      .orderBy('s.stock_date')
      .execute(),
  }));
};
