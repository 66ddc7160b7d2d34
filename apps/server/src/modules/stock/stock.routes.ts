import {
  dateRangeSchema,
  idParamSchema,
  type ListQuery,
  listQuerySchema,
  stockAdjustmentSchema,
  stockCreateSchema,
  stockLevelList,
  stockUpdateSchema,
  stockWriteOffList,
} from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { can, requestContext } from '../../platform/access.ts';
import { registerCrudRoutes } from '../../platform/crud-routes.ts';
import { type ExportFormat, inPages, periodPreamble, sendExport, sendRecordPdf } from '../../platform/exports.ts';
import { registerList } from '../../platform/list-routes.ts';
import { paginate } from '../../platform/listing.ts';
import type { AppServices } from '../../services.ts';
import { adjustmentQuery, totalWriteOffCost } from './adjustments.queries.ts';
import {
  batchPdfFields,
  STOCK_EXPORT_COLUMNS,
  type StockFilter,
  stockLevelQuery,
  stockListQuery,
  totalStockCost,
  withStatus,
} from './stock.queries.ts';
import * as stock from './stock.service.ts';

const filteredList = listQuerySchema.and(dateRangeSchema);
const filteredExport = listQuerySchema.pick({ search: true }).and(dateRangeSchema);
const FORMATS: ExportFormat[] = ['xlsx', 'csv'];

export const stockRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  registerCrudRoutes(app, db, {
    word: 'stock',
    kind: stock.stockKind,
    paths: {
      list: '/stocklist',
      store: '/stockstore',
      show: '/stockshow',
      update: '/stockupdate',
      delete: '/stockdelete',
      bulkDelete: '/stocksdelete',
    },
    idsField: 'ids',
    schemas: { create: stockCreateSchema, update: stockUpdateSchema, list: filteredList },
    service: {
      list: (database, query) => paginate(stockListQuery(database, query), query),
      get: stock.getStock,
      create: stock.createStock,
      update: stock.updateStock,
    },
    messages: { label: 'Stock', plural: 'stock' },
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

  // Declared in packages/shared/src/lists: the list, its exports and the answer's shape.
  registerList(
    app,
    stockLevelList,
    { rows: (query: ListQuery) => stockLevelQuery(db, query.search), present: withStatus },
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

  for (const format of FORMATS) {
    app.get(
      `/stock${format}`,
      { config: can('stockExport'), schema: { querystring: filteredExport } },
      async (request, reply) =>
        sendExport(reply, format, {
          name: 'stock',
          columns: STOCK_EXPORT_COLUMNS,
          preamble: periodPreamble(
            'Stock records',
            request.query,
            'Total cost (UGX)',
            await totalStockCost(db, request.query),
          ),
          rows: inPages((limit, offset) => stockListQuery(db, request.query).limit(limit).offset(offset).execute()),
          timeZone,
        }),
    );
  }

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
