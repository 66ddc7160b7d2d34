import { z } from 'zod';
import { dateRangeSchema, listQuerySchema } from '../list.schemas.ts';
import type { PermissionKey } from '../permissions.ts';
import type { ReportColumn } from '../reports/declaration.ts';

// The shape of one everyday list (stock write-offs, stock levels…), declared once beside the reports: the server
// builds its list route (the flat list envelope), its XLSX/CSV exports and the OpenAPI answer from it; the web its
// table and export menu. Shape only: which rows a list holds is its module's hand-written query.

/**
 * A list's column: a report column, with the screen's header where the original screens word it apart from the
 * files'.
 */
export interface ListColumn extends ReportColumn {
  /** The table's header ("USER NUMBER/ID"); absent: the files' header in capitals. */
  screenHeader?: string;
  /** In the files only (the sales' subtotal): the screen's table leaves it out. */
  filesOnly?: boolean;
}

export interface ListDeclaration<Filter extends z.ZodType = z.ZodType> {
  /** The files' title (first header row) and the screen's. */
  title: string;
  /** The list call under /api, answering the flat envelope: `{ success, data: [...], current_page, … }`. */
  path: string;
  /** `filter`: shows the screen's Filter button (the call itself takes the filters with the List key). */
  keys: { list: PermissionKey; export: PermissionKey; filter?: PermissionKey };
  /** The list's filters (`dateRangeSchema`…); paging and search come with every list (listQueryOf, exportQueryOf). */
  filter?: Filter;
  /** The row as the list returns it (documents the answer in OpenAPI). */
  row: z.ZodType;
  /** The screen's and the files' columns, in order. */
  columns: readonly ListColumn[];
  exports: { xlsx: string; csv: string; fileName: string };
  /** What its rows are about: a write to any refreshes the list (default: the path's word, `/stocklist` → stock). */
  resources?: readonly string[];
  /** Period (from the query's startDate/endDate) and a total in the files' header rows; absent: no header rows. */
  total?: { label: string };
  /** Figures over every filtered row, in place of `total`: answered beside the page as `totals` (field → amount),
   * shown above the screen's table, and in the files' header rows after the period, in this order. */
  totals?: readonly ListTotal[];
}

/** One of a list's figures over every filtered row (the sales' returns, their net). */
export interface ListTotal {
  field: string;
  label: string;
}

export const defineList = <Filter extends z.ZodType>(declaration: ListDeclaration<Filter>) => declaration;

/**
 * A list's calls named from its word, as most of the original client's are (docs/rules.md): 'supplier' →
 * /supplierlist, /supplierxlsx and /suppliercsv; `fileName` after the files' date prefix.
 */
export const listCalls = (word: string, fileName: string) => ({
  path: `/${word}list`,
  exports: { xlsx: `/${word}xlsx`, csv: `/${word}csv`, fileName },
});

/** A list over the shop's days (startDate/endDate, both included) whose files carry the period and a total. */
export const overShopDays = (totalLabel: string) => ({ filter: dateRangeSchema, total: { label: totalLabel } });

/** The flat list envelope around a row schema; `totals` (required) when the list declares them. */
export const listEnvelopeSchema = <Row extends z.ZodType>(row: Row, totals?: readonly ListTotal[]) => {
  const envelope = z.object({
    success: z.literal(true),
    data: z.array(row),
    current_page: z.number(),
    last_page: z.number(),
    total: z.number(),
    per_page: z.number(),
    from: z.number().nullable(),
    to: z.number().nullable(),
    totals: z.record(z.string(), z.number()).optional(),
  });
  if (!totals?.length) return envelope.omit({ totals: true }) as unknown as typeof envelope;
  const named = z.object(Object.fromEntries(totals.map((t) => [t.field, z.number().describe(t.label)])));
  return envelope.extend({ totals: named }) as unknown as typeof envelope;
};

/** The list call's query: page, page size, search and the list's filters. */
export const listQueryOf = (list: ListDeclaration) =>
  list.filter ? listQuerySchema.and(list.filter) : listQuerySchema;

/** The exports' query: the same search and filters, without paging. */
export const exportQueryOf = (list: ListDeclaration) => {
  const search = listQuerySchema.pick({ search: true });
  return list.filter ? search.and(list.filter) : search;
};
