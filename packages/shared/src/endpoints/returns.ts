import { z } from 'zod';
import { can, canAny, defineEndpoint, doneWith, file, instant, ok } from '../contract/endpoint.ts';
import { dateRangeSchema, idParamSchema, listQuerySchema } from '../list.schemas.ts';
import { listEnvelopeSchema } from '../lists/declaration.ts';
import { saleReturnSchema } from '../till.schemas.ts';

// Returns: goods brought back against a sale, with their refund. Record one, show one, list them (paged, by the shop's
// days, searched by sale number, customer, refund reference or return number) and the list's files.

/** Whoever takes returns or reads the sales list may read returns. */
const readers = canAny('salesReturn', 'salesList');

/** A return as the list shows it: with its sale's number, receipt number and customer. */
export const returnRow = z.object({
  id: z.number(),
  return_number: z.number(),
  sale_id: z.number(),
  sale_number: z.string(),
  /** Null on a sale recorded before receipts were numbered. */
  receipt_number: z.number().nullable(),
  customer_name: z.string(),
  reason: z.string(),
  refund_method: z.string(),
  /** The mobile-money transaction id of the refund, or another reference. */
  refund_reference: z.string().nullable(),
  /** The return's value: credited_amount of it went off the customer's account (what they owed on the sale), the
   * rest was refunded by refund_method. */
  refund_amount: z.number(),
  credited_amount: z.number(),
  /** The VAT inside the refund, at the sale's rate. */
  vat_amount: z.number(),
  created_at: instant,
  /** The cashier who took it; null when the user is gone. */
  user: z.object({ name: z.string() }).nullable(),
});
export type ReturnRow = z.output<typeof returnRow>;

/**
 * A returned line: its sale line's batch, unit price and names, the quantity back and its refund. `quantity`,
 * `measurement` and `unit_price` are in the unit the line was sold in; `base_quantity` is what went back into the
 * batch, in its (base) unit, `factor` base units per unit sold.
 */
export const returnLineShown = z.object({
  unit_price: z.number(),
  batch_number: z.string(),
  product: z.object({ name: z.string() }),
  /** NO_BRAND for goods without one. */
  brand: z.object({ name: z.string() }),
  measurement: z.object({ name: z.string(), plural: z.string().nullable() }),
  id: z.number(),
  sale_item_id: z.number(),
  quantity: z.number(),
  refund_amount: z.number(),
  factor: z.number(),
  base_quantity: z.number(),
  base_measurement: z.object({ name: z.string(), plural: z.string().nullable() }),
});
export type ReturnLineShown = z.output<typeof returnLineShown>;

export const returnShown = returnRow.extend({ items: z.array(returnLineShown) });
export type ReturnShown = z.output<typeof returnShown>;

const exportOf = (format: 'xlsx' | 'csv') =>
  defineEndpoint({
    method: 'GET',
    path: `/salesreturn${format}`,
    access: readers,
    resource: 'return',
    query: listQuerySchema.pick({ search: true }).and(dateRangeSchema),
    answer: file(format),
    summary: `The returns list as ${format === 'xlsx' ? 'an Excel' : 'a CSV'} file, with the period's total refunds`,
  });

export const returnsEndpoints = {
  store: defineEndpoint({
    method: 'POST',
    path: '/salesreturnstore/:saleId',
    access: can('salesReturn'),
    resource: 'return',
    params: z.object({ saleId: idParamSchema.shape.id }),
    body: saleReturnSchema,
    answer: doneWith(z.object({ id: z.number(), return_number: z.number(), credited_amount: z.number() })),
    errors: [409],
    summary: 'Record a return against a sale: its goods back into stock, its refund (409 past the return period)',
  }),
  show: defineEndpoint({
    method: 'GET',
    path: '/salesreturnshow/:id',
    access: readers,
    resource: 'return',
    params: idParamSchema,
    answer: ok(returnShown),
    summary: 'One return with its lines',
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/salesreturnlist',
    access: readers,
    resource: 'return',
    query: listQuerySchema.and(dateRangeSchema),
    answer: listEnvelopeSchema(returnRow),
    summary: 'The returns, newest first, by the shop days they were made',
  }),
  xlsx: exportOf('xlsx'),
  csv: exportOf('csv'),
};
