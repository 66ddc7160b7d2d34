import { z } from 'zod';
import { can, defineEndpoint, doneWith, file, instant, ok } from '../contract/endpoint.ts';
import { listEndpoints } from '../contract/lists.ts';
import { idParamSchema } from '../list.schemas.ts';
import { purchaseOrderList } from '../lists/purchasing-lists.ts';
import {
  PURCHASE_ORDER_STATUSES,
  purchaseOrderCancelSchema,
  purchaseOrderSchema,
  purchaseOrderSuggestionsQuerySchema,
} from '../purchasing.schemas.ts';

// Buying: purchase orders to suppliers, their PDF, and what to reorder from a supplier.

const PURCHASE_ORDER = 'purchaseOrder';

const unitNamed = z.object({ id: z.number(), name: z.string(), plural: z.string().nullable() });

/** One line of an order: what was ordered, in its unit, and what of it came in. */
export const purchaseOrderLineShown = z.object({
  id: z.number(),
  product: z.object({ id: z.number(), name: z.string() }),
  /** null: goods without a brand. */
  brand: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The unit ordered, and how many base units it holds. */
  unit: unitNamed,
  factor: z.number(),
  base_unit: unitNamed,
  /** In the unit ordered. */
  ordered: z.number(),
  received: z.number(),
  remaining: z.number(),
  /** Shillings per unit ordered. */
  unit_cost: z.number(),
  /** round(ordered × unit cost). */
  line_total: z.number(),
});
export type PurchaseOrderLineShown = z.output<typeof purchaseOrderLineShown>;

export const purchaseOrderShown = z.object({
  id: z.number(),
  po_number: z.string(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  supplier: z.object({
    id: z.number(),
    name: z.string(),
    phone_number: z.string(),
    email: z.string(),
    address: z.string(),
    tin: z.string(),
  }),
  /** YYYY-MM-DD, or null when not said. */
  expected_date: z.string().nullable(),
  notes: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  lines: z.array(purchaseOrderLineShown),
  /** Σ the lines' totals. */
  total_amount: z.number(),
  user: z.object({ name: z.string() }).nullable(),
  created_at: instant,
  updated_at: instant,
  cancelled_at: instant.nullable(),
});
export type PurchaseOrderShown = z.output<typeof purchaseOrderShown>;

/** A product to order again from a supplier: its stock is at or below its minimum level. */
export const reorderSuggestion = z.object({
  product_id: z.number(),
  product_name: z.string(),
  /** The newest batch's brand; null: without one. */
  brand: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** Every figure below is in this unit. */
  base_unit: unitNamed,
  /** Σ the live batches' balances. */
  balance: z.number(),
  /** The newest batch's minimum stock level. */
  min_stock_level: z.number(),
  /** Base units sold in the last 30 shop days, today included. */
  sold_30_days: z.number(),
  /** sold_30_days + min_stock_level − balance, never below 0. */
  suggested_quantity: z.number(),
  /** The newest batch's cost per base unit. */
  last_unit_cost: z.number(),
});
export type ReorderSuggestion = z.output<typeof reorderSuggestion>;

const orderMade = z.object({ id: z.number(), po_number: z.string() });

export const purchaseOrderEndpoints = {
  /** /purchaseorderlist, /purchaseorderxlsx and /purchaseordercsv, from their declaration. */
  ...listEndpoints(purchaseOrderList),
  store: defineEndpoint({
    method: 'POST',
    path: '/purchaseorderstore',
    access: can('purchaseOrderAdd'),
    resource: PURCHASE_ORDER,
    body: purchaseOrderSchema,
    answer: doneWith(orderMade),
    summary: 'A purchase order to a supplier: its lines in any unit of their product, numbered PO-000001 onwards',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/purchaseorderupdate/:id',
    access: can('purchaseOrderEdit'),
    resource: PURCHASE_ORDER,
    params: idParamSchema,
    body: purchaseOrderSchema,
    answer: doneWith(orderMade),
    errors: [409],
    summary: 'Replace an order’s supplier, dates, notes and lines (409 once anything is received or it is cancelled)',
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/purchaseordercancel/:id',
    access: can('purchaseOrderCancel'),
    resource: PURCHASE_ORDER,
    params: idParamSchema,
    body: purchaseOrderCancelSchema,
    answer: doneWith(orderMade),
    errors: [409],
    summary: 'Cancel an order with a reason (409 once received in full or already cancelled)',
  }),
  show: defineEndpoint({
    method: 'GET',
    path: '/purchaseordershow/:id',
    access: can('purchaseOrderList'),
    resource: PURCHASE_ORDER,
    params: idParamSchema,
    answer: ok(purchaseOrderShown),
    summary: 'One order with its supplier and lines: ordered, received and remaining in the unit ordered',
  }),
  pdf: defineEndpoint({
    method: 'GET',
    path: '/purchaseorderpdf/:id',
    access: can('purchaseOrderList'),
    resource: PURCHASE_ORDER,
    params: idParamSchema,
    answer: file('pdf'),
    summary: 'One order as an A4 PDF with the business header, to send to the supplier',
  }),
  suggestions: defineEndpoint({
    method: 'GET',
    path: '/purchaseordersuggestions',
    access: can('purchaseOrderAdd'),
    resource: [PURCHASE_ORDER, 'stock', 'sale'],
    query: purchaseOrderSuggestionsQuerySchema,
    answer: ok(z.array(reorderSuggestion)),
    summary:
      'Products last bought from a supplier whose stock is at or below its minimum: what would cover 30 days’ sales and the minimum',
  }),
};
