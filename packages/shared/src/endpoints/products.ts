import { z } from 'zod';
import { productCreateSchema, productUpdateSchema } from '../catalogue.schemas.ts';
import { recordEndpoints } from '../contract/crud.ts';
import { can, defineEndpoint, doneWith, type Endpoint, file, ok } from '../contract/endpoint.ts';
import { listEndpoints } from '../contract/lists.ts';
import { idParamSchema } from '../list.schemas.ts';
import { productList, productRow } from '../lists/record-lists.ts';
import { productBarcodeAssignSchema, productLabelsQuerySchema } from '../product-labels.schemas.ts';
import { productUnitsShown, productUnitsUpdateSchema } from '../product-units.ts';
import { option } from './common.ts';

// A product (its name unique within its category, an optional barcode and SKU), its declared list and files
// (lists/record-lists.ts: productRow), its barcode labels and the select that lists them.

export const productShown = productRow.pick({
  id: true,
  name: true,
  category_id: true,
  barcode: true,
  sku: true,
  environment: true,
  created_at: true,
});
export type ProductShown = z.output<typeof productShown>;

/** A chosen product with the barcode its label carries (given now or before). */
export const labelledProduct = z.object({ id: z.number(), name: z.string(), barcode: z.string() });
export type LabelledProduct = z.output<typeof labelledProduct>;

/** Each endpoint of a group with its summary. */
const summarized = <const E extends Record<string, Endpoint>>(endpoints: E, summaries: { [K in keyof E]: string }) =>
  Object.fromEntries(Object.entries(endpoints).map(([name, e]) => [name, { ...e, summary: summaries[name] }])) as E;

export const productsEndpoints = {
  /** /productlist, /productxlsx and /productcsv, from their declaration. */
  ...summarized(listEndpoints(productList), {
    list: 'The products, newest first',
    xlsx: 'The products list (searched) as XLSX',
    csv: 'The products list (searched) as CSV',
  }),
  ...summarized(
    recordEndpoints({
      word: 'product',
      paths: {
        store: '/productstore',
        show: '/productshow',
        update: '/productupdate',
        delete: '/productdelete',
        bulkDelete: '/productsdelete',
      },
      idsField: 'product_ids',
      create: productCreateSchema,
      update: productUpdateSchema,
      shown: productShown,
      made: option,
    }),
    {
      store: 'Create a product',
      show: 'One product',
      update: 'Update a product (a code left out is cleared)',
      delete: 'Move a product to the trash',
      bulkDelete: 'Move several products to the trash, all or none',
    },
  ),
  /** Gives the chosen products (or every one without) a barcode before their labels are printed. */
  barcodeAssign: defineEndpoint({
    method: 'POST',
    path: '/productbarcodeassign',
    access: can('productEdit'),
    resource: 'product',
    body: productBarcodeAssignSchema,
    summary: 'Give the chosen products without a barcode one (their SKU or the next shop number)',
    answer: doneWith(z.array(labelledProduct)),
    errors: [404],
  }),
  /** The A4 sheet of the chosen products' labels, in the order given. */
  labelsPdf: defineEndpoint({
    method: 'GET',
    path: '/productlabelspdf',
    access: can('productList'),
    resource: 'product',
    query: productLabelsQuerySchema,
    summary: "The chosen products' barcode labels as a PDF (3 × 8 on A4)",
    answer: file('pdf'),
    errors: [404],
  }),
  /** The product's base unit and its other units (Tonne = 20 Bag), each with its factor and bulk discount. */
  units: defineEndpoint({
    method: 'GET',
    path: '/productunits/:id',
    access: can('productList'),
    resource: 'product',
    params: idParamSchema,
    summary: "A product's base unit and other units with their factors and bulk discounts",
    answer: ok(productUnitsShown),
    errors: [404],
  }),
  unitsUpdate: defineEndpoint({
    method: 'PUT',
    path: '/productunitsupdate/:id',
    access: can('productEdit'),
    resource: 'product',
    params: idParamSchema,
    body: productUnitsUpdateSchema,
    summary: "Declare a product's base unit and other units (409: the base of a product with stock, a unit in use)",
    answer: doneWith(productUnitsShown),
    errors: [404, 409],
  }),
  /** Every live product (the stock and brand forms' selects). */
  names: defineEndpoint({
    method: 'GET',
    path: '/getproducts',
    access: 'signedIn',
    resource: 'product',
    summary: "The live products' ids and names, by name",
    answer: ok(z.array(option)),
  }),
};
