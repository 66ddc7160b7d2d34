import { z } from 'zod';
import { instant } from '../contract/endpoint.ts';
import { createdStamp, environment, namedRef } from '../endpoints/common.ts';
import { defineList, listCalls } from './declaration.ts';

// The catalogue's and the accounts' record lists: brands, categories, measurements, products (with their files) and
// roles. Their records' other calls are in packages/shared/src/endpoints/<domain>.ts.

/** One brand as /brandlist returns it: its product and its creator by name, its day in the shop's calendar. */
export const brandRow = z.object({
  id: z.number(),
  name: z.string(),
  product_id: z.number(),
  environment,
  product: namedRef,
  user: namedRef,
  ...createdStamp,
});
export type BrandRow = z.output<typeof brandRow>;

export const brandList = defineList({
  title: 'Brands',
  path: '/brandlist',
  keys: { list: 'brandList' },
  row: brandRow,
  columns: [
    { header: 'Name', field: 'name', kind: 'text' },
    { header: 'Product', field: 'product.name', kind: 'text' },
    { header: 'Created By', field: 'user.name', kind: 'text' },
    { header: 'Date', field: 'formatted_created_at', kind: 'date' },
  ],
});

/** One category as /categorylist returns it. */
export const categoryRow = z.object({
  id: z.number(),
  name: z.string(),
  environment,
  created_at: instant,
  /** The creator. */
  user: namedRef,
});
export type CategoryRow = z.output<typeof categoryRow>;

export const categoryList = defineList({
  title: 'Categories',
  path: '/categorylist',
  keys: { list: 'categoryList' },
  row: categoryRow,
  columns: [
    { header: 'Name', field: 'name', kind: 'text' },
    { header: 'Created By', field: 'user.name', kind: 'text' },
    { header: 'Date', field: 'created_at', kind: 'date' },
  ],
});

/** One measurement as /measurementlist returns it. */
export const measurementRow = z.object({
  id: z.number(),
  name: z.string(),
  /** Null: made from the name by the shared unitLabel rule. */
  plural: z.string().nullable(),
  environment,
  created_at: instant,
  /** The creator. */
  user: namedRef,
});
export type MeasurementRow = z.output<typeof measurementRow>;

export const measurementList = defineList({
  title: 'Measurements',
  path: '/measurementlist',
  keys: { list: 'measurementList' },
  row: measurementRow,
  columns: [
    { header: 'Name', field: 'name', kind: 'text' },
    /** The screen shows what receipts write for more than one (unitLabel): the shop's plural or the rule's. */
    { header: 'Plural', field: 'plural', kind: 'text' },
    { header: 'Created By', field: 'user.name', kind: 'text' },
    { header: 'Date', field: 'created_at', kind: 'date' },
  ],
});

/** One product as /productlist returns it, and its files write it. */
export const productRow = z.object({
  id: z.number(),
  name: z.string(),
  category_id: z.number(),
  barcode: z.string().nullable(),
  sku: z.string().nullable(),
  environment,
  created_at: instant,
  category: namedRef,
  /** The creator. */
  user: namedRef,
});
export type ProductRow = z.output<typeof productRow>;

export const productList = defineList({
  title: 'Products',
  ...listCalls('product', 'products'),
  keys: { list: 'productList', export: 'productExport' },
  row: productRow,
  columns: [
    { header: 'Name', field: 'name', kind: 'text' },
    { header: 'Category', field: 'category.name', kind: 'text' },
    /** No code: blank on the screen and in the files. */
    { header: 'Barcode', field: 'barcode', kind: 'text', blank: '' },
    { header: 'SKU', field: 'sku', kind: 'text', blank: '' },
    { header: 'Created By', field: 'user.name', kind: 'text' },
    { header: 'Date', field: 'created_at', kind: 'date' },
  ],
});

/** One role as /rolelist returns it, with its live users' count. */
export const roleRow = z.object({
  id: z.number(),
  name: z.string(),
  environment,
  is_admin: z.boolean(),
  created_at: instant,
  /** Its live users. */
  users_count: z.number(),
  user: namedRef,
});
export type RoleRow = z.output<typeof roleRow>;

export const roleList = defineList({
  title: 'Roles',
  path: '/rolelist',
  keys: { list: 'roleList' },
  row: roleRow,
  columns: [
    { header: 'Role', field: 'name', kind: 'text' },
    /** Shown padded to two digits (padCount). */
    { header: 'Users', field: 'users_count', kind: 'text' },
    { header: 'Created By', field: 'user.name', kind: 'text' },
    { header: 'Date', field: 'created_at', kind: 'date' },
  ],
});
