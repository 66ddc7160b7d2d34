import {
  type ColumnKind,
  type Endpoint,
  formatDay,
  formatMoney,
  formatQuantity,
  type ListColumn,
  type ListDeclaration,
  type ListEnvelopeKind,
  type ListExports,
  type ListFilter,
  type ListKeys,
  listEndpoints,
  readField,
} from '@duka/shared';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { StatusBadge } from '../StatusBadge.tsx';

// A declared list's or report's column on screen (packages/shared/src/lists, src/reports): the same field and kind
// the exports write, shown with thousands separators, days in the shop's calendar and statuses on their badges.

/** Stock statuses and aging bands, from fresh to stale. */
const STATUS_COLORS: Record<string, string> = {
  'In Stock': 'green',
  'Low Stock': 'yellow',
  'Out of Stock': 'red',
  '0-7 days': 'green',
  '8-30 days': 'teal',
  '31-60 days': 'blue',
  '61-90 days': 'yellow',
  '91-180 days': 'orange',
  '181-365 days': 'red',
  'Over 1 year': 'grape',
  Unlocked: 'green',
  Locked: 'red',
};

const NUMERIC: ReadonlySet<ColumnKind> = new Set(['money', 'quantity', 'percent']);

export const columnAlign = (kind: ColumnKind) => (NUMERIC.has(kind) ? 'right' : undefined);

export function reportCell(row: unknown, column: ListColumn): ReactNode {
  const value = readField(row, column.field);
  if (NUMERIC.has(column.kind) && (value === null || value === undefined)) return '';
  switch (column.kind) {
    case 'money':
      return formatMoney(Number(value));
    case 'quantity':
      return formatQuantity(Number(value));
    case 'percent':
      return `${formatQuantity(Number(value))}%`;
    case 'date':
      // A calendar day (a batch's stock date) is shown as it is; an instant in the shop's time zone.
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : formatDay(value as string);
    case 'status':
      return value ? <StatusBadge label={String(value)} color={STATUS_COLORS[String(value)] ?? 'gray'} /> : 'N/A';
    default:
      return value === null || value === undefined || value === '' ? (column.blank ?? 'N/A') : String(value);
  }
}

type Cells<Row> = Partial<Record<string, (row: Row) => ReactNode>>;

/**
 * A declared list's columns as ListPage columns (the screen's header, or the files' in capitals). `cells` replaces
 * the display of a field where the screen words it differently from the file (a reason's label).
 */
export function declaredColumns<Row>(
  columns: readonly ListColumn[],
  cells: Cells<Row> = {},
): { header: string; cell: (row: Row) => ReactNode; align?: 'right' }[] {
  return columns
    .filter((column) => !column.filesOnly)
    .map((column) => ({
      header: column.screenHeader ?? column.header.toUpperCase(),
      cell: cells[column.field] ?? ((row: Row) => reportCell(row, column)),
      align: columnAlign(column.kind),
    }));
}

/** A declared list's export menu for ListPage: its two calls (their key is the Export key) and its file name;
 * undefined when the list has no files. */
export const declaredExports = (list: ListDeclaration) => {
  const { xlsx, csv } = listEndpoints(list);
  return list.exports && xlsx && csv ? { xlsx, csv, name: list.exports.fileName } : undefined;
};

/** Who sees a declared list's Filter button: its Filter key, or anyone who may read it when it has none. */
export const declaredFilterKey = (list: ListDeclaration) => list.keys.filter ?? list.keys.list;

/** The row a declaration's list answers, as declared. */
export type DeclaredRow<D extends ListDeclaration> = z.output<D['row']>;

/** The list call of a declaration, typed by it (its rows are what `RowOf` reads). */
type DeclaredCall<
  Row extends z.ZodType,
  Filter extends ListFilter | undefined,
  Envelope extends ListEnvelopeKind,
  Extras extends z.ZodRawShape,
  Exports extends ListExports | undefined,
  Keys extends ListKeys,
> = ReturnType<typeof listEndpoints<Row, Filter, Envelope, Extras, Exports, Keys>>['list'];

/** What ListPage takes from a declaration: the call (its rows typed as declared), the columns (with `cells`
 * overrides), the export menu and the totals it answers. */
export function declaredList<
  Row extends z.ZodType,
  Filter extends ListFilter | undefined,
  Envelope extends ListEnvelopeKind,
  Extras extends z.ZodRawShape,
  Exports extends ListExports | undefined,
  Keys extends ListKeys,
>(
  list: ListDeclaration<Row, Filter, Envelope, Extras, Exports, Keys>,
  cells?: Cells<z.output<Row>>,
): DeclaredListProps<z.output<Row>, DeclaredCall<Row, Filter, Envelope, Extras, Exports, Keys>>;
/** The same, its rows read as `Row` (a screen's own row type). */
export function declaredList<Row>(list: ListDeclaration, cells?: Cells<Row>): DeclaredListProps<Row>;
export function declaredList(list: ListDeclaration, cells: Cells<unknown> = {}): DeclaredListProps<never, Endpoint> {
  return {
    endpoint: listEndpoints(list).list,
    columns: declaredColumns(list.columns, cells),
    exports: declaredExports(list),
    totals: list.totals,
    searchHint: list.searchHint,
  };
}

interface DeclaredListProps<Row, Call = ReturnType<typeof listEndpoints>['list']> {
  endpoint: Call;
  columns: { header: string; cell: (row: Row) => ReactNode; align?: 'right' }[];
  exports: ReturnType<typeof declaredExports>;
  totals: ListDeclaration['totals'];
  searchHint: ListDeclaration['searchHint'];
}
