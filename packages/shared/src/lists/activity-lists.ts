import { z } from 'zod';
import { instant } from '../contract/endpoint.ts';
import { discrepancyListQuerySchema } from '../discrepancies.schemas.ts';
import { expenseFields, expenseFilterSchema } from '../expenses.schemas.ts';
import { dateRangeSchema } from '../list.schemas.ts';
import { named } from '../reports/rows.ts';
import { defineList, listCalls, overShopDays } from './declaration.ts';

// The lists of what happened in the shop beside its sales and stock: the expenses, the application log, the stock
// discrepancies offline sales found, and the trash.

// Expenses.

/** The show call's record. */
export const expenseRow = z.object({
  ...expenseFields,
  supplier: named,
  user: named,
  created_at: instant,
});
export type ExpenseRow = z.output<typeof expenseRow>;

/** A row of the list: the record and its payment method as the screen and the files word it (Mobile Money). */
export const expenseListRowSchema = expenseRow.extend({ payment_label: z.string() });
export type ExpenseListRow = z.output<typeof expenseListRowSchema>;

/** The live expenses, newest date first; the files carry the period and the total spent. */
export const expenseList = defineList({
  title: 'Expenses',
  ...listCalls('expense', 'expenses'),
  ...overShopDays('Total Expenses (UGX)'),
  filter: expenseFilterSchema,
  keys: { list: 'expenseList', export: 'expenseExport', filter: 'expenseFilter' },
  row: expenseListRowSchema,
  columns: [
    { header: 'Date', field: 'expense_date', kind: 'date' },
    { header: 'Category', field: 'category', kind: 'text' },
    { header: 'Description', field: 'description', kind: 'text' },
    { header: 'Amount', field: 'amount', kind: 'money' },
    { header: 'Payment Method', screenHeader: 'PAYMENT', field: 'payment_label', kind: 'text' },
    { header: 'Reference', field: 'reference', kind: 'text' },
    { header: 'Supplier', field: 'supplier.name', kind: 'text' },
    { header: 'Recorded By', field: 'user.name', kind: 'text' },
  ],
});

// The application log.

/** The log's filters: type, activity and the shop's days (startDate/endDate, both included). */
export const logFilterSchema = dateRangeSchema.safeExtend({
  type: z.string().max(100).optional(),
  activity: z.string().max(100).optional(),
});
export type LogFilter = z.infer<typeof logFilterSchema>;

/** An audit log entry, with who made it (null: nobody, or a user since removed) and its shop-time date and time. */
export const logRow = z.object({
  id: z.number(),
  type: z.string(),
  activity: z.string(),
  details: z.string(),
  browser: z.string(),
  platform: z.string(),
  ip: z.string(),
  created_at: instant,
  user: named,
  /** YYYY-MM-DD HH:MM:SS in the shop's time zone. */
  formatted_created_at: z.string(),
});
export type LogRow = z.output<typeof logRow>;

/** The log, newest first; anyone who may read it may filter it. One entry has its own files (API.log.xlsx). */
export const applicationLogList = defineList({
  title: 'Application Logs',
  path: '/applicationloglist',
  resources: ['log'],
  filter: logFilterSchema,
  keys: { list: 'applicationLogs' },
  row: logRow,
  columns: [
    { header: 'Type', field: 'type', kind: 'text' },
    { header: 'Activity', field: 'activity', kind: 'text' },
    { header: 'Browser', field: 'browser', kind: 'text' },
    { header: 'IP Address', field: 'ip', kind: 'text' },
    { header: 'User', field: 'user.name', kind: 'text' },
    // Its date and time in the shop's time zone, as the server words it.
    { header: 'Date', field: 'formatted_created_at', kind: 'text' },
  ],
});

// Stock discrepancies.

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

/** The shortfalls offline sales found, open ones by default, newest first; anyone who may read them may filter. */
export const discrepancyList = defineList({
  title: 'Stock Discrepancies',
  path: '/stockdiscrepancylist',
  resources: ['discrepancy'],
  filter: discrepancyListQuerySchema.pick({ status: true }),
  keys: { list: 'stockDiscrepancyList' },
  row: discrepancyRow,
  // The screen words the shortfall, the sale and the status itself (StockDiscrepancyListPage).
  columns: [
    { header: 'Date', screenHeader: 'Date', field: 'created_at', kind: 'date' },
    { header: 'Product', screenHeader: 'Product', field: 'product_name', kind: 'text' },
    { header: 'Batch', screenHeader: 'Batch', field: 'batch_number', kind: 'text' },
    { header: 'Short by', screenHeader: 'Short by', field: 'quantity', kind: 'quantity' },
    { header: 'Sale', screenHeader: 'Sale', field: 'sale_number', kind: 'text' },
    { header: 'Status', screenHeader: 'Status', field: 'resolution_kind', kind: 'status' },
  ],
});

// The trash.

/** One trashed record: its kind (`model`, as the restore and delete paths take it) and when it went. */
export const trashRow = z.object({
  id: z.number(),
  name: z.string(),
  /** stock, product, user… */
  model: z.string(),
  /** The kind as shown: Stock, Product, User… */
  record_type: z.string(),
  /** When it was moved to the trash. */
  created_at: instant,
});
export type TrashRow = z.output<typeof trashRow>;

/** Every kind's trashed records, newest first; a row is its kind and id (ids repeat across kinds). */
export const trashList = defineList({
  title: 'Trash',
  path: '/trashlist',
  keys: { list: 'trash' },
  row: trashRow,
  columns: [
    { header: 'Record Name', field: 'name', kind: 'text' },
    { header: 'Record Type', field: 'record_type', kind: 'text' },
    { header: 'Deleted At', field: 'created_at', kind: 'date' },
  ],
});
