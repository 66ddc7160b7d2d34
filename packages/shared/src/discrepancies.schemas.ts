import { z } from 'zod';
import { idField } from './catalogue.schemas.ts';
import { requiredText } from './fields.ts';
import { blankAsAbsent, listQuerySchema } from './list.schemas.ts';

// Stock discrepancies: the shortfall of an offline sale that found its batch short when it arrived.

export const DISCREPANCY_STATUSES = ['open', 'resolved', 'all'] as const;

export const discrepancyListQuerySchema = listQuerySchema.extend({
  status: z.preprocess(
    blankAsAbsent,
    z.enum(DISCREPANCY_STATUSES, { error: 'Status must be open, resolved or all.' }).default('open'),
  ),
});

/**
 * How a manager settles one: the goods really were there, so either the count was wrong somewhere (write the
 * shortfall off the batch they were actually taken from, as a count correction) or stock came in that was not
 * entered yet (a note saying so; the receipt itself is entered under Stock).
 */
export const discrepancyResolutionSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('WRITE_OFF'),
      batch_id: z.preprocess(blankAsAbsent, idField('Choose the batch to write the shortfall off.')),
      note: requiredText('Note is required.', 500),
    }),
    z.object({ kind: z.literal('STOCK_RECEIVED'), note: requiredText('Note is required.', 500) }),
  ],
  { error: 'Choose how the discrepancy was resolved: WRITE_OFF or STOCK_RECEIVED.' },
);
export type DiscrepancyResolution = z.infer<typeof discrepancyResolutionSchema>;

/** What is still missing of a shortfall: what returns have not brought back. */
export const missingQuantity = (d: { quantity: number; returned_quantity: number }) =>
  Math.round((Number(d.quantity) - Number(d.returned_quantity)) * 1000) / 1000;

/**
 * The till's local copy (GET /possnapshot), normalised so a big shop's copy stays small: every name once, batches as
 * ids with their price and balance. The web expands it into `PosSnapshotBatch` lines (apps/web/src/offline).
 */
export interface PosSnapshot {
  /** When the server read it (ISO): the till shows how old its copy is. */
  taken_at: string;
  products: { id: number; name: string; barcode: string | null; sku: string | null }[];
  brands: { id: number; name: string }[];
  measurements: { id: number; name: string; plural: string | null }[];
  /** Oldest stock first within a product, the order the POS sells them in. */
  batches: {
    batch_number: string;
    product_id: number;
    /** Null for goods without a brand. */
    brand_id: number | null;
    measurement_id: number;
    sale_price: number;
    balance: number;
    stock_date: string;
  }[];
  /** Live customers with a credit limit or a balance, for selling on account offline. */
  customers: PosSnapshotCustomer[];
}

/** A customer as the till's local copy keeps them: who, what they owe (negative: an advance) and their limit. */
export interface PosSnapshotCustomer {
  id: number;
  customer_number: string;
  name: string;
  phone_number: string;
  balance: number;
  credit_limit: number;
}

/** One sellable batch as the offline till searches it: ids and names, price, balance and codes. */
export interface PosSnapshotBatch {
  batch_number: string;
  product_id: number;
  product_name: string;
  brand_id: number | null;
  /** NO_BRAND for goods without a brand. */
  brand_name: string;
  measurement_id: number;
  measurement_name: string;
  /** Absent from a copy stored before units had plurals. */
  measurement_plural?: string | null;
  sale_price: number;
  balance: number;
  barcode: string | null;
  sku: string | null;
  stock_date: string;
}
