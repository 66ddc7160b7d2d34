import { API, brandList, type ListQuery } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCrudRoutes } from '../../platform/crud-routes.ts';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import * as brands from './brands.service.ts';

export const brandRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  const endpoints = API.brand;
  registerCrudRoutes(app, db, {
    endpoints,
    kind: brands.brandKind,
    idsField: 'brand_ids',
    service: {
      get: brands.getBrand,
      create: brands.createBrands,
      update: brands.updateBrand,
    },
    messages: { label: 'Brand', plural: 'brand' },
    // Declared in packages/shared/src/lists (brandList): the list and the answer's shape.
    declared: {
      declaration: brandList,
      source: { rows: (query: ListQuery) => brands.brandQuery(db, query.search, timeZone) },
      timeZone,
    },
  });

  route(app, endpoints.ofProduct, async (request) => ({
    success: true as const,
    data: await brands.brandOptions(db, request.params.id),
  }));
  route(app, endpoints.names, async () => ({ success: true as const, data: await brands.brandNames(db) }));
};
