import type { z } from 'zod';
import type { PermissionKey } from '../permissions.ts';

// The shape of one list or report, declared once: the server builds its routes and exports from it, the web its
// table, filter panel and export menu. Shape only: which rows and totals a report holds is its module's query.

/** How a column's value is shown and written: money, quantities and percents stay numbers in a spreadsheet. */
export type ColumnKind = 'money' | 'quantity' | 'percent' | 'date' | 'status' | 'text';

export interface ReportColumn {
  header: string;
  /** Dotted path into a row: `product.name`, `sale.discount`. */
  field: string;
  kind: ColumnKind;
}

export interface ReportKeys {
  /** Opens the list; the call answers 403 without it. */
  list: PermissionKey;
  /** Needed to send any filter other than its default. Absent: the report has no filters. */
  filter?: PermissionKey;
  export: PermissionKey;
}

export interface ReportDeclaration<Query extends z.ZodType = z.ZodType> {
  /** The screen's and the files' title. */
  title: string;
  /** The list call, under /api: `/reportdailysaleslist`. */
  path: string;
  /** The export calls, same query as the list (paging ignored). */
  exports: { xlsx: string; csv: string };
  /** File name after the date prefix: `daily_sales_report` → 2026_11_22_daily_sales_report.xlsx. */
  fileName: string;
  keys: ReportKeys;
  query: Query;
  /** Query fields that are filters (held by the Filter key); paging and search are not. */
  filters: readonly string[];
  /** The row as the list returns it. */
  row: z.ZodType;
  columns: readonly ReportColumn[];
  /** Fields beside `data` at the top of the envelope (cards), each with its schema. */
  extras: z.ZodRawShape;
  /** What its figures are about: a write to any of them refreshes the report (default: `report`). */
  resources?: readonly string[];
  /** The extra that is the report's total, and its label in the files' header rows. */
  total: { field: string; label: string };
}

/** A report's List, Filter and Export keys from its word: 'DailySales' → reportDailySalesList… (typed keys). */
export const reportKeysOf = <const Word extends string>(word: Word) => ({
  list: `report${word}List` as `report${Word}List`,
  filter: `report${word}Filter` as `report${Word}Filter`,
  export: `report${word}Export` as `report${Word}Export`,
});

export const defineReport = <Query extends z.ZodType>(declaration: ReportDeclaration<Query>) => declaration;

/** The value at a dotted path of a row, undefined when any step is missing. */
export function readField(row: unknown, field: string): unknown {
  let value: unknown = row;
  for (const step of field.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}
