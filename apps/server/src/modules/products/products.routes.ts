import { API, countOf, type ListQuery, productList } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/access.ts';
import { registerCrudRoutes } from '../../platform/crud-routes.ts';
import { datedFileName, startDownload } from '../../platform/exports.ts';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import { labelSheet } from './label-sheet.ts';
import { assignBarcodes, labelContents } from './product-labels.service.ts';
import { productUnitsOf, updateProductUnits } from './product-units.service.ts';
import * as products from './products.service.ts';

export const productRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  const endpoints = API.product;
  registerCrudRoutes(app, db, {
    endpoints,
    kind: products.productKind,
    idsField: 'product_ids',
    service: {
      get: products.getProduct,
      create: products.createProduct,
      update: products.updateProduct,
    },
    messages: { label: 'Product', plural: 'product' },
    declared: {
      declaration: productList,
      source: { rows: (query: ListQuery) => products.productQuery(db, query.search) },
      timeZone,
    },
  });

  // Barcode labels: giving barcodes changes products (productEdit); the sheet itself only reads them.
  route(app, endpoints.barcodeAssign, async (request) => {
    const { products: labelled, assigned } = await assignBarcodes(db, request.body, requestContext(request));
    return {
      success: true as const,
      message: assigned
        ? `${countOf(assigned, 'product')} given a barcode.`
        : 'Every chosen product has a barcode already.',
      data: labelled,
    };
  });
  route(app, endpoints.labelsPdf, async (request, reply) => {
    const labels = await labelContents(db, request.query.product_ids);
    startDownload(reply, datedFileName('product_labels', 'pdf', timeZone), 'pdf');
    return reply.send(labelSheet(labels));
  });

  route(app, endpoints.units, async (request) => ({
    success: true as const,
    data: await productUnitsOf(db, request.params.id),
  }));
  route(app, endpoints.unitsUpdate, async (request) => ({
    success: true as const,
    message: 'Units saved successfully!',
    data: await updateProductUnits(db, request.params.id, request.body, requestContext(request)),
  }));

  // Lookups for the forms: any signed-in user may read the names.
  route(app, endpoints.names, async () => ({ success: true as const, data: await products.productOptions(db) }));
  route(app, API.category.names, async () => ({
    success: true as const,
    data: await products.categoryOptions(db),
  }));
};
