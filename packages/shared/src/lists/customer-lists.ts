import { z } from 'zod';
import { instant } from '../contract/endpoint.ts';
import { defineList, listCalls } from './declaration.ts';

// The debt book's lists: the customers, and the receivables report of who owes what, by how overdue.

export const customerRowSchema = z.object({
  id: z.number(),
  customer_number: z.string(),
  name: z.string(),
  phone_number: z.string(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  tin: z.string().nullable(),
  credit_limit: z.number(),
  payment_terms_days: z.number(),
  notes: z.string().nullable(),
  /** What the customer owes; negative: an advance the shop holds. */
  balance: z.number(),
  /** credit_limit − balance, never below 0: what the customer may still put on account. */
  available_credit: z.number(),
  /** Days since the oldest sale still unpaid was made; null when nothing is unpaid. */
  oldest_unpaid_days: z.number().nullable(),
  /** The balance is past the credit limit (an offline sale, or one the override let through). */
  over_limit: z.boolean(),
  created_at: instant,
});
export type CustomerRecord = z.output<typeof customerRowSchema>;

export const customerList = defineList({
  title: 'Customers',
  ...listCalls('customer', 'customers'),
  keys: { list: 'customerList', export: 'customerExport' },
  row: customerRowSchema,
  /** A sale on account, a payment or a return moves the balances. */
  resources: ['customer', 'sale', 'return'],
  columns: [
    { header: 'Customer Number', field: 'customer_number', kind: 'text' },
    { header: 'Name', field: 'name', kind: 'text' },
    { header: 'Phone', field: 'phone_number', kind: 'text' },
    { header: 'TIN', field: 'tin', kind: 'text' },
    { header: 'Credit Limit', field: 'credit_limit', kind: 'money' },
    { header: 'Balance', field: 'balance', kind: 'money' },
    {
      header: 'Oldest Unpaid (days)',
      screenHeader: 'OLDEST UNPAID (days)',
      field: 'oldest_unpaid_days',
      kind: 'quantity',
      blank: '',
    },
    { header: 'Date', field: 'created_at', kind: 'date' },
  ],
});

/** A customer who owes, their balance split by how far past its due date each unpaid amount is. */
export const receivablesRowSchema = z.object({
  customer_id: z.number(),
  customer_number: z.string(),
  name: z.string(),
  phone_number: z.string(),
  credit_limit: z.number(),
  balance: z.number(),
  current: z.number(),
  d1_30: z.number(),
  d31_60: z.number(),
  d61_90: z.number(),
  over_90: z.number(),
  over_limit: z.boolean(),
});
export type ReceivablesRow = z.output<typeof receivablesRowSchema>;

export const receivablesReport = defineList({
  title: 'Receivables Report',
  path: '/reportreceivableslist',
  exports: { xlsx: '/reportreceivablesxlsx', csv: '/reportreceivablescsv', fileName: 'receivables_report' },
  keys: { list: 'reportReceivablesList', export: 'reportReceivablesExport' },
  envelope: 'report',
  row: receivablesRowSchema,
  resources: ['customer', 'sale', 'return', 'report'],
  columns: [
    { header: 'Customer Number', field: 'customer_number', kind: 'text' },
    { header: 'Customer', field: 'name', kind: 'text' },
    { header: 'Phone', field: 'phone_number', kind: 'text' },
    { header: 'Balance', field: 'balance', kind: 'money' },
    { header: 'Current', field: 'current', kind: 'money' },
    { header: '1–30 Days', field: 'd1_30', kind: 'money' },
    { header: '31–60 Days', field: 'd31_60', kind: 'money' },
    { header: '61–90 Days', field: 'd61_90', kind: 'money' },
    { header: 'Over 90 Days', field: 'over_90', kind: 'money' },
  ],
  extras: {
    /** Σ the balances of every customer who owes, never the page. */
    total_receivables: z.number(),
    /** How many customers owe more than their credit limit. */
    over_limit_count: z.number(),
  },
  total: { field: 'total_receivables', label: 'Total Receivables (UGX)' },
});
