import { z } from 'zod';
import { idField, moneyField, quantityField } from './catalogue.schemas.ts';
import { PAYMENT_METHODS } from './constants.ts';
import { numeric, optionalTextField, requiredText } from './fields.ts';
import { formatMoney, formatQuantity } from './format.ts';
import { blankAsAbsent, isoDate } from './list.schemas.ts';
import { MAX_LINE_QUANTITY, MAX_MONEY, MAX_SALE_LINES } from './money.ts';
import { mobileMoneyNeedsReference, paymentAmountField, paymentMethodField } from './sales.schemas.ts';

// Buying: a purchase order to a supplier, its lines in any unit of their product, and its cancellation; goods
// received, with or against an order; a payment to a supplier and its reversal.

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
        message: `At most ${formatQuantity(MAX_LINE_QUANTITY)} on one line.`,
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
        .max(MAX_MONEY, { error: `At most UGX ${formatMoney(MAX_MONEY)}.` }),
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

/** How goods received are settled: a supplier bill to pay later, or paid in full when received. */
export const GOODS_RECEIVED_PAYMENTS = ['CREDIT', 'PAID'] as const;
export type GoodsReceivedPayment = (typeof GOODS_RECEIVED_PAYMENTS)[number];
export const GOODS_RECEIVED_PAYMENT_LABELS: Record<GoodsReceivedPayment, string> = {
  CREDIT: 'On credit (a supplier bill)',
  PAID: 'Paid when received',
};

const optionalText = (max: number) => z.preprocess(blankTextAsAbsent, optionalTextField(max).optional());
const optionalMethod = (message: string) =>
  z.preprocess(blankAsAbsent, paymentMethodField(message, PAYMENT_METHODS).optional());
/** YYYY-MM-DD, not in the future (the server checks against the shop's day); absent: today. */
const optionalDay = (what: string) =>
  z.preprocess(blankAsAbsent, isoDate(`The ${what} must be a date (YYYY-MM-DD).`).optional());

export const goodsReceivedLineSchema = purchaseOrderLineSchema.extend({
  /** The order line these goods are received against; absent: goods not on the order. */
  purchase_order_line_id: z.preprocess(blankAsAbsent, idField('The order line must be an id.').optional()),
  /** Shillings per unit received. */
  sale_price: required(moneyField('Sale price is required.')),
  /** In the unit received; absent: 0. */
  min_stock_level: z.preprocess(
    (v) => blankAsAbsent(v) ?? 0,
    quantityField('Minimum stock level is required.', { allowZero: true }),
  ),
});
export type GoodsReceivedLineInput = z.infer<typeof goodsReceivedLineSchema>;

export const goodsReceivedSchema = z
  .object({
    supplier_id: required(idField('Supplier is required.')),
    purchase_order_id: z.preprocess(blankAsAbsent, idField('The purchase order must be an id.').optional()),
    received_date: optionalDay('received date'),
    supplier_invoice_number: optionalText(100),
    /** Transport and offloading, paid when received: spread over the lines by value into the batches' cost. */
    landed_costs: z.preprocess((v) => blankAsAbsent(v) ?? 0, moneyField('Landed costs are required.')),
    landed_costs_method: optionalMethod('Say how the landed costs were paid.'),
    payment: z.enum(GOODS_RECEIVED_PAYMENTS, { error: 'Say whether the goods are on credit or paid.' }),
    payment_method: optionalMethod('Say how the goods were paid.'),
    payment_reference: optionalText(100),
    lines: z
      .array(goodsReceivedLineSchema, { error: 'Add at least one line.' })
      .min(1, { error: 'Add at least one line.' })
      .max(MAX_SALE_LINES, { error: `At most ${MAX_SALE_LINES} lines on one receipt.` }),
  })
  .superRefine((v, ctx) => {
    if (v.landed_costs > 0 && !v.landed_costs_method)
      ctx.addIssue({ code: 'custom', path: ['landed_costs_method'], message: 'Say how the landed costs were paid.' });
    if (v.payment === 'PAID' && !v.payment_method)
      ctx.addIssue({ code: 'custom', path: ['payment_method'], message: 'Say how the goods were paid.' });
    if (v.payment === 'PAID' && v.payment_method === 'MOBILE_MONEY' && !v.payment_reference)
      ctx.addIssue({
        code: 'custom',
        path: ['payment_reference'],
        message: 'Mobile Money needs the transaction id from the SMS.',
      });
    if (v.lines.some((l) => l.purchase_order_line_id) && !v.purchase_order_id)
      ctx.addIssue({
        code: 'custom',
        path: ['purchase_order_id'],
        message: 'Name the purchase order the lines are received against.',
      });
  });
export type GoodsReceivedInput = z.infer<typeof goodsReceivedSchema>;

export const supplierPaymentSchema = z
  .object({
    supplier_id: required(idField('Supplier is required.')),
    amount: paymentAmountField('Amount is required.'),
    method: paymentMethodField('Payment method is required.', PAYMENT_METHODS),
    reference: optionalText(100),
    payment_date: optionalDay('payment date'),
    /** Cash taken out of the till's drawer: the paying cashier's cash-up counts it as paid out. */
    from_till: z.preprocess((v) => blankAsAbsent(v) ?? false, z.boolean({ error: 'From the till is yes or no.' })),
  })
  .superRefine(mobileMoneyNeedsReference)
  .refine((v) => !v.from_till || v.method === 'CASH', {
    error: 'Only cash can be paid out of the till.',
    path: ['from_till'],
  });
export type SupplierPaymentInput = z.infer<typeof supplierPaymentSchema>;

export const supplierPaymentReverseSchema = z.object({
  reason: requiredText('Say why the payment is reversed.', 500),
});
