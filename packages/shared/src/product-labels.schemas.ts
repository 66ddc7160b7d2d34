import { z } from 'zod';
import { idField } from './catalogue.schemas.ts';

// Barcode labels: products chosen on the list get a barcode if they have none, then an A4 sheet of labels.

/** 3 across and 8 down on an A4 sheet (70 × 37 mm labels). */
export const LABELS_PER_PAGE = 24;
/** At most 20 sheets in one print: the ids travel in the PDF's address. */
export const LABELS_MAX = 480;

const productIds = z
  .array(idField('Each product must be given by its id.'), { error: 'Choose at least one product.' })
  .min(1, { error: 'Choose at least one product.' })
  .max(LABELS_MAX, { error: `At most ${LABELS_MAX} labels can be printed at once.` });

/** The chosen products, or every live product without a barcode (the oldest first, up to LABELS_MAX). */
export const productBarcodeAssignSchema = z
  .object({ product_ids: productIds.optional(), without_barcode: z.boolean().optional() })
  .refine((body) => Boolean(body.product_ids) !== Boolean(body.without_barcode), {
    error: 'Choose the products, or all without a barcode.',
    path: ['product_ids'],
  });

/** `product_ids=3,1,2`: the labels in that order. */
export const productLabelsQuerySchema = z.object({
  product_ids: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() ? v.split(',').map((id) => id.trim()) : undefined),
    productIds,
  ),
});
