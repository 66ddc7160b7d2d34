import { z } from 'zod';
import { blankAsAbsent } from '../list.schemas.ts';
import { defineList, type ListColumn, type ListQueryOf, reportKeysOf } from '../lists/declaration.ts';
import { AGING_PERIODS, DEFAULT_AGING_PERIOD } from './aging.ts';
import { reportPeriodShape, requireCustomRange } from './period.schemas.ts';
import { agingRowSchema, lowStockRowSchema, stockBalanceRowSchema, stockRecordRowSchema } from './rows.ts';

// The four inventory reports: batches received, balances, low stock and aging.

const periodFilter = z.object(reportPeriodShape).superRefine(requireCustomRange);

/** What an inventory report takes from its word: 'StockBalance' → "Stock Balance Report", /reportstockbalancelist,
 * its exports, stock_balance_report and reportStockBalanceList…; its total the stock's value. */
const inventory = <const Word extends string>(word: Word) => {
  const words = word.split(/(?=[A-Z])/);
  const slug = words.join('').toLowerCase();
  return {
    title: `${words.join(' ')} Report`,
    path: `/report${slug}list`,
    exports: {
      xlsx: `/report${slug}xlsx`,
      csv: `/report${slug}csv`,
      fileName: `${words.join('_').toLowerCase()}_report`,
    },
    keys: reportKeysOf(word),
    envelope: 'report' as const,
    total: { field: 'total_stocks', label: 'Total Stock (UGX)' },
  };
};
/** The period filter and cards of the stock and stock balance reports. */
const OVER_PERIOD = {
  filter: periodFilter,
  extras: {
    /** The period's first and last shop day, YYYY-MM-DD. */
    report_start: z.string(),
    report_end: z.string(),
    /** Σ the rows' cost (received) or value (balance) over every row, never the page. */
    total_stocks: z.number(),
  },
};

/** A batch's product, number, brand and unit: the first columns of the inventory reports and stock levels. */
export const BATCH_COLUMNS: readonly ListColumn[] = [
  { header: 'Product', field: 'product.name', kind: 'text' },
  { header: 'Batch Number', field: 'batch_number', kind: 'text' },
  { header: 'Brand', field: 'brand.name', kind: 'text' },
  { header: 'Unit of Measurement', field: 'measurement.name', kind: 'text' },
];

/** Batches whose stock date is in the period; the total is their cost. */
export const stockReport = defineList({
  ...inventory('Stock'),
  ...OVER_PERIOD,
  row: stockRecordRowSchema,
  /** The batches received: their cost is fixed once recorded, sales do not change it. */
  resources: ['report', 'stock'],
  columns: [
    { header: 'Product', field: 'product.name', kind: 'text' },
    { header: 'Brand', field: 'brand.name', kind: 'text' },
    { header: 'Unit', field: 'measurement.name', kind: 'text' },
    { header: 'Qty', field: 'quantity', kind: 'quantity' },
    { header: 'Unit Price', field: 'unit_price', kind: 'money' },
    { header: 'Total', field: 'total_cost', kind: 'money' },
    { header: 'Supplier', field: 'supplier.name', kind: 'text' },
    { header: 'Recorded By', field: 'user.name', kind: 'text' },
    { header: 'Date', field: 'stock_date', kind: 'date' },
  ],
});

/** Batches received by the period's end: what is left, what the period sold, and its value. */
export const stockBalanceReport = defineList({
  ...inventory('StockBalance'),
  ...OVER_PERIOD,
  row: stockBalanceRowSchema,
  /** The batches' balances, which sales and returns move, and the quantity sold in the period. */
  resources: ['report', 'stock', 'sale'],
  columns: [
    ...BATCH_COLUMNS,
    { header: 'Qty in Stock', field: 'balance', kind: 'quantity' },
    { header: 'Qty Sold', field: 'total_sold', kind: 'quantity' },
    { header: 'Unit Cost', field: 'unit_price', kind: 'money' },
    { header: 'Value', field: 'value', kind: 'money' },
    { header: 'Status', field: 'status', kind: 'status' },
  ],
});

/** Batches at or below their minimum level, lowest first; no filters. */
export const stockLowAlertReport = defineList({
  ...inventory('StockLowAlert'),
  keys: { list: 'reportStockLowAlertList', export: 'reportStockLowAlertExport' },
  row: lowStockRowSchema,
  resources: ['report', 'stock', 'sale'],
  columns: [
    ...BATCH_COLUMNS,
    { header: 'Unit Price', field: 'unit_price', kind: 'money' },
    { header: 'Qty in Stock', field: 'balance', kind: 'quantity' },
    { header: 'In Units', field: 'balance_in_units', kind: 'text' },
    { header: 'Status', field: 'status', kind: 'status' },
  ],
  extras: {
    /** Σ round(balance × unit cost) of the low batches. */
    total_stocks: z.number(),
  },
});

export const CUSTOM_DAYS_MISSING = 'Please enter the number of days for custom aging period';

/** Batches with stock received on or before the threshold date, oldest first. */
export const stockAgingReport = defineList({
  ...inventory('StockAging'),
  filter: z
    .object({
      aging_period: z.preprocess(
        blankAsAbsent,
        z
          .enum(AGING_PERIODS, { error: `The aging period must be one of ${AGING_PERIODS.join(', ')}.` })
          .default(DEFAULT_AGING_PERIOD),
      ),
      custom_days: z.preprocess(
        blankAsAbsent,
        z.coerce
          .number({ error: 'The custom days must be a whole number from 1 to 36500.' })
          .int({ error: 'The custom days must be a whole number from 1 to 36500.' })
          .min(1, { error: 'The custom days must be a whole number from 1 to 36500.' })
          .max(36_500, { error: 'The custom days must be a whole number from 1 to 36500.' })
          .optional(),
      ),
    })
    .superRefine((value, ctx) => {
      if (value.aging_period === 'custom' && value.custom_days === undefined) {
        ctx.addIssue({ code: 'custom', message: CUSTOM_DAYS_MISSING, path: ['custom_days'] });
      }
    }),
  row: agingRowSchema,
  resources: ['report', 'stock', 'sale'],
  columns: [
    ...BATCH_COLUMNS,
    { header: 'First Received', field: 'first_received_date', kind: 'date' },
    { header: 'Days in Stock', field: 'days_in_stock', kind: 'quantity' },
    { header: 'Aging Period', field: 'aging_period', kind: 'status' },
    { header: 'Qty in Stock', field: 'balance', kind: 'quantity' },
    { header: 'Unit Price', field: 'unit_price', kind: 'money' },
    { header: 'Total Value', field: 'total_value', kind: 'money' },
  ],
  extras: {
    /** Σ round(balance × unit cost) of the aged batches. */
    total_value: z.number(),
    /** Today less the period's days, YYYY-MM-DD: batches received on or before it are listed. */
    threshold_date: z.string(),
    /** `30 days`. */
    aging_threshold: z.string(),
  },
  total: { field: 'total_value', label: 'Total Value (UGX)' },
});

/** The inventory reports in the menu's order. */
export const STOCK_REPORTS = [stockReport, stockBalanceReport, stockLowAlertReport, stockAgingReport] as const;

export type StockPeriodQuery = ListQueryOf<typeof stockReport>;
export type StockLowAlertQuery = ListQueryOf<typeof stockLowAlertReport>;
export type StockAgingQuery = ListQueryOf<typeof stockAgingReport>;
