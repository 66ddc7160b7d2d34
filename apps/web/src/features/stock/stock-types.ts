// What the stock calls answer (apps/server/src/modules/stock/stock.queries.ts) and how quantities are shown.

type Named = { name: string } | null;

/** One batch as /stocklist and /stockshow return it. */
export interface StockRecord {
  id: number;
  batch_number: string;
  product_id: number;
  brand_id: number;
  measurement_id: number;
  supplier_id: number;
  quantity: number;
  unit_price: number;
  total_cost: number;
  sale_price: number;
  min_stock_level: number;
  quantity_sold: number;
  quantity_adjusted: number;
  balance: number;
  stock_date: string;
  environment: string;
  created_at: string;
  product_name: string | null;
  brand_name: string | null;
  measurement_name: string | null;
  supplier_name: string | null;
  product: Named;
  brand: Named;
  measurement: Named;
  supplier: Named;
  created_by: Named;
}

/** Status colours of PRODUCT.md §5: danger, warning, success. */
export const STATUS_COLORS = { 'Out of Stock': 'red', 'Low Stock': 'yellow', 'In Stock': 'green' } as const;

/** Queries that show batches or their balances: refreshed after any stock write. */
export const STOCK_VIEWS = ['/stocklist', '/stocklevel', '/stockshow', '/getstockbatches', '/stockadjustmentlist'];
