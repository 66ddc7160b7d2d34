import { brandCreateSchema, brandUpdateSchema, idParamSchema, listQuerySchema } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCrudRoutes } from '../../platform/crud-routes.ts';
import type { AppServices } from '../../services.ts';
import * as brands from './brands.service.ts';

export const brandRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  registerCrudRoutes(app, db, {
    word: 'brand',
    kind: brands.brandKind,
    paths: {
      list: '/brandlist',
      store: '/brandstore',
      show: '/brandshow',
      update: '/brandupdate',
      delete: '/branddelete',
      bulkDelete: '/brandsdelete',
    },
    idsField: 'brand_ids',
    schemas: { create: brandCreateSchema, update: brandUpdateSchema, list: listQuerySchema },
    service: {
      list: (database, query) => brands.listBrands(database, query, timeZone),
      get: brands.getBrand,
      create: brands.createBrands,
      update: brands.updateBrand,
    },
    messages: { label: 'Brand', plural: 'brand' },
  });

  app.get(
    '/getbrandsbyproduct/:id',
    { config: { access: 'signedIn' }, schema: { params: idParamSchema } },
    async (request) => ({
      success: true,
      data: await brands.brandOptions(db, request.params.id),
    }),
  );

  app.get('/getbrands', { config: { access: 'signedIn' } }, async () => ({
    success: true,
    data: await brands.brandNames(db),
  }));
};
