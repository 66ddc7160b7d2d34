import { z } from 'zod';
import { idField } from './catalogue.schemas.ts';
import { hasAtMostDecimals, numeric } from './fields.ts';
import { formatQuantity } from './format.ts';
import { quantityWithUnit, type UnitName } from './units.ts';

// Units of a product: a base unit, the smallest it is counted in (Bag), and other units that each hold `factor` base
// units (Tonne = 20 Bag), with an optional bulk discount. Stock is kept in base units only; a quantity in another unit
// becomes quantity × factor base units, exactly (at most 3 decimals, else refused), and its price per unit is
// round(price per base unit × factor × (1 − discount / 100)). The rules are here so the server, the till and its
// offline copy compute the same figures.

/** A quantity, price factor or percent with at most `places` decimals as an integer (thousandths for 3). */
const scaled = (n: number, places: number) => BigInt(Math.round(n * 10 ** places));

/** quantity × factor in base units, or null when it would need more than 3 decimals (it is then refused). */
export function toBaseQuantity(quantity: number, factor: number): number | null {
  const product = scaled(quantity, 3) * scaled(factor, 3); // millionths
  if (product % 1000n !== 0n) return null;
  return Number(product / 1000n) / 1000;
}

/** A unit's price: round(price per base unit × factor × (1 − discount %)), half-up, in whole shillings. */
export function unitPrice(basePrice: number, factor: number, bulkDiscountPercent = 0): number {
  // basePrice × factor(thousandths) × (10000 − percent(hundredths)) / (1000 × 10000)
  const numerator = BigInt(basePrice) * scaled(factor, 3) * (10_000n - scaled(bulkDiscountPercent, 2));
  return Number((numerator + 5_000_000n) / 10_000_000n);
}

/** A price or cost given per unit of `factor` base units, per base unit: round(amount ÷ factor), half-up. */
export function perBaseUnit(amount: number, factor: number): number {
  const thousandths = scaled(factor, 3);
  return Number((BigInt(amount) * 1000n * 2n + thousandths) / (thousandths * 2n));
}

export interface UnitOfProduct extends UnitName {
  measurement_id: number;
  /** Base units in one of it (1 for the base). */
  factor: number;
}

/**
 * A base quantity in the largest whole units first, the rest in base units: "3 Bundle + 7 Piece". `units` are the
 * product's other units; only whole-number factors split a quantity (a factor of 2.5 would leave fractions of bags).
 */
export function inLargestUnits(baseQuantity: number, base: UnitName, units: readonly UnitOfProduct[]): string {
  const whole = units.filter((u) => u.factor > 1 && Number.isInteger(u.factor)).sort((a, b) => b.factor - a.factor);
  let left = scaled(baseQuantity, 3);
  const parts: string[] = [];
  for (const unit of whole) {
    const per = BigInt(unit.factor) * 1000n;
    const count = left / per;
    if (count > 0n) {
      parts.push(quantityWithUnit(Number(count), unit));
      left -= count * per;
    }
  }
  if (left > 0n || parts.length === 0) parts.push(quantityWithUnit(Number(left) / 1000, base));
  return parts.join(' + ');
}

/** "2 Tonne = 40 Bag": a quantity received or entered in another unit, and what it is in base units. */
export const unitEquation = (quantity: number, unit: UnitName, baseQuantity: number, base: UnitName) =>
  `${quantityWithUnit(quantity, unit)} = ${quantityWithUnit(baseQuantity, base)}`;

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

/** "Quantity × factor needs more than 3 decimals": the refusal of a quantity that does not convert exactly. */
export const inexactQuantity = (quantity: number, unit: UnitName, factor: number) =>
  `${quantityWithUnit(quantity, unit)} is ${formatQuantity(quantity)} × ${formatQuantity(factor)} base units: more than 3 decimals. Change the quantity.`;
