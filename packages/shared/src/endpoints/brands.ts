import { z } from 'zod';
import { brandCreateSchema, brandUpdateSchema } from '../catalogue.schemas.ts';
import { recordEndpoints } from '../contract/crud.ts';
import { defineEndpoint, instant, ok } from '../contract/endpoint.ts';
import { listEndpoints } from '../contract/lists.ts';
import { idParamSchema } from '../list.schemas.ts';
import { brandList } from '../lists/record-lists.ts';
import { environment, option } from './common.ts';

// A brand of a product (the product's own makes: Simba, Tororo), its declared list (lists/record-lists.ts: brandRow)
// and the selects that list them.

const brandShown = z.object({
  id: z.number(),
  name: z.string(),
  product_id: z.number(),
  environment,
  created_at: instant,
});
export type BrandShown = z.output<typeof brandShown>;

export const brandEndpoints = {
  /** /brandlist, from its declaration. */
  ...listEndpoints(brandList),
  ...recordEndpoints({
    word: 'brand',
    paths: {
      store: '/brandstore',
      show: '/brandshow',
      update: '/brandupdate',
      delete: '/branddelete',
      bulkDelete: '/brandsdelete',
    },
    idsField: 'brand_ids',
    create: brandCreateSchema,
    update: brandUpdateSchema,
    shown: brandShown,
    made: z.array(z.object({ id: z.number(), name: z.string(), product_id: z.number() })),
  }),
  /** The brands of one product (the stock form's select). */
  ofProduct: defineEndpoint({
    method: 'GET',
    path: '/getbrandsbyproduct/:id',
    access: 'signedIn',
    resource: 'brand',
    params: idParamSchema,
    answer: ok(z.array(option)),
  }),
  /** Every brand name once (the quick-create and filters). */
  names: defineEndpoint({
    method: 'GET',
    path: '/getbrands',
    access: 'signedIn',
    resource: 'brand',
    answer: ok(z.array(option)),
  }),
};
