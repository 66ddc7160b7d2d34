import { listQuerySchema, measurementCreateSchema, measurementUpdateSchema } from '@duka/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerLegacyCrudRoutes } from '../../platform/crud-routes-legacy.ts';
import type { AppServices } from '../../services.ts';
import * as measurements from './measurements.service.ts';

export const measurementRoutes: FastifyPluginAsync<AppServices> = async (app, { db }) => {
  registerLegacyCrudRoutes(app, db, {
    word: 'measurement',
    kind: measurements.measurementKind,
    paths: {
      list: '/measurementlist',
      store: '/measurementstore',
      show: '/measurementshow',
      update: '/measurementupdate',
      delete: '/measurementdelete',
      bulkDelete: '/measurementsdelete',
    },
    idsField: 'measurement_ids',
    schemas: { create: measurementCreateSchema, update: measurementUpdateSchema, list: listQuerySchema },
    service: {
      list: measurements.listMeasurements,
      get: measurements.getMeasurement,
      create: measurements.createMeasurement,
      update: measurements.updateMeasurement,
    },
    messages: { label: 'Measurement', plural: 'measurement' },
  });

  app.get('/getmeasurements', { config: { access: 'signedIn' } }, async () => ({
    success: true,
    data: await measurements.measurementOptions(db),
  }));
};
