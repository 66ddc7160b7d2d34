import { z } from 'zod';
import { idField, quantityField } from './catalogue.schemas.ts';
import { numeric, optionalTextField, requiredText } from './fields.ts';
import { blankAsAbsent, isoDate } from './list.schemas.ts';
import { MAX_LINE_QUANTITY, MAX_MONEY, MAX_SALE_LINES } from './money.ts';

// Buying: a purchase order to a supplier, its lines in any unit of their product, and its cancellation.

/** OPEN until goods come in; PARTLY_RECEIVED while some remain; RECEIVED once every line came in full. */
export const PURCHASE_ORDER_STATUSES = ['OPEN', 'PARTLY_RECEIVED', 'RECEIVED', 'CANCELLED'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];
export const PURCHASE_ORDER_STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  OPEN: 'Open',
  PARTLY_RECEIVED: 'Partly received',
  RECEIVED: 'Received',
  CANCELLED: 'Cancelled',
};

const required = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsAbsent, schema);
/** Blank text (spaces alone too) or null is absent. */
const blankTextAsAbsent = (v: unknown) => blankAsAbsent(typeof v === 'string' ? v.trim() : v);

export const UNIT_COST_MESSAGE = 'The unit cost must be a whole number of shillings from 0.';

export const purchaseOrderLineSchema = z.object({
  product_id: required(idField('Product is required.')),
  /** null (or absent): goods without a brand. */
  brand_id: z.preprocess((v) => blankAsAbsent(v) ?? null, idField('Brand is required.').nullable()),
  /** The unit ordered: the product's base or another of its units. */
  measurement_id: required(idField('Unit is required.')),
  /** In the unit ordered. */
  quantity: required(
    quantityField('Quantity is required.', {
      max: {
        value: MAX_LINE_QUANTITY,
        message: `At most ${MAX_LINE_QUANTITY.toLocaleString('en-US')} on one line.`,
      },
    }),
  ),
  /** Whole shillings per unit ordered. */
  unit_cost: required(
    numeric(
      z
        .number({ error: 'Unit cost is required.' })
        .int({ error: UNIT_COST_MESSAGE, abort: true })
        .min(0, { error: UNIT_COST_MESSAGE })
        .max(MAX_MONEY, { error: `At most UGX ${MAX_MONEY.toLocaleString('en-US')}.` }),
    ),
  ),
});
export type PurchaseOrderLineInput = z.infer<typeof purchaseOrderLineSchema>;

export const purchaseOrderSchema = z.object({
  supplier_id: required(idField('Supplier is required.')),
  /** YYYY-MM-DD; absent: not said. */
  expected_date: z.preprocess(blankAsAbsent, isoDate('The expected date must be a date (YYYY-MM-DD).').nullish()),
  notes: z.preprocess(blankTextAsAbsent, optionalTextField(1000).optional()),
  lines: z
    .array(purchaseOrderLineSchema, { error: 'Add at least one line.' })
    .min(1, { error: 'Add at least one line.' })
    .max(MAX_SALE_LINES, { error: `At most ${MAX_SALE_LINES} lines on one order.` }),
});
export type PurchaseOrderInput = z.infer<typeof purchaseOrderSchema>;

export const purchaseOrderCancelSchema = z.object({
  reason: requiredText('Say why the order is cancelled.', 500),
});

export const purchaseOrderSuggestionsQuerySchema = z.object({
  supplier_id: required(idField('Supplier is required.')),
});
