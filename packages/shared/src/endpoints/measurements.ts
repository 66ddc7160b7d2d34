import { z } from 'zod';
import { measurementCreateSchema, measurementUpdateSchema } from '../catalogue.schemas.ts';
import { recordEndpoints } from '../contract/crud.ts';
import { defineEndpoint, type Endpoint, instant, ok } from '../contract/endpoint.ts';
import { listEndpoints } from '../contract/lists.ts';
import { measurementList } from '../lists/record-lists.ts';
import { environment, option } from './common.ts';

// A unit of measurement (bag, tonne, metre) of stock batches, its declared list (lists/record-lists.ts:
// measurementRow) and the select that lists them.

export const measurementShown = z.object({
  id: z.number(),
  name: z.string(),
  plural: z.string().nullable(),
  environment,
  created_at: instant,
});
export type MeasurementShown = z.output<typeof measurementShown>;

/** Each endpoint of a group with its summary. */
const summarized = <const E extends Record<string, Endpoint>>(endpoints: E, summaries: { [K in keyof E]: string }) =>
  Object.fromEntries(Object.entries(endpoints).map(([name, e]) => [name, { ...e, summary: summaries[name] }])) as E;

export const measurementsEndpoints = {
  /** /measurementlist, from its declaration. */
  ...summarized(listEndpoints(measurementList), { list: 'The measurements, newest first' }),
  ...summarized(
    recordEndpoints({
      word: 'measurement',
      paths: {
        store: '/measurementstore',
        show: '/measurementshow',
        update: '/measurementupdate',
        delete: '/measurementdelete',
        bulkDelete: '/measurementsdelete',
      },
      idsField: 'measurement_ids',
      create: measurementCreateSchema,
      update: measurementUpdateSchema,
      shown: measurementShown,
      made: option,
    }),
    {
      store: 'Create a measurement',
      show: 'One measurement',
      update: 'Update a measurement (its plural kept when not sent)',
      delete: 'Move a measurement to the trash',
      bulkDelete: 'Move several measurements to the trash, all or none',
    },
  ),
  /** Every live measurement (the stock form's select). */
  names: defineEndpoint({
    method: 'GET',
    path: '/getmeasurements',
    access: 'signedIn',
    resource: 'measurement',
    summary: "The live measurements' ids and names, by name",
    answer: ok(z.array(option)),
  }),
};
