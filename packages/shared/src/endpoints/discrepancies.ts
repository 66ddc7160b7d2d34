import { z } from 'zod';
import { idField } from '../catalogue.schemas.ts';
import { can, defineEndpoint, doneWith, instant, ok } from '../contract/endpoint.ts';
import { discrepancyListQuerySchema, discrepancyResolutionSchema } from '../discrepancies.schemas.ts';
import { listEnvelopeSchema } from '../lists/declaration.ts';

// Stock discrepancies: the shortfalls offline sales found when they arrived, listed and resolved by a manager.

/** One discrepancy as /stockdiscrepancylist answers it. */
export const discrepancyRow = z.object({
  id: z.number(),
  product_id: z.number(),
  product_name: z.string(),
  batch_id: z.number(),
  batch_number: z.string(),
  /** The batch's balance now (0 when it arrived short, more once stock came back). */
  batch_balance: z.number(),
  measurement_name: z.string(),
  measurement_plural: z.string().nullable(),
  /** The shortfall the offline sale found. */
  quantity: z.number(),
  /** What returns brought back of it: quantity − returned_quantity is still missing. */
  returned_quantity: z.number(),
  sale_id: z.number(),
  sale_number: z.string(),
  created_at: instant,
  resolved_at: instant.nullable(),
  resolved_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** RETURNED: all of the shortfall came back by returns of the sale. */
  resolution_kind: z.enum(['WRITE_OFF', 'STOCK_RECEIVED', 'RETURNED']).nullable(),
  resolution_note: z.string().nullable(),
  stock_adjustment_id: z.number().nullable(),
});
export type DiscrepancyRow = z.output<typeof discrepancyRow>;

/** A batch the shortfall may be written off: the same product's, with stock. */
export const discrepancyBatch = z.object({
  id: z.number(),
  batch_number: z.string(),
  balance: z.number(),
  stock_date: z.string(),
});
export type DiscrepancyBatch = z.output<typeof discrepancyBatch>;

/** What a resolution answers: the write-off it made, if any. */
export const discrepancyResolved = z.object({
  id: z.number(),
  resolution_kind: z.enum(['WRITE_OFF', 'STOCK_RECEIVED']),
  stock_adjustment_id: z.number().nullable(),
});
export type DiscrepancyResolved = z.output<typeof discrepancyResolved>;

const discrepancyParams = z.object({ id: idField('Stock discrepancy not found.') });

export const discrepanciesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/stockdiscrepancylist',
    access: can('stockDiscrepancyList'),
    resource: 'discrepancy',
    summary: 'The stock discrepancies (open ones by default), newest first',
    query: discrepancyListQuerySchema,
    answer: listEnvelopeSchema(discrepancyRow),
  }),
  /** The dashboard's count and the menu's reminder. */
  openCount: defineEndpoint({
    method: 'GET',
    path: '/stockdiscrepancycount',
    access: can('stockDiscrepancyList'),
    resource: 'discrepancy',
    summary: 'How many stock discrepancies are open',
    answer: ok(z.object({ open: z.number() })),
  }),
  batches: defineEndpoint({
    method: 'GET',
    path: '/stockdiscrepancybatches/:id',
    access: can('stockDiscrepancyResolve'),
    resource: ['discrepancy', 'stock'],
    summary: "The batches of the discrepancy's product with stock, oldest first",
    params: discrepancyParams,
    answer: ok(z.array(discrepancyBatch)),
  }),
  resolve: defineEndpoint({
    method: 'PUT',
    path: '/stockdiscrepancyresolve/:id',
    access: can('stockDiscrepancyResolve'),
    resource: ['discrepancy', 'stockadjustment', 'stock'],
    summary: 'Resolve a discrepancy: write the shortfall off a batch, or note the stock received',
    params: discrepancyParams,
    body: discrepancyResolutionSchema,
    answer: doneWith(discrepancyResolved),
    errors: [409],
  }),
};
