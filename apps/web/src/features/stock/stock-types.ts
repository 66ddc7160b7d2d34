// What the stock calls answer and which queries a stock write refreshes.

/** One batch as /stocklist and /stockshow return it (declared with the stock list). */
export type { StockRecord } from '@duka/shared';

/** Stock status colours: danger, warning, success. */
export const STATUS_COLORS = { 'Out of Stock': 'red', 'Low Stock': 'yellow', 'In Stock': 'green' } as const;

/** Queries that show batches or their balances: refreshed after any stock write. */
export const STOCK_VIEWS = ['/stocklist', '/stocklevel', '/stockshow', '/getstockbatches', '/stockadjustmentlist'];
