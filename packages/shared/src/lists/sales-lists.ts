import { z } from 'zod';
import { instant } from '../contract/endpoint.ts';
import { dateRangeSchema } from '../list.schemas.ts';
import { paymentLabel } from '../payments.ts';
import { named } from '../reports/rows.ts';
import { defineList } from './declaration.ts';

// The sales list: every sale, newest first, searched by customer, sale number, receipt or invoice number or a
// payment's reference (the mobile-money transaction id), filtered by the shop's days.

export const saleListRowSchema = z.object({
  id: z.number(),
  sale_number: z.string(),
  /** The original client's name for the sale number. */
  batch_number: z.string(),
  customer_name: z.string(),
  customer_phone: z.string(),
  customer_email: z.string().nullable(),
  customer_address: z.string().nullable(),
  /** The sale's discount in percent. */
  discount: z.number(),
  subtotal: z.number(),
  discount_amount: z.number(),
  total_amount: z.number(),
  /** Refunded by the sale's returns so far. */
  returned_amount: z.number(),
  vat_rate: z.number(),
  vat_amount: z.number(),
  /** The method, or SPLIT when the sale was paid by more than one. */
  payment_method: z.string(),
  /** Every method the sale was paid by. */
  payment_methods: z.array(z.string()),
  notice: z.string().nullable(),
  created_at: instant,
  /** The cashier who made it. */
  user: named,
  /** total_amount less returned_amount. */
  net_amount: z.number(),
  /** What the screen and the files show: one method's name, or Split with the methods (paymentMethodsLabel). */
  payment_label: z.string(),
});
export type SaleListRecord = z.output<typeof saleListRowSchema>;

/** One method's name, or Split with the methods when the sale was paid by more than one. */
export function paymentMethodsLabel(sale: { payment_method: string; payment_methods?: readonly string[] | null }) {
  const methods = sale.payment_methods ?? [];
  return methods.length > 1
    ? `Split (${methods.map(paymentLabel).join(', ')})`
    : paymentLabel(methods[0] ?? sale.payment_method);
}

/**
 * The sales, each with what its returns refunded so far and its net; the files carry the subtotal too. Its totals
 * (above the screen's table and in the files' header rows) are the revenue report's and the dashboard's: the sales
 * of the period, less the returns made in it, whichever day their sale was made.
 */
export const saleList = defineList({
  title: 'Sales',
  path: '/saleslist',
  // A cashier holding a receipt types the number it prints largest.
  searchHint: 'Receipt No., name, phone...',
  filter: dateRangeSchema,
  // The list shows what each sale's returns refunded: a return refreshes it too.
  resources: ['sale', 'return'],
  totals: [
    { field: 'total_sales', label: 'Total sales (UGX)' },
    { field: 'total_returns', label: 'Returns in the period (UGX)' },
    { field: 'net_sales', label: 'Net sales (UGX)' },
  ],
  keys: { list: 'salesList', export: 'salesExport', filter: 'salesFilter' },
  row: saleListRowSchema,
  columns: [
    { header: 'Sale Number', field: 'sale_number', kind: 'text' },
    { header: 'Customer Name', field: 'customer_name', kind: 'text' },
    { header: 'Phone Number', field: 'customer_phone', kind: 'text' },
    { header: 'Discount (%)', screenHeader: 'DISCOUNT', field: 'discount', kind: 'percent' },
    { header: 'Subtotal', field: 'subtotal', kind: 'money', filesOnly: true },
    { header: 'Total Amount', field: 'total_amount', kind: 'money' },
    { header: 'Returned', field: 'returned_amount', kind: 'money' },
    { header: 'Net Amount', field: 'net_amount', kind: 'money' },
    { header: 'Payment Method', field: 'payment_label', kind: 'text' },
    { header: 'Created By', field: 'user.name', kind: 'text' },
    { header: 'Date', field: 'created_at', kind: 'date' },
  ],
  exports: { xlsx: '/salexlsx', csv: '/salecsv', fileName: 'sales' },
});
