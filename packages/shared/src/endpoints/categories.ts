import { z } from 'zod';
import { categoryCreateSchema, categoryUpdateSchema } from '../accounts.schemas.ts';
import { recordEndpoints } from '../contract/crud.ts';
import { defineEndpoint, type Endpoint, instant, ok } from '../contract/endpoint.ts';
import { listEndpoints } from '../contract/lists.ts';
import { categoryList } from '../lists/record-lists.ts';
import { environment, option } from './common.ts';

// A product category (Foods, Hardware), its declared list (lists/record-lists.ts: categoryRow) and the select that
// lists them.

export const categoryShown = z.object({ id: z.number(), name: z.string(), environment, created_at: instant });
export type CategoryShown = z.output<typeof categoryShown>;

/** Each endpoint of a group with its summary. */
const summarized = <const E extends Record<string, Endpoint>>(endpoints: E, summaries: { [K in keyof E]: string }) =>
  Object.fromEntries(Object.entries(endpoints).map(([name, e]) => [name, { ...e, summary: summaries[name] }])) as E;

export const categoriesEndpoints = {
  /** /categorylist, from its declaration. */
  ...summarized(listEndpoints(categoryList), { list: 'The categories, newest first' }),
  ...summarized(
    recordEndpoints({
      word: 'category',
      paths: {
        store: '/categorystore',
        show: '/categoryshow',
        update: '/categoryupdate',
        delete: '/categorydelete',
        bulkDelete: '/categoriesdelete',
      },
      idsField: 'category_ids',
      create: categoryCreateSchema,
      update: categoryUpdateSchema,
      shown: categoryShown,
      made: option,
    }),
    {
      store: 'Create a category',
      show: 'One category',
      update: 'Rename a category',
      delete: 'Move a category to the trash (refused while live products use it)',
      bulkDelete: 'Move several categories to the trash, all or none',
    },
  ),
  /** Every live category (the product form's select). */
  names: defineEndpoint({
    method: 'GET',
    path: '/getcategories',
    access: 'signedIn',
    resource: 'category',
    summary: "The live categories' ids and names, by name",
    answer: ok(z.array(option)),
  }),
};
