import { z } from 'zod';
import { day, instant } from '../contract/endpoint.ts';
import { blankAsAbsent, dateRangeSchema } from '../list.schemas.ts';
import { QUOTATION_STATUSES } from '../quotations.schemas.ts';
import { named } from '../reports/rows.ts';
import { defineList, listCalls } from './declaration.ts';

// Quotations and delivery notes, newest first, and the report of sold goods still waiting in the yard.

const statusFilter = z.preprocess(
  blankAsAbsent,
  z.enum(QUOTATION_STATUSES, { error: 'The status must be OPEN, CONVERTED, EXPIRED or CANCELLED.' }).optional(),
);

export const quotationFilterSchema = dateRangeSchema.safeExtend({ status: statusFilter });

export const quotationRowSchema = z.object({
  id: z.number(),
  quotation_number: z.string(),
  customer_id: z.number().nullable(),
  customer_name: z.string(),
  customer_phone: z.string(),
  status: z.enum(QUOTATION_STATUSES),
  /** YYYY-MM-DD. */
  valid_until: day,
  line_count: z.number(),
  /** After the discount, VAT included as on invoices. */
  total_amount: z.number(),
  /** The sale it became; null until converted. */
  sale_id: z.number().nullable(),
  user: named,
  created_at: instant,
});
export type QuotationRecord = z.output<typeof quotationRowSchema>;

export const quotationList = defineList({
  title: 'Quotations',
  ...listCalls('quotation', 'quotations'),
  keys: { list: 'quotationList', export: 'quotationExport' },
  filter: quotationFilterSchema,
  row: quotationRowSchema,
  resources: ['quotation', 'sale'],
  columns: [
    { header: 'Quotation Number', field: 'quotation_number', kind: 'text' },
    { header: 'Customer', field: 'customer_name', kind: 'text' },
    { header: 'Phone', field: 'customer_phone', kind: 'text' },
    { header: 'Status', field: 'status', kind: 'status' },
    { header: 'Valid Until', field: 'valid_until', kind: 'date' },
    { header: 'Lines', field: 'line_count', kind: 'quantity' },
    { header: 'Total Amount', field: 'total_amount', kind: 'money' },
    { header: 'Created By', field: 'user.name', kind: 'text' },
    { header: 'Date', field: 'created_at', kind: 'date' },
  ],
});

export const deliveryNoteRowSchema = z.object({
  id: z.number(),
  delivery_number: z.string(),
  sale_id: z.number(),
  receipt_number: z.number().nullable(),
  customer_name: z.string(),
  vehicle: z.string().nullable(),
  driver: z.string().nullable(),
  received_by: z.string().nullable(),
  line_count: z.number(),
  user: named,
  created_at: instant,
});
export type DeliveryNoteRecord = z.output<typeof deliveryNoteRowSchema>;

export const deliveryNoteList = defineList({
  title: 'Delivery Notes',
  ...listCalls('deliverynote', 'delivery_notes'),
  keys: { list: 'deliveryNoteList' },
  filter: dateRangeSchema,
  row: deliveryNoteRowSchema,
  resources: ['deliveryNote', 'sale'],
  columns: [
    { header: 'Delivery Number', field: 'delivery_number', kind: 'text' },
    { header: 'Receipt Number', field: 'receipt_number', kind: 'text', blank: '' },
    { header: 'Customer', field: 'customer_name', kind: 'text' },
    { header: 'Vehicle', field: 'vehicle', kind: 'text', blank: '' },
    { header: 'Driver', field: 'driver', kind: 'text', blank: '' },
    { header: 'Received By', field: 'received_by', kind: 'text', blank: '' },
    { header: 'Lines', field: 'line_count', kind: 'quantity' },
    { header: 'Issued By', field: 'user.name', kind: 'text' },
    { header: 'Date', field: 'created_at', kind: 'date' },
  ],
});

/** A sold line whose goods still wait in the yard, in the unit sold. */
export const awaitingDeliveryRowSchema = z.object({
  sale_id: z.number(),
  sale_item_id: z.number(),
  receipt_number: z.number().nullable(),
  customer_name: z.string(),
  customer_phone: z.string(),
  product_name: z.string(),
  brand_name: z.string(),
  unit: z.string(),
  sold: z.number(),
  /** Brought back before collection: never to be collected. */
  returned: z.number(),
  delivered: z.number(),
  remaining: z.number(),
  days_waiting: z.number(),
  sold_at: instant,
});
export type AwaitingDeliveryRow = z.output<typeof awaitingDeliveryRowSchema>;

export const awaitingDeliveryReport = defineList({
  title: 'Awaiting Delivery Report',
  path: '/reportawaitingdeliverylist',
  exports: {
    xlsx: '/reportawaitingdeliveryxlsx',
    csv: '/reportawaitingdeliverycsv',
    fileName: 'awaiting_delivery_report',
  },
  keys: { list: 'reportAwaitingDeliveryList', export: 'reportAwaitingDeliveryExport' },
  envelope: 'report',
  row: awaitingDeliveryRowSchema,
  resources: ['sale', 'deliveryNote', 'return', 'report'],
  columns: [
    { header: 'Receipt Number', field: 'receipt_number', kind: 'text', blank: '' },
    { header: 'Customer', field: 'customer_name', kind: 'text' },
    { header: 'Phone', field: 'customer_phone', kind: 'text' },
    { header: 'Product', field: 'product_name', kind: 'text' },
    { header: 'Brand', field: 'brand_name', kind: 'text' },
    { header: 'Unit', field: 'unit', kind: 'text' },
    { header: 'Sold', field: 'sold', kind: 'quantity' },
    { header: 'Delivered', field: 'delivered', kind: 'quantity' },
    { header: 'Remaining', field: 'remaining', kind: 'quantity' },
    { header: 'Days Waiting', field: 'days_waiting', kind: 'quantity' },
  ],
  extras: {
    /** How many sale lines still wait, over every filtered row. */
    lines_waiting: z.number(),
  },
  total: { field: 'lines_waiting', label: 'Lines Waiting' },
});
