import { COUNTRIES, type ListQuery, supplierCreateSchema, supplierList, supplierUpdateSchema } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerLegacyCrudRoutes } from '../../platform/crud-routes-legacy.ts';
import type { AppServices } from '../../services.ts';
import * as suppliers from './suppliers.service.ts';

export const supplierRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  registerLegacyCrudRoutes(app, db, {
    word: 'supplier',
    kind: suppliers.supplierKind,
    paths: {
      store: '/supplierstore',
      show: '/suppliershow',
      update: '/supplierupdate',
      delete: '/supplierdelete',
      bulkDelete: '/suppliersdelete',
    },
    idsField: 'supplier_ids',
    schemas: { create: supplierCreateSchema, update: supplierUpdateSchema },
    service: {
      get: suppliers.getSupplier,
      create: suppliers.createSupplier,
      update: suppliers.updateSupplier,
    },
    messages: { label: 'Supplier', plural: 'supplier' },
    // Declared in packages/shared/src/lists: the list, its exports and the answer's shape.
    declared: {
      declaration: supplierList,
      source: { rows: (query: ListQuery) => suppliers.supplierQuery(db, query.search) },
      timeZone,
    },
  });

  app.get('/getsuppliers', { config: { access: 'signedIn' } }, async () => ({
    success: true,
    data: await suppliers.supplierOptions(db),
  }));
  app.get('/getcountries', { config: { access: 'signedIn' } }, async () => ({ success: true, data: COUNTRIES }));
};
