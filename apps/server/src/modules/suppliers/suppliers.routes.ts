import { API, COUNTRIES, type ListQuery, supplierList } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCrudRoutes } from '../../platform/crud-routes.ts';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import * as suppliers from './suppliers.service.ts';

export const supplierRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  const endpoints = API.supplier;
  registerCrudRoutes(app, db, {
    endpoints,
    kind: suppliers.supplierKind,
    idsField: 'supplier_ids',
    service: {
      get: suppliers.getSupplier,
      create: suppliers.createSupplier,
      update: suppliers.updateSupplier,
    },
    messages: { label: 'Supplier', plural: 'supplier' },
    // Declared in packages/shared/src/lists (API.supplier.supplierList): the list, its exports and the answer's shape.
    declared: {
      declaration: supplierList,
      source: { rows: (query: ListQuery) => suppliers.supplierQuery(db, query.search) },
      timeZone,
    },
  });

  route(app, endpoints.names, async () => ({ success: true as const, data: await suppliers.supplierOptions(db) }));
  route(app, endpoints.countries, async () => ({ success: true as const, data: COUNTRIES }));
};
