import { categoryCreateSchema, categoryUpdateSchema, listQuerySchema } from '@duka/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerLegacyCrudRoutes } from '../../platform/crud-routes-legacy.ts';
import type { AppServices } from '../../services.ts';
import * as categories from './categories.service.ts';

export const categoryRoutes: FastifyPluginAsync<AppServices> = async (app, { db }) => {
  registerLegacyCrudRoutes(app, db, {
    word: 'category',
    kind: categories.categoryKind,
    paths: {
      list: '/categorylist',
      store: '/categorystore',
      show: '/categoryshow',
      update: '/categoryupdate',
      delete: '/categorydelete',
      bulkDelete: '/categoriesdelete',
    },
    idsField: 'category_ids',
    schemas: { create: categoryCreateSchema, update: categoryUpdateSchema, list: listQuerySchema },
    service: {
      list: categories.listCategories,
      get: categories.getCategory,
      create: categories.createCategory,
      update: categories.updateCategory,
    },
    messages: { label: 'Category', plural: 'category' },
  });
};
