import { COUNTRIES, listQuerySchema, supplierCreateSchema, supplierUpdateSchema } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCrudRoutes } from '../../platform/crud-routes.ts';
import { type ExportFormat, inPages, sendExport } from '../../platform/exports.ts';
import type { AppServices } from '../../services.ts';
import * as suppliers from './suppliers.service.ts';

export const supplierRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  registerCrudRoutes(app, db, {
    word: 'supplier',
    kind: suppliers.supplierKind,
    paths: {
      list: '/supplierlist',
      store: '/supplierstore',
      show: '/suppliershow',
      update: '/supplierupdate',
      delete: '/supplierdelete',
      bulkDelete: '/suppliersdelete',
    },
    idsField: 'supplier_ids',
    schemas: { create: supplierCreateSchema, update: supplierUpdateSchema, list: listQuerySchema },
    service: {
      list: suppliers.listSuppliers,
      get: suppliers.getSupplier,
      create: suppliers.createSupplier,
      update: suppliers.updateSupplier,
    },
    messages: { label: 'Supplier', plural: 'supplier' },
  });

  for (const format of ['xlsx', 'csv'] as ExportFormat[]) {
    app.get(
      `/supplier${format}`,
      {
        config: { access: { permission: 'supplierExport' } },
        schema: { querystring: listQuerySchema.pick({ search: true }) },
      },
      (request, reply) =>
        sendExport(reply, format, {
          name: 'suppliers',
          columns: suppliers.supplierExportColumns(timeZone),
          rows: inPages(suppliers.supplierExportPage(db, request.query.search)),
          timeZone,
        }),
    );
  }

  app.get('/getsuppliers', { config: { access: 'signedIn' } }, async () => ({
    success: true,
    data: await suppliers.supplierOptions(db),
  }));
  app.get('/getcountries', { config: { access: 'signedIn' } }, async () => ({ success: true, data: COUNTRIES }));
};
