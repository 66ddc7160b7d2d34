import { z } from 'zod';
import { stockAdjustmentSchema } from '../catalogue.schemas.ts';
import { instant } from '../contract/endpoint.ts';
import { batchRef, named } from '../reports/rows.ts';
import { BATCH_COLUMNS } from '../reports/stock-reports.ts';
import { defineList, listCalls, overShopDays } from './declaration.ts';

// The stock screens' lists: the stock batches, stock levels and stock write-offs.

/** One batch as /stocklist and /stockshow return it. */
export const stockRowSchema = z.object({
  ...batchRef,
  product_id: z.number(),
  /** Null for goods without a brand; brand_name and brand then say NO_BRAND. */
  brand_id: z.number().nullable(),
  measurement_id: z.number(),
  supplier_id: z.number(),
  quantity: z.number(),
  unit_price: z.number(),
  total_cost: z.number(),
  sale_price: z.number(),
  min_stock_level: z.number(),
  quantity_sold: z.number(),
  quantity_adjusted: z.number(),
  balance: z.number(),
  stock_date: z.string(),
  environment: z.string(),
  created_at: instant,
  /** The unit and quantity the batch was received in when not its product's base unit (null: in the base). */
  received_measurement_id: z.number().nullable(),
  received_quantity: z.number().nullable(),
  /** "2 Tonnes = 40 Bags": what was received in another unit and its base quantity; null when received in the base. */
  received_as: z.string().nullable(),
  product_name: z.string(),
  /** NO_BRAND for goods without a brand. */
  brand_name: z.string(),
  measurement_name: z.string(),
  supplier_name: z.string(),
  /** Never null: `{ name: NO_BRAND }` for goods without a brand. */
  brand: z.object({ name: z.string() }),
  supplier: named,
  /** The user who received it, null when none did. */
  created_by: named,
});
export type StockRecord = z.infer<typeof stockRowSchema>;

/** The stock batches received, newest stock date first; the files carry the period and the total cost. */
export const stockList = defineList({
  title: 'Stock records',
  ...listCalls('stock', 'stock'),
  ...overShopDays('Total cost (UGX)'),
  keys: { list: 'stockList', export: 'stockExport', filter: 'stockFilter' },
  row: stockRowSchema,
  // The batch number leads because each batch keeps its own balance.
  columns: [
    { header: 'Batch Number', field: 'batch_number', kind: 'text' },
    { header: 'Product', field: 'product_name', kind: 'text' },
    { header: 'Brand', field: 'brand_name', kind: 'text' },
    { header: 'Unit', field: 'measurement_name', kind: 'text' },
    { header: 'Qty', field: 'quantity', kind: 'quantity' },
    { header: 'Unit Price', field: 'unit_price', kind: 'money' },
    { header: 'Total', field: 'total_cost', kind: 'money' },
    { header: 'Sale Price', field: 'sale_price', kind: 'money' },
    { header: 'Supplier', field: 'supplier_name', kind: 'text' },
    { header: 'Created By', field: 'created_by.name', kind: 'text' },
    { header: 'Date', field: 'stock_date', kind: 'date' },
  ],
});

export const stockLevelRowSchema = z.object({
  ...batchRef,
  product_name: z.string(),
  /** NO_BRAND for goods without a brand. */
  brand_name: z.string(),
  measurement_name: z.string(),
  product: z.object({ name: z.string() }),
  brand: z.object({ name: z.string() }),
  measurement: z.object({ name: z.string() }),
  balance: z.number(),
  /** The balance in the product's largest whole units, the rest in its base: "3 Bundles + 7 Pieces". */
  balance_in_units: z.string(),
  total_sold: z.number(),
  /** Base units sold from the batch that still wait in the yard for collection: the shelves hold balance, the yard
   * this, so a count of both reconciles. */
  in_yard: z.number(),
  min_stock_level: z.number(),
  /** In Stock, Low Stock or Out of Stock, by the one shared rule (stockStatus). */
  status: z.enum(['In Stock', 'Low Stock', 'Out of Stock']),
});
export type StockLevelRow = z.output<typeof stockLevelRowSchema>;

/** Every live batch with what is left, what was sold and its status: never costs or the supplier. */
export const stockLevelList = defineList({
  title: 'Stock Levels',
  path: '/stocklevel',
  // Its rows are the batches: receiving, correcting or writing off stock refreshes it, and a delivery the yard.
  resources: ['stock', 'deliveryNote'],
  keys: { list: 'stockLevel', export: 'stockLevelExport' },
  row: stockLevelRowSchema,
  // The inventory reports' batch columns (product, batch number, brand, unit), then what is left and sold.
  columns: [
    ...BATCH_COLUMNS,
    { header: 'Qty in Stock', field: 'balance', kind: 'quantity' },
    { header: 'In Units', field: 'balance_in_units', kind: 'text' },
    { header: 'Qty Sold', field: 'total_sold', kind: 'quantity' },
    { header: 'Sold in Yard', field: 'in_yard', kind: 'quantity' },
    { header: 'Status', field: 'status', kind: 'status' },
  ],
  exports: { xlsx: '/stocklevelxlsx', csv: '/stocklevelcsv', fileName: 'stock_levels' },
});

export const stockWriteOffRowSchema = z.object({
  id: z.number(),
  batch_id: z.number(),
  batch_number: z.string(),
  product_name: z.string(),
  reason: stockAdjustmentSchema.shape.reason,
  /** In the batch's base unit. */
  quantity: z.number(),
  /** "2 Boxes = 50 Kg" when written off in another unit of the product; null when in the base. */
  entered_as: z.string().nullable(),
  unit_cost: z.number(),
  /** round(quantity × unit cost), whole UGX. */
  cost: z.number(),
  note: z.string(),
  adjustment_date: z.string(),
  created_at: instant,
  /** Who wrote it off, null when no user did. */
  user: named,
});
export type StockWriteOffRow = z.output<typeof stockWriteOffRowSchema>;

/** Stock written off (damage, loss, expiry, count correction); the files carry the period and the total cost. */
export const stockWriteOffList = defineList({
  title: 'Stock write-offs',
  ...listCalls('stockadjustment', 'stock_write_offs'),
  ...overShopDays('Total cost (UGX)'),
  keys: { list: 'stockAdjustmentList', export: 'stockAdjustmentExport' },
  row: stockWriteOffRowSchema,
  columns: [
    { header: 'Date', field: 'adjustment_date', kind: 'date' },
    { header: 'Batch Number', field: 'batch_number', kind: 'text' },
    { header: 'Product', field: 'product_name', kind: 'text' },
    { header: 'Reason', field: 'reason', kind: 'text' },
    { header: 'Qty', field: 'quantity', kind: 'quantity' },
    { header: 'Unit Cost', field: 'unit_cost', kind: 'money' },
    { header: 'Cost', field: 'cost', kind: 'money' },
    { header: 'Note', field: 'note', kind: 'text' },
    { header: 'Recorded By', field: 'user.name', kind: 'text' },
  ],
});
