import { API, customerList, type ListQuery } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCrudRoutes } from '../../platform/crud-routes.ts';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import * as customers from './customers.service.ts';

export const customerRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  const endpoints = API.customer;
  registerCrudRoutes(app, db, {
    endpoints,
    kind: customers.customerKind,
    idsField: 'customer_ids',
    service: {
      get: (db, id) => customers.getCustomer(db, timeZone, id),
      create: customers.createCustomer,
      update: customers.updateCustomer,
    },
    messages: { label: 'Customer', plural: 'customer' },
    // Declared in packages/shared/src/lists (API.customer.customerList): the list, its exports and the answer's shape.
    declared: {
      declaration: customerList,
      // Newest first, ending with the id: deep pages walk the index of live customers by (created_at, id)
      // (migration 040) from the nearer end instead of skipping their offset.
      source: { rows: (query: ListQuery) => customers.customerQuery(db, timeZone, query.search), key: 'c.id' },
      timeZone,
    },
  });

  route(app, endpoints.search, async (request) => ({
    success: true as const,
    data: await customers.searchCustomers(db, request.query.search),
  }));
};
