import {
  type ColumnKind,
  formatDay,
  formatMoney,
  formatQuantity,
  type ListColumn,
  type ListDeclaration,
  listEndpoints,
  type ReportColumn,
  readField,
} from '@duka/shared';
import type { ReactNode } from 'react';
import { StatusBadge } from '../StatusBadge.tsx';

// A declared report column on screen (packages/shared/src/reports): the same field and kind the exports write,
// shown with thousands separators, days in the shop's calendar and statuses on their badges.

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

export function reportCell(row: unknown, column: ReportColumn): ReactNode {
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
      return value === null || value === undefined || value === '' ? 'N/A' : String(value);
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

/** A declared list's export menu for ListPage: its Export key, its two calls and its file name. */
export const declaredExports = (list: ListDeclaration) => {
  const { xlsx, csv } = listEndpoints(list);
  return { xlsx, csv, name: list.exports.fileName };
};

/** Who sees a declared list's Filter button: its Filter key, or anyone who may read it when it has none. */
export const declaredFilterKey = (list: ListDeclaration) => list.keys.filter ?? list.keys.list;

/** What ListPage takes from a declaration: the call, the columns (with `cells` overrides), the export menu and
 * the totals it answers. */
export const declaredList = <Row,>(list: ListDeclaration, cells: Cells<Row> = {}) => ({
  endpoint: listEndpoints(list).list,
  columns: declaredColumns<Row>(list.columns, cells),
  exports: declaredExports(list),
  totals: list.totals,
});
