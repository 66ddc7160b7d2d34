import { z } from 'zod';
import { dateRangeSchema, listQuerySchema } from '../list.schemas.ts';
import type { PermissionKey } from '../permissions.ts';

// The shape of one list or report, declared once: the server builds its list route, its XLSX/CSV exports and the
// OpenAPI answer from it (platform/list-routes.ts), the web its table, filter panel and export menu. Shape only:
// which rows and figures a list holds is its module's hand-written query.

/** How a column's value is shown and written: money, quantities and percents stay numbers in a spreadsheet. */
export type ColumnKind = 'money' | 'quantity' | 'percent' | 'date' | 'status' | 'text';

/** One column of the screen's table and of the files. */
export interface ListColumn {
  /** The files' header ("User Number"). */
  header: string;
  /** Dotted path into a row: `product.name`, `sale.discount`. */
  field: string;
  kind: ColumnKind;
  /** The table's header ("USER NUMBER/ID"); absent: the files' header in capitals. */
  screenHeader?: string;
  /** In the files only (the sales' subtotal): the screen's table leaves it out. */
  filesOnly?: boolean;
  /** What a missing text shows, on the screen and in the files: 'N/A' unless given (a product's blank code: ''). */
  blank?: string;
}

export interface ListKeys {
  /** Opens the list; the call answers 403 without it. */
  list: PermissionKey;
  /** Opens the files; absent: the List key does. */
  export?: PermissionKey;
  /** Needed to send any filter with a value other than its default (the server answers 403 without it), and shows
   * the screen's Filter button. Absent: anyone who may read the list may filter it. */
  filter?: PermissionKey;
}

/** The export calls (same search and filters as the list, no paging) and the files' name after their date prefix:
 * `daily_sales_report` → 2026_11_22_daily_sales_report.xlsx. */
export interface ListExports {
  xlsx: string;
  csv: string;
  fileName: string;
}

/** The filters: an object schema of the filter fields (blank is no filter; refinements across fields allowed). Its
 * field names are the filters'; paging and search come with every list. */
export type ListFilter = z.ZodObject;

/** Which envelope the list call answers: `list`, flat (`{ success, data: [...], current_page, … }`); `report`, the
 * original client's report envelope (`{ success, data: { data: [...], current_page, … }, ...extras }`). */
export type ListEnvelopeKind = 'list' | 'report';

/** One of a list's figures over every filtered row (the sales' returns, their net). */
export interface ListTotal {
  field: string;
  label: string;
}

export interface ListDeclaration<
  Row extends z.ZodType = z.ZodType,
  Filter extends ListFilter | undefined = ListFilter | undefined,
  Envelope extends ListEnvelopeKind = ListEnvelopeKind,
  Extras extends z.ZodRawShape = z.ZodRawShape,
  Exports extends ListExports | undefined = ListExports | undefined,
  Keys extends ListKeys = ListKeys,
> {
  /** The screen's title and the files' (first header row). */
  title: string;
  /** The list call under /api. */
  path: string;
  keys: Keys;
  /** The list's filters (`dateRangeSchema`…), merged into the list's query and the files'. */
  filter?: Filter;
  /** The row as the list returns it (documents and types the answer). */
  row: Row;
  /** The screen's and the files' columns, in order. */
  columns: readonly ListColumn[];
  /** Absent: the list has no files. */
  exports?: Exports;
  /** What the search box takes, shown in it while it is empty, when more than a name ("Search..." unless said). */
  searchHint?: string;
  /** What its rows are about: a write to any refreshes the list (default: the path's word, `/stocklist` → stock). */
  resources?: readonly string[];
  /** The answer's envelope; `list` unless said. */
  envelope?: Envelope;
  /** The report envelope's fields beside `data` (its cards), each with its schema. */
  extras?: Extras;
  /**
   * A total in the files' header rows after the title and period: `field`, the report envelope's extra that holds
   * it; without `field`, the list's source gives it. Absent (and no `totals`): no header rows.
   */
  total?: { label: string; field?: string };
  /** Figures over every filtered row, in place of `total` (the flat envelope): answered beside the page as `totals`
   * (field → amount), shown above the screen's table, and in the files' header rows after the period, in order. */
  totals?: readonly ListTotal[];
}

/** A declaration as defineList gives it back: whether it has files is in its type (`exports`). */
export type DefinedList<
  Row extends z.ZodType = z.ZodType,
  Filter extends ListFilter | undefined = ListFilter | undefined,
  Envelope extends ListEnvelopeKind = ListEnvelopeKind,
  Extras extends z.ZodRawShape = z.ZodRawShape,
  Exports extends ListExports | undefined = ListExports | undefined,
  Keys extends ListKeys = ListKeys,
> = ListDeclaration<Row, Filter, Envelope, Extras, Exports, Keys> & { exports: Exports };

/** A list's or report's declaration, its row, filter, envelope, extras, exports and keys kept in its type, so its
 * calls (listEndpoints) type their answers and queries. */
export const defineList = <
  Row extends z.ZodType,
  Filter extends ListFilter | undefined = undefined,
  Envelope extends ListEnvelopeKind = 'list',
  // biome-ignore lint/complexity/noBannedTypes: a list without extras
  Extras extends z.ZodRawShape = {},
  Exports extends ListExports | undefined = undefined,
  Keys extends ListKeys = ListKeys,
>(
  declaration: ListDeclaration<Row, Filter, Envelope, Extras, Exports, Keys>,
) => declaration as DefinedList<Row, Filter, Envelope, Extras, Exports, Keys>;

/** A report's List, Filter and Export keys from its word: 'DailySales' → reportDailySalesList… (typed keys). */
export const reportKeysOf = <const Word extends string>(word: Word) => ({
  list: `report${word}List` as `report${Word}List`,
  filter: `report${word}Filter` as `report${Word}Filter`,
  export: `report${word}Export` as `report${Word}Export`,
});

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

/** The names of a list's filters: its filter schema's fields. */
export const filterNames = (list: Pick<ListDeclaration, 'filter'>): string[] =>
  list.filter ? Object.keys(list.filter.shape) : [];

/** Each filter's default (what it is when not sent): a filter sent with another value needs the Filter key. */
export const filterDefaults = (list: Pick<ListDeclaration, 'filter'>): Record<string, unknown> =>
  (list.filter?.safeParse({}).data as Record<string, unknown> | undefined) ?? {};

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

/** The report envelope: the page inside `data`, the extras (cards) beside it. */
export const reportEnvelopeSchema = <Row extends z.ZodType, Extras extends z.ZodRawShape>(row: Row, extras: Extras) =>
  z.object({
    success: z.literal(true),
    data: z.object({
      data: z.array(row),
      current_page: z.number(),
      last_page: z.number(),
      total: z.number(),
      per_page: z.number(),
      from: z.number().nullable(),
      to: z.number().nullable(),
    }),
    ...extras,
  });

/** The list call's answer schema for a declaration's envelope. */
export type ListAnswerSchema<Row extends z.ZodType, Envelope extends ListEnvelopeKind, Extras extends z.ZodRawShape> = [
  Envelope,
] extends ['report']
  ? ReturnType<typeof reportEnvelopeSchema<Row, Extras>>
  : ReturnType<typeof listEnvelopeSchema<Row>>;

const searchOnly = listQuerySchema.pick({ search: true });

/** The list call's query schema: page, page size, search and the list's filters. */
export type ListQuerySchema<Filter extends ListFilter | undefined> = [Filter] extends [ListFilter]
  ? z.ZodIntersection<typeof listQuerySchema, Filter>
  : typeof listQuerySchema;

/** The exports' query schema: the same search and filters, without paging. */
export type ExportQuerySchema<Filter extends ListFilter | undefined> = [Filter] extends [ListFilter]
  ? z.ZodIntersection<typeof searchOnly, Filter>
  : typeof searchOnly;

/** The list call's query: page, page size, search and the list's filters. */
export const listQueryOf = <Filter extends ListFilter | undefined>(list: { filter?: Filter }) =>
  (list.filter ? listQuerySchema.and(list.filter) : listQuerySchema) as ListQuerySchema<Filter>;

/** The exports' query: the same search and filters, without paging. */
export const exportQueryOf = <Filter extends ListFilter | undefined>(list: { filter?: Filter }) =>
  (list.filter ? searchOnly.and(list.filter) : searchOnly) as ExportQuerySchema<Filter>;

/** A declaration's filter schema (undefined when it has none). */
export type FilterOf<D extends ListDeclaration> =
  D extends ListDeclaration<z.ZodType, infer Filter, ListEnvelopeKind, z.ZodRawShape, ListExports | undefined, ListKeys>
    ? Filter
    : undefined;

/** A declaration's list query as its handlers read it (parsed: defaults in place). */
export type ListQueryOf<D extends ListDeclaration> = z.output<ListQuerySchema<FilterOf<D>>>;

/** The value at a dotted path of a row, undefined when any step is missing. */
export function readField(row: unknown, field: string): unknown {
  return readAlong(row, field.split('.'));
}

/** readField for one path read on many rows (an export's column): the path is split once. */
export function fieldReader(field: string): (row: unknown) => unknown {
  const steps = field.split('.');
  return (row) => readAlong(row, steps);
}

function readAlong(row: unknown, steps: readonly string[]): unknown {
  let value: unknown = row;
  for (const step of steps) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}

/** A list in the report envelope with its files and Export key: a report. */
export type DeclaredReport = DefinedList<
  z.ZodType,
  ListFilter | undefined,
  'report',
  z.ZodRawShape,
  ListExports,
  ListKeys & { export: PermissionKey }
>;
