import { z } from 'zod';
import { idField } from '../catalogue.schemas.ts';
import { can, defineEndpoint, doneWith, ok } from '../contract/endpoint.ts';
import { listEndpoints } from '../contract/lists.ts';
import { discrepancyResolutionSchema } from '../discrepancies.schemas.ts';
import { discrepancyList } from '../lists/activity-lists.ts';

// Stock discrepancies: the shortfalls offline sales found when they arrived, listed (lists/activity-lists.ts, with
// the row) and resolved by a manager.

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
  /** /stockdiscrepancylist, from the declaration. */
  ...listEndpoints(discrepancyList),
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
