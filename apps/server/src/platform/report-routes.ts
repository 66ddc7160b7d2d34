import { formatDay, type ReportColumn, type ReportDeclaration, readField, reportEndpoints } from '@duka/shared';
import type { FastifyInstance } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import { requireActor } from './access.ts';
import { accessDenied } from './errors.ts';
import { type ExportColumn, type ExportFormat, periodPreamble, sendExport, throughCursor } from './exports.ts';
import { paginate } from './listing.ts';
import { shopDay } from './period.ts';
import { route } from './route.ts';

// Turns one report declaration (packages/shared/src/reports) and its hand-written query into three routes: the list
// in the original client's report envelope (docs/rules.md) and its XLSX and CSV exports, with the same query, columns
// and totals.

export interface ReportRun<Row> {
  /** The filtered, searched and ordered rows, not yet paged. */
  rows: SelectQueryBuilder<any, any, Row>;
  /** The cards: totals from aggregate queries over every filtered row, never the page; a breakdown (by payment
   * method, by category) may be an object or a list. A promise is read while the page is (two connections at once). */
  extras: Record<string, unknown> | Promise<Record<string, unknown>>;
  /** The period for the files' header rows; absent: the report is as of today. */
  period?: { startDate?: string; endDate?: string };
}

export interface ReportSource<Query, Row, Shown> {
  run: (query: Query) => Promise<ReportRun<Row>>;
  /** The row as the list and the files show it (status, age band); the stored row when absent. */
  present?: (row: Row) => Shown;
}

/** A cell of an exported report: money and quantities as numbers, days as YYYY-MM-DD, missing names as N/A. */
export function cellOf(row: unknown, column: ReportColumn, timeZone: string): string | number {
  const value = readField(row, column.field);
  switch (column.kind) {
    case 'money':
    case 'quantity':
    case 'percent':
      return value === null || value === undefined ? '' : Number(value);
    case 'date':
      if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
      return formatDay(value as string | Date | null | undefined, timeZone);
    default:
      return value === null || value === undefined || value === '' ? 'N/A' : String(value);
  }
}

export function registerReport<Query extends z.ZodType, Row, Shown = Row>(
  app: FastifyInstance,
  declaration: ReportDeclaration<Query>,
  source: ReportSource<z.infer<Query>, Row, Shown>,
  timeZone: string,
) {
  const present = source.present ?? ((row: Row) => row as unknown as Shown);
  const defaults = declaration.query.parse({}) as Record<string, unknown>;

  /** A filter other than its default needs the report's Filter key: the screen hides the panel without it. */
  const checkFilters = (request: Parameters<typeof requireActor>[0], query: Record<string, unknown>) => {
    const filterKey = declaration.keys.filter;
    const filtered = declaration.filters.some((f) => query[f] !== undefined && query[f] !== defaults[f]);
    if (filtered && (!filterKey || !requireActor(request).keys.has(filterKey))) throw accessDenied();
  };

  const endpoints = reportEndpoints(declaration);
  route(app, endpoints.list, async (request) => {
    const query = request.query as z.infer<Query> & { page: number; pagination_size: number };
    checkFilters(request, query);
    const run = await source.run(query);
    const [{ success, data, ...page }, extras] = await Promise.all([paginate(run.rows, query), run.extras]);
    return { success, data: { data: data.map(present), ...page }, ...extras } as never;
  });

  const columns: ExportColumn<Shown>[] = declaration.columns.map((column) => ({
    header: column.header,
    value: (row) => cellOf(row, column, timeZone),
    width: Math.max(12, column.header.length + 2, column.kind === 'text' ? 20 : 0),
    date: column.kind === 'date',
  }));
  for (const format of ['xlsx', 'csv'] as ExportFormat[]) {
    route(app, endpoints[format], async (request, reply) => {
      const query = request.query as z.infer<Query> & Record<string, unknown>;
      checkFilters(request, query);
      const { rows, extras: cards, period } = await source.run(query);
      const extras = await cards;
      const total = Number(extras[declaration.total.field] ?? 0);
      const preamble = period
        ? periodPreamble(declaration.title, period, [declaration.total.label, total])
        : [[declaration.title], ['As of', shopDay(timeZone)], [declaration.total.label, total], []];
      return sendExport(reply, format, {
        name: declaration.fileName,
        columns,
        preamble,
        rows: mapPages(throughCursor(rows), present),
        timeZone,
      });
    });
  }
}

async function* mapPages<Row, Shown>(pages: AsyncIterable<Row[]>, present: (row: Row) => Shown) {
  for await (const page of pages) yield page.map(present);
}
