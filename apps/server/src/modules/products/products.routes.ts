import { listQuerySchema, productCreateSchema, productUpdateSchema } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCrudRoutes } from '../../platform/crud-routes.ts';
import { type ExportFormat, inPages, sendExport } from '../../platform/exports.ts';
import type { AppServices } from '../../services.ts';
import * as products from './products.service.ts';

export const productRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  registerCrudRoutes(app, db, {
    word: 'product',
    kind: products.productKind,
    paths: {
      list: '/productlist',
      store: '/productstore',
      show: '/productshow',
      update: '/productupdate',
      delete: '/productdelete',
      bulkDelete: '/productsdelete',
    },
    idsField: 'product_ids',
    schemas: { create: productCreateSchema, update: productUpdateSchema, list: listQuerySchema },
    service: {
      list: products.listProducts,
      get: products.getProduct,
      create: products.createProduct,
      update: products.updateProduct,
    },
    messages: { label: 'Product', plural: 'product' },
  });

  for (const format of ['xlsx', 'csv'] as ExportFormat[]) {
    app.get(
      `/product${format}`,
      {
        config: { access: { permission: 'productExport' } },
        schema: { querystring: listQuerySchema.pick({ search: true }) },
      },
      (request, reply) =>
        sendExport(reply, format, {
          name: 'products',
          columns: products.productExportColumns(timeZone),
          rows: inPages(products.productExportPage(db, request.query.search)),
          timeZone,
        }),
    );
  }

  // Lookups for the forms: any signed-in user may read the names.
  app.get('/getproducts', { config: { access: 'signedIn' } }, async () => ({
    success: true,
    data: await products.productOptions(db),
  }));
  app.get('/getcategories', { config: { access: 'signedIn' } }, async () => ({
    success: true,
    data: await products.categoryOptions(db),
  }));
};
