import { z } from 'zod';
import { instant } from '../contract/endpoint.ts';
import { expenseFields } from '../expenses.schemas.ts';
import { defineList, type ListQueryOf, reportKeysOf } from '../lists/declaration.ts';
import { reportPeriodShape, requireCustomRange } from './period.schemas.ts';

// The five financial reports: revenue, profit and loss, expenses,
// suppliers and tax. Private keys, so only the Administrator holds them. All take the period filter; their figures
// reconcile with each other, the sales and stock reports and the dashboard for the same period.

const named = z.object({ name: z.string() }).nullable();
const periodFilter = z.object(reportPeriodShape).superRefine(requireCustomRange);

const financial = <const Word extends string>(word: Word, slug: string, title: string) => ({
  title,
  path: `/report${slug}list`,
  exports: { xlsx: `/report${slug}xlsx`, csv: `/report${slug}csv`, fileName: `${slug}_report` },
  keys: reportKeysOf(word),
  filter: periodFilter,
  envelope: 'report' as const,
});

/** The period's first and last shop day (YYYY-MM-DD), beside every financial report's rows. */
const PERIOD_BOUNDS = { report_start: z.string(), report_end: z.string() };

export const revenueRowSchema = z.object({
  /** The shop's day, YYYY-MM-DD. */
  day: z.string(),
  sales_count: z.number(),
  /** Σ subtotals, before discount. */
  gross: z.number(),
  discounts: z.number(),
  /** Σ refunds of the returns made that day. */
  returns: z.number(),
  /** gross − discounts − returns. */
  revenue: z.number(),
  cash: z.number(),
  mobile_money: z.number(),
  bank: z.number(),
  card: z.number(),
});
export type RevenueRow = z.output<typeof revenueRowSchema>;

/** One row per shop day with sales. */
export const revenueReport = defineList({
  ...financial('Revenue', 'revenue', 'Revenue Report'),
  row: revenueRowSchema,
  columns: [
    { header: 'Date', field: 'day', kind: 'date' },
    { header: 'Sales', field: 'sales_count', kind: 'quantity' },
    { header: 'Gross', field: 'gross', kind: 'money' },
    { header: 'Discounts', field: 'discounts', kind: 'money' },
    { header: 'Returns', field: 'returns', kind: 'money' },
    { header: 'Revenue', field: 'revenue', kind: 'money' },
    { header: 'Cash', field: 'cash', kind: 'money' },
    { header: 'Mobile Money', field: 'mobile_money', kind: 'money' },
    { header: 'Bank', field: 'bank', kind: 'money' },
    { header: 'Card', field: 'card', kind: 'money' },
  ],
  extras: {
    ...PERIOD_BOUNDS,
    total_revenue: z.number(),
    total_discount: z.number(),
    total_returns: z.number(),
    /** What each method brought in less the refunds paid by it: the four and on_account add up to the revenue. */
    by_payment_method: z.object({ CASH: z.number(), MOBILE_MONEY: z.number(), BANK: z.number(), CARD: z.number() }),
    /** Σ what the period's sales put on customers' accounts: part of the revenue, not yet paid. */
    on_account: z.number(),
    /** Σ payments to customers' accounts dated in the period, a reversal negative on its own day: money in for sales
     * of any period, not revenue. */
    account_payments: z.number(),
  },
  /** Sales and returns, slot by slot; the customers' payments. */
  resources: ['report', 'sale', 'customer'],
  total: { field: 'total_revenue', label: 'Total Revenue (UGX)' },
});

export const profitLossRowSchema = z.object({
  id: z.number(),
  /** Revenue, Cost of goods sold, Gross profit, Expense: <category>, Total expenses, Loss: <reason>… Net profit. */
  line: z.string(),
  amount: z.number(),
  /** The same line over the previous period of the same length. */
  previous_amount: z.number(),
  change: z.number(),
});
export type ProfitLossRow = z.output<typeof profitLossRowSchema>;

/** The statement: one row per line, this period beside the previous period of the same length. */
export const profitLossReport = defineList({
  ...financial('ProfitLoss', 'profitloss', 'Profit and Loss Report'),
  row: profitLossRowSchema,
  columns: [
    { header: 'Line', field: 'line', kind: 'text' },
    { header: 'This Period', field: 'amount', kind: 'money' },
    { header: 'Previous Period', field: 'previous_amount', kind: 'money' },
    { header: 'Change', field: 'change', kind: 'money' },
  ],
  extras: {
    ...PERIOD_BOUNDS,
    /** The previous period of the same length, YYYY-MM-DD. */
    previous_start: z.string(),
    previous_end: z.string(),
    revenue: z.number(),
    cost_of_goods_sold: z.number(),
    gross_profit: z.number(),
    /** Gross profit as a percent of revenue, 2 decimals; 0 without revenue. */
    gross_margin: z.number(),
    total_expenses: z.number(),
    total_loss: z.number(),
    net_profit: z.number(),
  },
  /** Sales and returns, expenses, and the stock written off. */
  resources: ['report', 'sale', 'expense', 'stock'],
  total: { field: 'net_profit', label: 'Net Profit (UGX)' },
});

export const expenseRowSchema = z.object({
  ...expenseFields,
  supplier: named,
  user: named,
  created_at: instant,
  /** As people read it: Mobile Money. */
  payment: z.string(),
});
export type ExpenseReportRow = z.output<typeof expenseRowSchema>;

/** The period's expenses (by expense date). */
export const expenseReport = defineList({
  ...financial('Expense', 'expense', 'Expense Report'),
  row: expenseRowSchema,
  columns: [
    { header: 'Date', field: 'expense_date', kind: 'date' },
    { header: 'Category', field: 'category', kind: 'text' },
    { header: 'Description', field: 'description', kind: 'text' },
    { header: 'Amount', field: 'amount', kind: 'money' },
    { header: 'Payment Method', field: 'payment', kind: 'text' },
    { header: 'Reference', field: 'reference', kind: 'text' },
    { header: 'Supplier', field: 'supplier.name', kind: 'text' },
    { header: 'Recorded By', field: 'user.name', kind: 'text' },
  ],
  extras: {
    ...PERIOD_BOUNDS,
    total_expenses: z.number(),
    /** Largest first; categories differing only in case are one. */
    by_category: z.array(z.object({ category: z.string(), total: z.number() })),
  },
  resources: ['report', 'expense'],
  total: { field: 'total_expenses', label: 'Total Expenses (UGX)' },
});

export const supplierRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  supplier_number: z.string(),
  /** Batches whose stock date is in the period, and their cost (as the stock report counts them). */
  batches_received: z.number(),
  received_cost: z.number(),
  /** Sold in the period from this supplier's batches. */
  quantity_sold: z.number(),
  revenue: z.number(),
  gross_profit: z.number(),
  /** round(balance × unit cost) of its live batches now. */
  stock_value: z.number(),
  /** Goods received in the period (on credit or paid), at the supplier's prices. */
  bought: z.number(),
  /** Paid in the period: payments less their reversals, and goods paid when received. */
  paid: z.number(),
  /** What the shop owed the supplier at the period's end. */
  balance: z.number(),
});
export type SupplierReportRow = z.output<typeof supplierRowSchema>;

export const supplierReport = defineList({
  ...financial('Supplier', 'supplier', 'Supplier Report'),
  row: supplierRowSchema,
  columns: [
    { header: 'Supplier', field: 'name', kind: 'text' },
    { header: 'Supplier Number', field: 'supplier_number', kind: 'text' },
    { header: 'Batches Received', field: 'batches_received', kind: 'quantity' },
    { header: 'Received Cost', field: 'received_cost', kind: 'money' },
    { header: 'Qty Sold', field: 'quantity_sold', kind: 'quantity' },
    { header: 'Revenue', field: 'revenue', kind: 'money' },
    { header: 'Gross Profit', field: 'gross_profit', kind: 'money' },
    { header: 'Stock Value Now', field: 'stock_value', kind: 'money' },
    { header: 'Bought', field: 'bought', kind: 'money' },
    { header: 'Paid', field: 'paid', kind: 'money' },
    { header: 'Balance', field: 'balance', kind: 'money' },
  ],
  extras: {
    ...PERIOD_BOUNDS,
    /** Σ received cost of the rows. */
    total_purchases: z.number(),
  },
  /** Batches received and sold from, goods received and paid for, by supplier. */
  resources: ['report', 'stock', 'sale', 'supplier', 'goodsReceived', 'supplierPayment'],
  total: { field: 'total_purchases', label: 'Total Purchases (UGX)' },
});

export const taxRowSchema = z.object({
  day: z.string(),
  sales_count: z.number(),
  /** Σ totals after discount, VAT included. */
  sales: z.number(),
  /** What the VAT is charged on: sales − VAT. */
  taxable: z.number(),
  vat: z.number(),
});
export type TaxRow = z.output<typeof taxRowSchema>;

/** Per shop day with sales: sales, taxable value and the VAT each sale stored. */
export const taxReport = defineList({
  ...financial('Tax', 'tax', 'Tax Report'),
  row: taxRowSchema,
  columns: [
    { header: 'Date', field: 'day', kind: 'date' },
    { header: 'Sales', field: 'sales_count', kind: 'quantity' },
    { header: 'Sales incl. VAT', field: 'sales', kind: 'money' },
    { header: 'Taxable Sales', field: 'taxable', kind: 'money' },
    { header: 'VAT', field: 'vat', kind: 'money' },
  ],
  extras: { ...PERIOD_BOUNDS, total_taxable: z.number(), total_tax: z.number() },
  resources: ['report', 'sale'],
  total: { field: 'total_tax', label: 'Total VAT (UGX)' },
});

export const FINANCIAL_REPORTS = [revenueReport, profitLossReport, expenseReport, supplierReport, taxReport] as const;
export type FinancialReportQuery = ListQueryOf<typeof revenueReport>;
