import { z } from 'zod';
import { environmentField } from './accounts.schemas.ts';
import { MAX_INTEGER, NO_BRAND_PARAM } from './constants.ts';
import { cleanText, hasAtMostDecimals, numeric, phoneNumber, requiredEmail, requiredText } from './fields.ts';
import { formatMoney } from './format.ts';
import { blankAsAbsent, isoDate } from './list.schemas.ts';
import { MAX_MONEY } from './money.ts';

// Products, brands, measurements, suppliers and stock batches and write-offs.

/** The countries offered for suppliers (the public ones of the original country table). */
export const COUNTRIES = [
  { country: 'Kenya', dialing_code: '+254', currency: 'KES' },
  { country: 'Rwanda', dialing_code: '+250', currency: 'RWF' },
  { country: 'Tanzania', dialing_code: '+255', currency: 'TZS' },
  { country: 'Uganda', dialing_code: '+256', currency: 'UGX', operators: ['MTN Uganda', 'AIRTEL Uganda'] },
] as const;
const COUNTRY_NAMES = COUNTRIES.map((c) => c.country) as [string, ...string[]];

export const idField = (message: string) =>
  numeric(
    z
      .number({ error: message })
      .int({ error: message })
      .positive({ error: message })
      .max(MAX_INTEGER, { error: message }),
  );

/** An optional product code (barcode, SKU): blank is none; otherwise at most 64 of the allowed characters. */
const productCode = (label: string, pattern: RegExp, allowed: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? cleanText(v) || undefined : blankAsAbsent(v)),
    z
      .string({ error: `The ${label} must be text.` })
      .max(64, { error: `The ${label} may have at most 64 characters.` })
      .regex(pattern, { error: `The ${label} may only hold ${allowed}.` })
      .optional(),
  );

/** A brand in a path or query string: a brand's id, or NO_BRAND_PARAM (null: goods without a brand). */
export const brandParam = (message: string) =>
  z.union([z.literal(NO_BRAND_PARAM).transform(() => null), idField(message)], { error: message });

export const productCreateSchema = z.object({
  name: requiredText('Name is required.', 150),
  category_id: idField('Category is required.'),
  // What a scanner types: letters and digits (EAN, UPC, Code 128 of a SKU).
  barcode: productCode('barcode', /^[A-Za-z0-9]+$/, 'letters and digits'),
  sku: productCode('SKU', /^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'letters, digits and . _ / -'),
  environment: environmentField(),
});
export const productUpdateSchema = productCreateSchema.omit({ environment: true });

export const brandCreateSchema = z.object({
  name: requiredText('Name is required.', 150),
  product_ids: z
    .array(idField('At least one product is required.'), { error: 'At least one product is required.' })
    .min(1, { error: 'At least one product is required.' })
    .max(200),
  environment: environmentField(),
});
export const brandUpdateSchema = z.object({
  name: requiredText('Name is required.', 150),
  product_id: idField('Product is required.'),
});

/**
 * A unit's plural as the shop writes it ("Boxes"); blank or null is none, so the shared English rule (unitLabel) makes
 * it. Left out of an update (the original client sends the name only), the stored plural stays.
 */
const unitPlural = z.preprocess(
  (v) => (typeof v === 'string' ? cleanText(v) || null : v),
  z.string({ error: 'The plural must be text.' }).max(100, { error: 'At most 100 characters.' }).nullable().optional(),
);
export const measurementUpdateSchema = z.object({ name: requiredText('Name is required.', 100), plural: unitPlural });
export const measurementCreateSchema = measurementUpdateSchema.extend({ environment: environmentField() });
export type MeasurementInput = z.infer<typeof measurementUpdateSchema>;

export const supplierUpdateSchema = z.object({
  name: requiredText('Name is required.', 150),
  phone_number: phoneNumber(),
  email: requiredEmail(),
  tin: requiredText('TIN is required.', 50),
  country: z.enum(COUNTRY_NAMES, { error: 'Country is required.' }),
  address: requiredText('Address is required.', 500),
});
export const supplierCreateSchema = supplierUpdateSchema.extend({ environment: environmentField() });

/** A quantity: above 0, at most 3 decimals (sand by the tonne, wire by the metre). */
export const quantityField = (
  required: string,
  { allowZero = false, max }: { allowZero?: boolean; max?: { value: number; message: string } } = {},
) =>
  numeric(
    z
      .number({ error: required })
      .refine((n) => (allowZero ? n >= 0 : n > 0), {
        error: allowZero
          ? `${required.replace(' is required.', '')} cannot be negative.`
          : `${required.replace(' is required.', '')} must be above 0.`,
      })
      .refine((n) => hasAtMostDecimals(n, 3), { error: 'Use at most 3 decimals.' })
      .refine((n) => (max ? n <= max.value : n < 1e11), { error: max?.message ?? 'The quantity is too large.' }),
  );

/** Whole shillings. */
export const moneyField = (required: string) =>
  numeric(
    z
      .number({ error: required })
      .int({ error: 'Amounts are whole shillings.' })
      .min(0, { error: 'The amount cannot be negative.' })
      .max(MAX_MONEY, { error: `At most UGX ${formatMoney(MAX_MONEY)}.` }),
  );

const requiredInput = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsAbsent, schema);

/** A batch's brand: a brand's id, or null for goods without one (NO_BRAND). Absent or blank is no choice made yet. */
const batchBrandField = z.preprocess((v) => (v === '' ? undefined : v), idField('Brand is required.').nullable());

export const stockUpdateSchema = z.object({
  product_id: requiredInput(idField('Product is required.')),
  brand_id: batchBrandField,
  measurement_id: requiredInput(idField('Measurement is required.')),
  supplier_id: requiredInput(idField('Supplier is required.')),
  quantity: requiredInput(quantityField('Quantity is required.')),
  unit_price: z.preprocess((v) => blankAsAbsent(v) ?? 0, moneyField('Unit price is required.')),
  sale_price: requiredInput(moneyField('Sale price is required.')),
  min_stock_level: requiredInput(quantityField('Minimum stock level is required.', { allowZero: true })),
  stock_date: isoDate('Stock date is required.'),
});
export const stockCreateSchema = stockUpdateSchema.extend({
  environment: environmentField('Environment selection is required.'),
});
export type StockInput = z.infer<typeof stockUpdateSchema>;

export const ADJUSTMENT_REASONS = [
  { value: 'DAMAGE', label: 'Damage' },
  { value: 'LOSS', label: 'Loss' },
  { value: 'EXPIRY', label: 'Expiry' },
  { value: 'COUNT_CORRECTION', label: 'Count correction' },
] as const;

export const stockAdjustmentSchema = z.object({
  batch_id: requiredInput(idField('Batch is required.')),
  reason: z.enum(['DAMAGE', 'LOSS', 'EXPIRY', 'COUNT_CORRECTION'], { error: 'Reason is required.' }),
  quantity: requiredInput(quantityField('Quantity is required.')),
  /** The unit the quantity is in: the batch's (its product's base) when absent, or another unit of its product. */
  measurement_id: z.preprocess(blankAsAbsent, idField('The unit must be a measurement.').optional()),
  adjustment_date: isoDate('Date is required.'),
  note: requiredText('Note is required.', 500),
});
export type StockAdjustmentInput = z.infer<typeof stockAdjustmentSchema>;

/** A batch's stock status, the one rule every screen, list, report and file uses. */
export function stockStatus(balance: number, minStockLevel: number): 'Out of Stock' | 'Low Stock' | 'In Stock' {
  if (balance <= 0) return 'Out of Stock';
  if (balance <= minStockLevel) return 'Low Stock';
  return 'In Stock';
}
