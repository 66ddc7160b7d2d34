import { type ListDeclaration, listEndpoints } from '@duka/shared';
import type { FastifyInstance } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import { type ExportFormat, periodPreamble, sendExport, throughCursor } from './exports.ts';
import { type PageOptions, paginate } from './listing.ts';
import { cellOf } from './report-routes.ts';
import { route } from './route.ts';

// Turns one list declaration (packages/shared/src/lists) and its module's hand-written query into three routes: the
// list in the flat list envelope and its XLSX and CSV exports, with the same filters, search and columns.

export interface ListSource<Query, Row> {
  /** The filtered, searched and ordered rows, not yet paged. */
  rows: (query: Query) => SelectQueryBuilder<any, any, Row>;
  /** The total in the files' header rows (over every filtered row); needed when the declaration has a `total`. */
  total?: (query: Query) => Promise<number>;
  /** The declared `totals` over every filtered row, by field; needed when the declaration has `totals`. */
  totals?: (query: Query) => Promise<Record<string, number>>;
  /** The row as the list and the files show it; the stored row when absent. */
  present?: (row: Row) => unknown;
  /** The row key when `rows` is ordered by a total order ending with it (`sa.id`): deep pages walk its index
   * (paginate's keyed paging). */
  key?: string;
  /** What the module knows of the query's rows that spares paginate work: their count, where a deep walk starts. */
  paging?: (query: Query) => Omit<PageOptions, 'key'>;
}

export function registerList<Query, Row>(
  app: FastifyInstance,
  declaration: ListDeclaration,
  source: ListSource<Query, Row>,
  timeZone: string,
) {
  const present = source.present ?? ((row: Row) => row);
  const endpoints = listEndpoints(declaration);
  route(app, endpoints.list, async (request) => {
    const query = request.query as Query & { page: number; pagination_size: number };
    const [page, totals] = await Promise.all([
      paginate(source.rows(query), query, { key: source.key, ...source.paging?.(query) }),
      totalsOf(query),
    ]);
    return { ...page, data: page.data.map(present), ...(totals ? { totals } : {}) } as never;
  });

  /** The declared totals, or none when the list declares none. */
  const totalsOf = (query: Query) =>
    declaration.totals?.length ? required(source.totals, 'totals')(query) : Promise.resolve(undefined);
  /** The files' header rows: title, period, then the declared totals (or the one total). */
  const preambleOf = async (query: Query & { startDate?: string; endDate?: string }) => {
    const totals = await totalsOf(query);
    if (totals) {
      const lines = (declaration.totals ?? []).map((t): [string, number] => [t.label, totals[t.field] ?? 0]);
      return periodPreamble(declaration.title, query, ...lines);
    }
    if (!declaration.total) return undefined;
    return periodPreamble(declaration.title, query, [
      declaration.total.label,
      await required(source.total, 'total')(query),
    ]);
  };

  const columns = declaration.columns.map((column) => ({
    header: column.header,
    value: (row: unknown) => cellOf(row, column, timeZone),
    width: Math.max(12, column.header.length + 2, column.kind === 'text' ? 20 : 0),
    date: column.kind === 'date',
  }));
  for (const format of ['xlsx', 'csv'] as ExportFormat[]) {
    route(app, endpoints[format], async (request, reply) => {
      const query = request.query as Query & { startDate?: string; endDate?: string };
      return sendExport(reply, format, {
        name: declaration.exports.fileName,
        columns,
        preamble: await preambleOf(query),
        rows: mapPages(throughCursor(source.rows(query)), present),
        timeZone,
      });
    });
  }
}

/** A declared figure's source, which the module must give. */
function required<T>(part: T | undefined, name: string): T {
  if (!part) throw new Error(`The list declares ${name} but its source gives none.`);
  return part;
}

async function* mapPages<Row>(pages: AsyncIterable<Row[]>, present: (row: Row) => unknown) {
  for await (const page of pages) yield page.map(present);
}
