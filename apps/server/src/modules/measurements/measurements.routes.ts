import { API, type ListQuery, measurementList } from '@duka/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCrudRoutes } from '../../platform/crud-routes.ts';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import * as measurements from './measurements.service.ts';

export const measurementRoutes: FastifyPluginAsync<AppServices> = async (app, { db, timeZone }) => {
  const endpoints = API.measurement;
  registerCrudRoutes(app, db, {
    endpoints,
    kind: measurements.measurementKind,
    idsField: 'measurement_ids',
    service: {
      get: measurements.getMeasurement,
      create: measurements.createMeasurement,
      update: measurements.updateMeasurement,
    },
    messages: { label: 'Measurement', plural: 'measurement' },
    // Declared in packages/shared/src/lists (measurementList): the list and the answer's shape.
    declared: {
      declaration: measurementList,
      source: { rows: (query: ListQuery) => measurements.measurementQuery(db, query.search) },
      timeZone,
    },
  });

  route(app, endpoints.names, async () => ({
    success: true as const,
    data: await measurements.measurementOptions(db),
  }));
};
