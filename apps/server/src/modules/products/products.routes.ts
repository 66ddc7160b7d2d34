import { listQuerySchema, productCreateSchema, productUpdateSchema } from '@duka/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCrudRoutes } from '../../platform/crud-routes.ts';
import type { AppServices } from '../../services.ts';
import * as products from './products.service.ts';

export const productRoutes: FastifyPluginAsync<AppServices> = async (app, { db }) => {
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
