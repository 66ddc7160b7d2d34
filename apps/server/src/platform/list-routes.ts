import {
  fieldReader,
  filterDefaults,
  filterNames,
  formatDay,
  type ListColumn,
  type ListDeclaration,
  type ListQueryOf,
  listEndpoints,
} from '@duka/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import { requireActor } from './access.ts';
import { accessDenied } from './errors.ts';
import {
  type ExportColumn,
  type ExportFormat,
  type PreambleCell,
  periodPreamble,
  sendExport,
  throughCursor,
} from './exports.ts';
import { type PageOptions, paginate } from './listing.ts';
import { shopDay } from './period.ts';
import { route } from './route.ts';

// Turns one list declaration (packages/shared/src/lists and src/reports) and its module's hand-written query into its
// routes: the list in the declared envelope (flat, or the report envelope with its extras beside the page) and, when
// declared, its XLSX and CSV exports with the same filters, search and columns. One rule for the Filter key: a filter
// sent with a value other than its default needs it, when the declaration has one (403 otherwise).

/** What one call reads at once, when its rows need more than the query (a report's period, its figures). */
export interface ListRun<Row> {
  /** The filtered, searched and ordered rows, not yet paged. */
  rows: SelectQueryBuilder<any, any, Row>;
  /** The report envelope's extras (its cards): totals from aggregate queries over every filtered row, never the
   * page; a breakdown may be an object or a list. A promise is read while the page is (two connections at once). */
  extras?: Record<string, unknown> | Promise<Record<string, unknown>>;
  /** The period in the files' header rows; absent: the query's startDate/endDate when the list filters by them, else
   * "As of" today. */
  period?: { startDate?: string; endDate?: string };
}

export interface ListSource<Query, Row, Shown = Row, FileRow = Row> {
  /** The filtered, searched and ordered rows, not yet paged; or `run`. */
  rows?: (query: Query) => SelectQueryBuilder<any, any, Row>;
  /** The same rows with only what the files' columns and `present` read, when the list's page reads more: a long
   * export's server time goes mostly to parsing and collecting its rows' columns. The list's rows when absent. */
  fileRows?: (query: Query) => SelectQueryBuilder<any, any, FileRow>;
  /** The rows with what is read beside them (the report envelope's extras, the files' period); or `rows`. */
  run?: (query: Query) => Promise<ListRun<Row>>;
  /** The total in the files' header rows (over every filtered row); needed when the declaration has a `total` without
   * a `field`. */
  total?: (query: Query) => Promise<number>;
  /** The declared `totals` over every filtered row, by field; needed when the declaration has `totals`. */
  totals?: (query: Query) => Promise<Record<string, number>>;
  /** The row as the list and the files show it (a status, an age band); the stored row when absent. */
  present?: (row: Row | FileRow) => Shown;
  /** The row key when `rows` is ordered by a total order ending with it (`sa.id`): deep pages walk its index
   * (paginate's keyed paging). */
  key?: string;
  /** What the module knows of the query's rows that spares paginate work: their count, where a deep walk starts. */
  paging?: (query: Query) => Omit<PageOptions, 'key'>;
}

type Paged = { page: number; pagination_size: number };
type Period = { startDate?: string; endDate?: string };

export function registerList<D extends ListDeclaration, Row, Shown = Row, Query = ListQueryOf<D>, FileRow = Row>(
  app: FastifyInstance,
  declaration: D,
  source: ListSource<Query, Row, Shown, FileRow>,
  timeZone: string,
) {
  const present = source.present ?? ((row: Row | FileRow) => row as unknown as Shown);
  const run = runOf(declaration, source);
  const report = declaration.envelope === 'report';
  const checkFilters = filterRule(declaration);
  const endpoints = listEndpoints(declaration as ListDeclaration);

  route(app, endpoints.list, async (request) => {
    const query = request.query as Query & Paged;
    checkFilters(request, query as Record<string, unknown>);
    const { rows, extras } = await run(query);
    const [{ success, data, ...page }, figures] = await Promise.all([
      paginate(rows, query, {
        key: source.key,
        searched: Boolean((query as { search?: string }).search),
        ...source.paging?.(query),
      }),
      report ? extras : totalsOf(query),
    ]);
    const shown = data.map(present);
    if (report) return { success, data: { data: shown, ...page }, ...figures } as never;
    return { success, data: shown, ...page, ...(figures ? { totals: figures } : {}) } as never;
  });

  /** The declared totals, or none when the list declares none. */
  const totalsOf = (query: Query) =>
    declaration.totals?.length ? required(source.totals, 'totals')(query) : Promise.resolve(undefined);

  /** The files' figures after the title and period: the declared totals, or the one total (an extra or the
   * source's). */
  const figureLines = async (query: Query, extras: Record<string, unknown>): Promise<[string, number][]> => {
    const totals = await totalsOf(query);
    if (totals) return (declaration.totals ?? []).map((t) => [t.label, totals[t.field] ?? 0]);
    const { total } = declaration;
    if (!total) return [];
    if (total.field) return [[total.label, Number(extras[total.field] ?? 0)]];
    return [[total.label, await required(source.total, 'total')(query)]];
  };

  /** The files' header rows (title, period or "As of", figures), when the list declares a total or totals. */
  const byShopDays = filterNames(declaration).some((name) => name === 'startDate' || name === 'endDate');
  const preambleOf = async (query: Query, period: Period | undefined, extras: Record<string, unknown>) => {
    if (!declaration.total && !declaration.totals?.length) return undefined;
    const lines = await figureLines(query, extras);
    const over = period ?? (byShopDays ? (query as Period) : undefined);
    if (over) return periodPreamble(declaration.title, over, ...lines);
    const asOf: PreambleCell[][] = [[declaration.title], ['As of', shopDay(timeZone)], ...lines, []];
    return asOf;
  };

  const { exports } = declaration;
  if (!exports || !endpoints.xlsx || !endpoints.csv) return;
  const columns: ExportColumn<Shown>[] = declaration.columns.map((column) => {
    const read = fieldReader(column.field);
    return {
      header: column.header,
      value: (row: Shown) => cellOf(read(row), column, timeZone),
      width: Math.max(12, column.header.length + 2, column.kind === 'text' ? 20 : 0),
      date: column.kind === 'date',
    };
  });
  for (const format of ['xlsx', 'csv'] as ExportFormat[]) {
    route(app, endpoints[format] as NonNullable<typeof endpoints.xlsx>, async (request, reply) => {
      const query = request.query as Query;
      checkFilters(request, query as Record<string, unknown>);
      const { rows, extras, period } = await run(query);
      return sendExport(reply, format, {
        name: exports.fileName,
        columns,
        preamble: await preambleOf(query, period, (await extras) ?? {}),
        rows: mapPages(throughCursor<Row | FileRow>(source.fileRows?.(query) ?? rows), present),
        timeZone,
      });
    });
  }
}

/** A source's one way to read a call: its `run`, or its `rows` alone. */
function runOf<Query, Row>(declaration: ListDeclaration, source: Pick<ListSource<Query, Row>, 'rows' | 'run'>) {
  const { rows, run } = source;
  if (run) return run;
  if (!rows) throw new Error(`${declaration.path}: the list's source gives neither rows nor run.`);
  return async (query: Query): Promise<ListRun<Row>> => ({ rows: rows(query) });
}

/**
 * The one Filter rule, for lists and reports alike: with a Filter key declared, a filter sent with a value other than
 * its default needs it (the screen shows the Filter button only to its holders).
 */
function filterRule(declaration: ListDeclaration) {
  const key = declaration.keys.filter;
  const names = filterNames(declaration);
  const defaults = filterDefaults(declaration);
  return (request: FastifyRequest, query: Record<string, unknown>) => {
    if (!key) return;
    const filtered = names.some((name) => query[name] !== undefined && query[name] !== defaults[name]);
    if (filtered && !requireActor(request).keys.has(key)) throw accessDenied();
  };
}

/** A column's value as a cell of an exported list: money and quantities as numbers, days as YYYY-MM-DD, missing
 * names as N/A. */
export function cellOf(value: unknown, column: ListColumn, timeZone: string): string | number {
  switch (column.kind) {
    case 'money':
    case 'quantity':
    case 'percent':
      return value === null || value === undefined ? '' : Number(value);
    case 'date':
      if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
      return formatDay(value as string | Date | null | undefined, timeZone);
    default:
      return value === null || value === undefined || value === '' ? (column.blank ?? 'N/A') : String(value);
  }
}

/** A declared figure's source, which the module must give. */
function required<T>(part: T | undefined, name: string): T {
  if (!part) throw new Error(`The list declares ${name} but its source gives none.`);
  return part;
}

async function* mapPages<Row, Shown>(pages: AsyncIterable<Row[]>, present: (row: Row) => Shown) {
  for await (const page of pages) yield page.map(present);
}
