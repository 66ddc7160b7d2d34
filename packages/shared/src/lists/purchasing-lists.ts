import { z } from 'zod';
import { day, instant } from '../contract/endpoint.ts';
import { blankAsAbsent, dateRangeSchema } from '../list.schemas.ts';
import { PURCHASE_ORDER_STATUSES } from '../purchasing.schemas.ts';
import { named } from '../reports/rows.ts';
import { defineList, listCalls } from './declaration.ts';

// Buying's lists: the purchase orders, newest first.

/** A status, or blank for every status. */
const statusFilter = z.preprocess(
  blankAsAbsent,
  z
    .enum(PURCHASE_ORDER_STATUSES, { error: 'The status must be OPEN, PARTLY_RECEIVED, RECEIVED or CANCELLED.' })
    .optional(),
);

/** The orders' filters: the shop days they were made on (both included) and their status. */
export const purchaseOrderFilterSchema = dateRangeSchema.safeExtend({ status: statusFilter });

export const purchaseOrderRowSchema = z.object({
  id: z.number(),
  po_number: z.string(),
  supplier_id: z.number(),
  supplier_name: z.string(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  /** YYYY-MM-DD, or null when not said. */
  expected_date: day.nullable(),
  line_count: z.number(),
  /** Σ round(quantity × unit cost) over the lines, in shillings. */
  total_amount: z.number(),
  user: named,
  created_at: instant,
});
export type PurchaseOrderRecord = z.output<typeof purchaseOrderRowSchema>;

export const purchaseOrderList = defineList({
  title: 'Purchase Orders',
  ...listCalls('purchaseorder', 'purchase_orders'),
  keys: { list: 'purchaseOrderList', export: 'purchaseOrderExport' },
  filter: purchaseOrderFilterSchema,
  row: purchaseOrderRowSchema,
  resources: ['purchaseOrder'],
  columns: [
    { header: 'PO Number', field: 'po_number', kind: 'text' },
    { header: 'Supplier', field: 'supplier_name', kind: 'text' },
    { header: 'Status', field: 'status', kind: 'status' },
    { header: 'Expected Date', field: 'expected_date', kind: 'date' },
    { header: 'Lines', field: 'line_count', kind: 'quantity' },
    { header: 'Total Amount', field: 'total_amount', kind: 'money' },
    { header: 'Created By', field: 'user.name', kind: 'text' },
    { header: 'Date', field: 'created_at', kind: 'date' },
  ],
});
