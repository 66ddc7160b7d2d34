import { z } from 'zod';
import { supplierCreateSchema, supplierUpdateSchema } from '../catalogue.schemas.ts';
import { recordEndpoints } from '../contract/crud.ts';
import { defineEndpoint, type Endpoint, ok } from '../contract/endpoint.ts';
import { listEndpoints } from '../contract/lists.ts';
import { supplierList, supplierListRowSchema } from '../lists/people-lists.ts';
import { option } from './common.ts';

// A supplier of stock (a supplier number, contacts, TIN, a country), its declared list and the selects that list
// them and the countries.

/** The show call's supplier: the list's row. */
export const supplierShown = supplierListRowSchema;
export type SupplierShown = z.output<typeof supplierShown>;

/** A country offered for suppliers, with its dialing code and currency (COUNTRIES). */
export const countryRow = z.object({
  country: z.string(),
  dialing_code: z.string(),
  currency: z.string(),
  operators: z.array(z.string()).readonly().optional(),
});
export type CountryRow = z.output<typeof countryRow>;

/** Each endpoint of a group with its summary. */
const summarized = <const E extends Record<string, Endpoint>>(endpoints: E, summaries: { [K in keyof E]: string }) =>
  Object.fromEntries(Object.entries(endpoints).map(([name, e]) => [name, { ...e, summary: summaries[name] }])) as E;

export const suppliersEndpoints = {
  /** The list and its files, from its declaration (lists/people-lists.ts). */
  supplierList: listEndpoints(supplierList),
  ...summarized(
    recordEndpoints({
      word: 'supplier',
      paths: {
        store: '/supplierstore',
        show: '/suppliershow',
        update: '/supplierupdate',
        delete: '/supplierdelete',
        bulkDelete: '/suppliersdelete',
      },
      idsField: 'supplier_ids',
      create: supplierCreateSchema,
      update: supplierUpdateSchema,
      shown: supplierShown,
      made: z.object({ id: z.number(), name: z.string(), supplier_number: z.string() }),
    }),
    {
      store: 'Create a supplier (its supplier number is given)',
      show: 'One supplier',
      update: 'Update a supplier',
      delete: 'Move a supplier to the trash',
      bulkDelete: 'Move several suppliers to the trash, all or none',
    },
  ),
  /** Every live supplier (the stock form's select). */
  names: defineEndpoint({
    method: 'GET',
    path: '/getsuppliers',
    access: 'signedIn',
    resource: 'supplier',
    summary: "The live suppliers' ids and names, by name",
    answer: ok(z.array(option)),
  }),
  /** The countries a supplier may be in (the supplier form's select). */
  countries: defineEndpoint({
    method: 'GET',
    path: '/getcountries',
    access: 'signedIn',
    resource: 'supplier',
    summary: 'The countries offered for suppliers',
    answer: ok(z.array(countryRow).readonly()),
  }),
};
