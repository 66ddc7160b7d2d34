import {
  countOf,
  listQuerySchema,
  productBarcodeAssignSchema,
  productCreateSchema,
  productLabelsQuerySchema,
  productUpdateSchema,
} from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/access.ts';
import { registerLegacyCrudRoutes } from '../../platform/crud-routes-legacy.ts';
import { datedFileName, type ExportFormat, inPages, sendExport, startDownload } from '../../platform/exports.ts';
import type { AppServices } from '../../services.ts';
import { labelSheet } from './label-sheet.ts';
import { assignBarcodes, labelContents } from './product-labels.service.ts';
import * as products from './products.service.ts';

export const productRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  registerLegacyCrudRoutes(app, db, {
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

  // Barcode labels: giving barcodes changes products (productEdit); the sheet itself only reads them.
  app.post(
    '/productbarcodeassign',
    { config: { access: { permission: 'productEdit' } }, schema: { body: productBarcodeAssignSchema } },
    async (request) => {
      const { products: labelled, assigned } = await assignBarcodes(db, request.body, requestContext(request));
      return {
        success: true,
        message: assigned
          ? `${countOf(assigned, 'product')} given a barcode.`
          : 'Every chosen product has a barcode already.',
        data: labelled,
      };
    },
  );
  app.get(
    '/productlabelspdf',
    { config: { access: { permission: 'productList' } }, schema: { querystring: productLabelsQuerySchema } },
    async (request, reply) => {
      const labels = await labelContents(db, request.query.product_ids);
      startDownload(reply, datedFileName('product_labels', 'pdf', timeZone), 'pdf');
      return reply.send(labelSheet(labels));
    },
  );

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
