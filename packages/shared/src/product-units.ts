import { z } from 'zod';
import { idField } from './catalogue.schemas.ts';
import { hasAtMostDecimals, numeric } from './fields.ts';

// The schemas of a product's units; their arithmetic is in unit-amounts.ts.

export const productUnitSchema = z.object({
  measurement_id: idField('Each unit needs a measurement.'),
  factor: numeric(
    z
      .number({ error: 'Each unit needs a factor: how many base units it holds.' })
      .positive({ error: 'A factor must be above 0.' })
      .refine((n) => hasAtMostDecimals(n, 3), { error: 'A factor has at most 3 decimals.' })
      .max(1_000_000, { error: 'A factor is at most 1,000,000.' }),
  ),
  bulk_discount_percent: numeric(
    z
      .number({ error: 'The bulk discount is a percent.' })
      .min(0, { error: 'The bulk discount cannot be negative.' })
      .max(99.99, { error: 'The bulk discount is below 100 %.' })
      .refine((n) => hasAtMostDecimals(n, 2), { error: 'The bulk discount has at most 2 decimals.' }),
  ).default(0),
});
export type ProductUnitInput = z.infer<typeof productUnitSchema>;

export const productUnitsUpdateSchema = z
  .object({
    base_measurement_id: idField('The base unit is required.'),
    units: z.array(productUnitSchema).max(20, { error: 'At most 20 units.' }).default([]),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<number>([v.base_measurement_id]);
    v.units.forEach((u, i) => {
      if (seen.has(u.measurement_id))
        ctx.addIssue({
          code: 'custom',
          path: ['units', i, 'measurement_id'],
          message:
            u.measurement_id === v.base_measurement_id
              ? 'The base unit is not one of the other units.'
              : 'Each unit is listed once.',
        });
      seen.add(u.measurement_id);
    });
  });
export type ProductUnitsInput = z.infer<typeof productUnitsUpdateSchema>;

const unitNameFields = { measurement_id: z.number(), name: z.string(), plural: z.string().nullable() };

/** A product's units as GET /productunits answers: the base (null: no stock and no units yet) and the others. */
export const productUnitsShown = z.object({
  base: z.object(unitNameFields).nullable(),
  units: z.array(z.object({ ...unitNameFields, factor: z.number(), bulk_discount_percent: z.number() })),
});
export type ProductUnits = z.output<typeof productUnitsShown>;
