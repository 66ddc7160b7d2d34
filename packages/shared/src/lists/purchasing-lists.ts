import { z } from 'zod';
import { day, instant } from '../contract/endpoint.ts';
import { blankAsAbsent, dateRangeSchema } from '../list.schemas.ts';
import { GOODS_RECEIVED_PAYMENTS, PURCHASE_ORDER_STATUSES } from '../purchasing.schemas.ts';
import { named } from '../reports/rows.ts';
import { defineList, listCalls } from './declaration.ts';

// Buying's lists: the purchase orders and the goods received, newest first, and the payables report of what the
// shop owes each supplier, by how old each unpaid bill is.

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

export const goodsReceivedRowSchema = z.object({
  id: z.number(),
  grn_number: z.string(),
  supplier_id: z.number(),
  supplier_name: z.string(),
  /** The order received against; null: goods without one. */
  purchase_order_id: z.number().nullable(),
  po_number: z.string().nullable(),
  /** YYYY-MM-DD. */
  received_date: day,
  supplier_invoice_number: z.string().nullable(),
  payment: z.enum(GOODS_RECEIVED_PAYMENTS),
  line_count: z.number(),
  /** Σ round(quantity × unit cost) over the lines: the supplier's bill when on credit. */
  goods_value: z.number(),
  landed_costs: z.number(),
  /** What of the bill is still unpaid (0 once paid, and for goods paid when received). */
  amount_due: z.number(),
  user: named,
  created_at: instant,
});
export type GoodsReceivedRecord = z.output<typeof goodsReceivedRowSchema>;

/** Goods received, by the shop days they were received on (both included). */
export const goodsReceivedList = defineList({
  title: 'Goods Received',
  ...listCalls('goodsreceived', 'goods_received'),
  keys: { list: 'goodsReceivedList' },
  filter: dateRangeSchema,
  row: goodsReceivedRowSchema,
  resources: ['goodsReceived', 'purchaseOrder', 'stock', 'supplierPayment'],
  columns: [
    { header: 'GRN Number', field: 'grn_number', kind: 'text' },
    { header: 'Supplier', field: 'supplier_name', kind: 'text' },
    { header: 'PO Number', field: 'po_number', kind: 'text', blank: '' },
    { header: 'Supplier Invoice', field: 'supplier_invoice_number', kind: 'text', blank: '' },
    { header: 'Received Date', field: 'received_date', kind: 'date' },
    { header: 'Payment', field: 'payment', kind: 'status' },
    { header: 'Lines', field: 'line_count', kind: 'quantity' },
    { header: 'Goods Value', field: 'goods_value', kind: 'money' },
    { header: 'Landed Costs', field: 'landed_costs', kind: 'money' },
    { header: 'Amount Due', field: 'amount_due', kind: 'money' },
    { header: 'Received By', field: 'user.name', kind: 'text' },
  ],
});

/** A supplier the shop owes, the balance split by how many days ago each unpaid bill was received. */
export const payablesRowSchema = z.object({
  supplier_id: z.number(),
  supplier_number: z.string(),
  name: z.string(),
  phone_number: z.string(),
  balance: z.number(),
  /** Received today. */
  current: z.number(),
  d1_30: z.number(),
  d31_60: z.number(),
  d61_90: z.number(),
  over_90: z.number(),
  /** The oldest unpaid bill's day, YYYY-MM-DD. */
  oldest_bill_date: day,
});
export type PayablesRow = z.output<typeof payablesRowSchema>;

export const payablesReport = defineList({
  title: 'Payables Report',
  path: '/reportpayableslist',
  exports: { xlsx: '/reportpayablesxlsx', csv: '/reportpayablescsv', fileName: 'payables_report' },
  keys: { list: 'reportPayablesList', export: 'reportPayablesExport' },
  envelope: 'report',
  row: payablesRowSchema,
  resources: ['supplier', 'goodsReceived', 'supplierPayment', 'report'],
  columns: [
    { header: 'Supplier Number', field: 'supplier_number', kind: 'text' },
    { header: 'Supplier', field: 'name', kind: 'text' },
    { header: 'Phone', field: 'phone_number', kind: 'text' },
    { header: 'Balance', field: 'balance', kind: 'money' },
    { header: 'Current', field: 'current', kind: 'money' },
    { header: '1–30 Days', field: 'd1_30', kind: 'money' },
    { header: '31–60 Days', field: 'd31_60', kind: 'money' },
    { header: '61–90 Days', field: 'd61_90', kind: 'money' },
    { header: 'Over 90 Days', field: 'over_90', kind: 'money' },
    { header: 'Oldest Bill', field: 'oldest_bill_date', kind: 'date' },
  ],
  extras: {
    /** Σ the balances of every supplier the shop owes, never the page. */
    total_payables: z.number(),
  },
  total: { field: 'total_payables', label: 'Total Payables (UGX)' },
});
