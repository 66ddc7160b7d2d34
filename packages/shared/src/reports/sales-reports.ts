import { z } from 'zod';
import { defineList, type ListColumn, type ListQueryOf, reportKeysOf } from '../lists/declaration.ts';
import { optionalDayField, optionalMonthField, reportPeriodShape, requireCustomRange } from './period.schemas.ts';
import { saleLineRowSchema } from './rows.ts';

// The four sales reports: sale lines over a day, a week, a month or a chosen period, and the lines
// returned in it as negative rows on the return's day. A line's quantity, unit and unit price are in the unit it was sold
// in (Tonne); the files carry what its batch gave in its base unit (Bag) beside them.

/** A report's line: the sale line's row, with its quantity in its batch's base unit (negative on a returned line). */
const saleReportLineSchema = saleLineRowSchema.extend({
  base_quantity: z.number(),
  base_measurement: z.object({ name: z.string() }),
});

const SALE_LINE_COLUMNS: readonly ListColumn[] = [
  { header: 'Product', field: 'product.name', kind: 'text' },
  { header: 'Brand', field: 'brand.name', kind: 'text' },
  { header: 'Measurement', field: 'measurement.name', kind: 'text' },
  { header: 'Batch No', field: 'batch_number', kind: 'text' },
  { header: 'Qty', field: 'quantity', kind: 'quantity' },
  { header: 'Unit Price', field: 'unit_price', kind: 'money' },
  { header: 'Discount (%)', field: 'sale.discount', kind: 'percent' },
  { header: 'Total Amount', field: 'total_amount', kind: 'money' },
  { header: 'Issued By', field: 'user.name', kind: 'text' },
  { header: 'Date', field: 'created_at', kind: 'date' },
  { header: 'Return No', field: 'return_number', kind: 'text' },
  // Last, so the earlier columns keep their places: what the line took from its batch, in the batch's unit.
  { header: 'Base Qty', field: 'base_quantity', kind: 'quantity', filesOnly: true },
  { header: 'Base Unit', field: 'base_measurement.name', kind: 'text', filesOnly: true },
];

const salesReport = <const Word extends string>(word: Word, title: string, slug: string) => ({
  title,
  path: `/report${slug}saleslist`,
  exports: { xlsx: `/report${slug}salesxlsx`, csv: `/report${slug}salescsv`, fileName: `${slug}_sales_report` },
  keys: reportKeysOf(`${word}Sales` as `${Word}Sales`),
  row: saleReportLineSchema,
  columns: SALE_LINE_COLUMNS,
  envelope: 'report' as const,
  total: { field: 'total_sales', label: 'Total Sales (UGX)' },
  /** Sale lines and the returns made in the period. */
  resources: ['report', 'sale'],
});

/** Σ the period's line amounts less its refunds (the search's, when searched). */
const totalSales = z.number();
/** A shop day, YYYY-MM-DD. */
const shopDay = z.string();

export const dailySalesReport = defineList({
  ...salesReport('Daily', 'Daily Sales Report', 'daily'),
  /** `Date` (the original client's capital): the shop's day, today by default. */
  filter: z.object({ Date: optionalDayField('date') }),
  extras: {
    /** The shop's day of the last sale up to the end of the day asked; null before the first sale. */
    last_sold_date: shopDay.nullable(),
    total_sales: totalSales,
  },
});

export const weeklySalesReport = defineList({
  ...salesReport('Weekly', 'Weekly Sales Report', 'weekly'),
  /** Any day of the week wanted; the report snaps it to its Monday. The current week by default. */
  filter: z.object({ week_start: optionalDayField('week start') }),
  extras: { week_start: shopDay, week_end: shopDay, total_sales: totalSales },
});

export const monthlySalesReport = defineList({
  ...salesReport('Monthly', 'Monthly Sales Report', 'monthly'),
  /** YYYY-MM, not in the future; the current month by default. */
  filter: z.object({ month: optionalMonthField }),
  extras: {
    /** YYYY-MM. */
    selected_month: z.string(),
    total_sales: totalSales,
  },
});

export const consolidatedSalesReport = defineList({
  ...salesReport('Consolidated', 'Consolidated Sales Report', 'consolidated'),
  filter: z.object(reportPeriodShape).superRefine(requireCustomRange),
  extras: { report_start: shopDay, report_end: shopDay, total_sales: totalSales },
});

/** The sales reports in the menu's order. */
export const SALES_REPORTS = [
  dailySalesReport,
  weeklySalesReport,
  monthlySalesReport,
  consolidatedSalesReport,
] as const;

export type DailySalesQuery = ListQueryOf<typeof dailySalesReport>;
export type WeeklySalesQuery = ListQueryOf<typeof weeklySalesReport>;
export type MonthlySalesQuery = ListQueryOf<typeof monthlySalesReport>;
export type ConsolidatedSalesQuery = ListQueryOf<typeof consolidatedSalesReport>;
