import { API, categoryList, type ListQuery } from '@duka/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCrudRoutes } from '../../platform/crud-routes.ts';
import type { AppServices } from '../../services.ts';
import * as categories from './categories.service.ts';

// The category lookup (/getcategories) is registered with the products' routes, where it always was.
export const categoryRoutes: FastifyPluginAsync<AppServices> = async (app, { db, timeZone }) => {
  registerCrudRoutes(app, db, {
    endpoints: API.category,
    kind: categories.categoryKind,
    idsField: 'category_ids',
    service: {
      get: categories.getCategory,
      create: categories.createCategory,
      update: categories.updateCategory,
    },
    messages: { label: 'Category', plural: 'category' },
    // Declared in packages/shared/src/lists (categoryList): the list and the answer's shape.
    declared: {
      declaration: categoryList,
      source: { rows: (query: ListQuery) => categories.categoryQuery(db, query.search) },
      timeZone,
    },
  });
};
