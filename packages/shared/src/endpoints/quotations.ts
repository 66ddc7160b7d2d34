import { z } from 'zod';
import { can, defineEndpoint, doneWith, file, instant, ok } from '../contract/endpoint.ts';
import { listEndpoints } from '../contract/lists.ts';
import { idParamSchema } from '../list.schemas.ts';
import { awaitingDeliveryReport, deliveryNoteList, quotationList } from '../lists/quotation-lists.ts';
import {
  deliveryNoteSchema,
  QUOTATION_STATUSES,
  quotationCancelSchema,
  quotationConvertSchema,
  quotationSchema,
} from '../quotations.schemas.ts';

// Quotations, their conversion into a sale, delivery notes of goods collected later, and what waits in the yard.

const QUOTATION = 'quotation';
const DELIVERY_NOTE = 'deliveryNote';

const unitNamed = z.object({ id: z.number(), name: z.string(), plural: z.string().nullable() });

export const quotationLineShown = z.object({
  id: z.number(),
  product: z.object({ id: z.number(), name: z.string() }),
  brand: z.object({ id: z.number(), name: z.string() }).nullable(),
  unit: unitNamed,
  factor: z.number(),
  quantity: z.number(),
  unit_price: z.number(),
  /** round(quantity × unit price). */
  line_total: z.number(),
});
export type QuotationLineShown = z.output<typeof quotationLineShown>;

export const quotationShown = z.object({
  id: z.number(),
  quotation_number: z.string(),
  status: z.enum(QUOTATION_STATUSES),
  customer: z.object({
    id: z.number().nullable(),
    name: z.string(),
    phone_number: z.string(),
    customer_number: z.string().nullable(),
  }),
  /** YYYY-MM-DD. */
  valid_until: z.string(),
  notes: z.string().nullable(),
  discount_percent: z.number(),
  lines: z.array(quotationLineShown),
  subtotal: z.number(),
  discount_amount: z.number(),
  total_amount: z.number(),
  /** The VAT inside the total, at the rate in force (0 when the business is not registered). */
  vat_rate: z.number(),
  vat_amount: z.number(),
  cancel_reason: z.string().nullable(),
  /** The sale it became. */
  sale: z.object({ id: z.number(), receipt_number: z.number().nullable() }).nullable(),
  user: z.object({ name: z.string() }).nullable(),
  created_at: instant,
  updated_at: instant,
});
export type QuotationShown = z.output<typeof quotationShown>;

/** A sale's line as delivery sees it, in the unit sold. */
export const deliveryLineState = z.object({
  sale_item_id: z.number(),
  product_name: z.string(),
  brand_name: z.string(),
  unit: unitNamed,
  sold: z.number(),
  returned: z.number(),
  delivered: z.number(),
  remaining: z.number(),
});
export type DeliveryLineState = z.output<typeof deliveryLineState>;

export const saleDeliveries = z.object({
  sale_id: z.number(),
  receipt_number: z.number().nullable(),
  customer_name: z.string(),
  customer_phone: z.string(),
  deliver_later: z.boolean(),
  lines: z.array(deliveryLineState),
  notes: z.array(z.object({ id: z.number(), delivery_number: z.string(), created_at: instant })),
});
export type SaleDeliveries = z.output<typeof saleDeliveries>;

export const deliveryNoteShown = z.object({
  id: z.number(),
  delivery_number: z.string(),
  sale_id: z.number(),
  receipt_number: z.number().nullable(),
  customer_name: z.string(),
  customer_phone: z.string(),
  vehicle: z.string().nullable(),
  driver: z.string().nullable(),
  received_by: z.string().nullable(),
  /** What left on this trip, and what remains of each line after it. */
  lines: z.array(
    deliveryLineState.pick({ sale_item_id: true, product_name: true, brand_name: true, unit: true }).extend({
      quantity: z.number(),
      remaining_after: z.number(),
    }),
  ),
  user: z.object({ name: z.string() }).nullable(),
  created_at: instant,
});
export type DeliveryNoteShown = z.output<typeof deliveryNoteShown>;

const quotationMade = z.object({ id: z.number(), quotation_number: z.string() });

export const quotationEndpoints = {
  ...listEndpoints(quotationList),
  store: defineEndpoint({
    method: 'POST',
    path: '/quotationstore',
    access: can('quotationAdd'),
    resource: QUOTATION,
    body: quotationSchema,
    answer: doneWith(quotationMade),
    summary: "A quotation at today's prices (another price needs quotationPriceEdit), numbered QT-000001 onwards",
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/quotationupdate/:id',
    access: can('quotationEdit'),
    resource: QUOTATION,
    params: idParamSchema,
    body: quotationSchema,
    answer: doneWith(quotationMade),
    errors: [409],
    summary: 'Replace an open quotation (409 once converted or cancelled)',
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/quotationcancel/:id',
    access: can('quotationCancel'),
    resource: QUOTATION,
    params: idParamSchema,
    body: quotationCancelSchema,
    answer: doneWith(quotationMade),
    errors: [409],
    summary: 'Cancel an open quotation with a reason',
  }),
  show: defineEndpoint({
    method: 'GET',
    path: '/quotationshow/:id',
    access: can('quotationList'),
    resource: QUOTATION,
    params: idParamSchema,
    answer: ok(quotationShown),
    summary: 'One quotation with its customer, lines, totals and VAT',
  }),
  pdf: defineEndpoint({
    method: 'GET',
    path: '/quotationpdf/:id',
    access: can('quotationList'),
    resource: QUOTATION,
    params: idParamSchema,
    answer: file('pdf'),
    summary: 'One quotation as an A4 PDF with the business header, TIN and legal disclaimer',
  }),
  convert: defineEndpoint({
    method: 'POST',
    path: '/quotationconvert/:id',
    access: can('quotationConvert'),
    resource: [QUOTATION, 'sale', 'stock', 'customer', DELIVERY_NOTE],
    params: idParamSchema,
    body: quotationConvertSchema,
    answer: doneWith(z.object({ sale_id: z.number(), receipt_number: z.number().nullable() })),
    errors: [409],
    summary:
      'Make the sale at the quoted prices through the POS path (409 when converted already by another key; 422 when expired unless re-priced)',
  }),
};

export const deliveryNoteEndpoints = {
  ...listEndpoints(deliveryNoteList),
  saleLines: defineEndpoint({
    method: 'GET',
    path: '/deliverynotesale/:id',
    access: can('deliveryNoteAdd'),
    resource: [DELIVERY_NOTE, 'sale'],
    params: idParamSchema,
    answer: ok(saleDeliveries),
    summary: "A sale's lines with what was sold, returned, delivered and what remains to collect",
  }),
  store: defineEndpoint({
    method: 'POST',
    path: '/deliverynotestore',
    access: can('deliveryNoteAdd'),
    resource: [DELIVERY_NOTE, 'sale'],
    body: deliveryNoteSchema,
    answer: doneWith(z.object({ id: z.number(), delivery_number: z.string() })),
    summary: 'Goods collected on one trip, never more than remains of each line, numbered DN-000001 onwards',
  }),
  show: defineEndpoint({
    method: 'GET',
    path: '/deliverynoteshow/:id',
    access: can('deliveryNoteList'),
    resource: DELIVERY_NOTE,
    params: idParamSchema,
    answer: ok(deliveryNoteShown),
    summary: 'One delivery note with what left and what remains after it',
  }),
  pdf: defineEndpoint({
    method: 'GET',
    path: '/deliverynotepdf/:id',
    access: can('deliveryNoteList'),
    resource: DELIVERY_NOTE,
    params: idParamSchema,
    answer: file('pdf'),
    summary: "One delivery note as an A4 PDF with a line for the receiver's signature",
  }),
  awaiting: listEndpoints(awaitingDeliveryReport),
};
