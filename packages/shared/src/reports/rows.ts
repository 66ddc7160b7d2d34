import { z } from 'zod';
import { day, instant } from '../contract/endpoint.ts';

// Row shapes of the reports, in the original client's nested names (docs/rules.md).

/** A referred record's name (`product: { name }`), null when it is gone. */
export const named = z.object({ name: z.string() }).nullable();

export const saleLineRowSchema = z.object({
  id: z.number(),
  product: named,
  brand: named,
  measurement: named,
  /** The stock batch the line was sold from. */
  batch_number: z.string(),
  quantity: z.number(),
  unit_price: z.number(),
  sale: z.object({ discount: z.number(), sale_number: z.string() }),
  /** Before the sale's discount. */
  total_price: z.number(),
  /** The line's share of the sale's discount amount. */
  discount_amount: z.number(),
  /** total_price − discount_amount: the rows of a period add up to its total_sales. */
  total_amount: z.number(),
  /** Set on a returned line: a negative row on the return's day (its id the negated return line's id). */
  return_number: z.number().nullable(),
  user: named,
  /** The sale's instant, or the return's on a returned line. */
  created_at: instant,
});
export type SaleLineRow = z.output<typeof saleLineRowSchema>;

/** The batch a row is about, with its product, brand and measurement names (reports and stock lists). */
export const batchRef = {
  id: z.number(),
  product: named,
  batch_number: z.string(),
  brand: named,
  measurement: named,
};

export const stockRecordRowSchema = z.object({
  ...batchRef,
  quantity: z.number(),
  unit_price: z.number(),
  total_cost: z.number(),
  supplier: named,
  user: named,
  stock_date: day,
});
export type StockRecordRow = z.output<typeof stockRecordRowSchema>;

export const stockBalanceRowSchema = z.object({
  ...batchRef,
  balance: z.number(),
  /**
   * Sold within the report period; named as the stock levels' column and the original client's stock level row name it.
   */
  total_sold: z.number(),
  min_stock_level: z.number(),
  unit_price: z.number(),
  /** round(balance × unit cost). */
  value: z.number(),
  status: z.string(),
});
export type StockBalanceRow = z.output<typeof stockBalanceRowSchema>;

export const lowStockRowSchema = z.object({
  ...batchRef,
  unit_price: z.number(),
  balance: z.number(),
  /** The balance in the product's largest whole units, the rest in its base: "3 Bundles + 7 Pieces". */
  balance_in_units: z.string(),
  min_stock_level: z.number(),
  status: z.string(),
});
export type LowStockRow = z.output<typeof lowStockRowSchema>;

export const agingRowSchema = z.object({
  ...batchRef,
  /** The batch's stock date. */
  first_received_date: day,
  days_in_stock: z.number(),
  aging_period: z.string(),
  balance: z.number(),
  unit_price: z.number(),
  total_value: z.number(),
});
export type AgingRow = z.output<typeof agingRowSchema>;
