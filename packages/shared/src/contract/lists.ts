import type { z } from 'zod';
import {
  type ExportQuerySchema,
  exportQueryOf,
  type ListAnswerSchema,
  type ListDeclaration,
  type ListEnvelopeKind,
  type ListExports,
  type ListFilter,
  type ListKeys,
  type ListQuerySchema,
  listEnvelopeSchema,
  listQueryOf,
  reportEnvelopeSchema,
} from '../lists/declaration.ts';
import type { PermissionKey } from '../permissions.ts';
import { can, defineEndpoint, type FileAnswer, file } from './endpoint.ts';

// A declared list's or report's calls (the page and, when it has files, its XLSX and its CSV), as contracts: the
// declaration stays the one place their paths, keys, query and row are written.

/** What a list's answers are about: its declared resources, else its path's word (`/stocklist` → stock). */
const resourcesOf = (declaration: { path: string; resources?: readonly string[] }) =>
  declaration.resources ?? [declaration.path.replace(/^\//, '').replace(/list$/, '')];

interface ListCall<Query extends z.ZodType, Answer extends z.ZodType | FileAnswer> {
  summary: string;
  method: 'GET';
  path: string;
  access: { readonly permission: PermissionKey };
  resource: readonly string[];
  query: Query;
  answer: Answer;
}

/** A declaration's calls: `list`, and `xlsx` and `csv` when it declares exports. */
export type ListEndpoints<
  Row extends z.ZodType,
  Filter extends ListFilter | undefined,
  Envelope extends ListEnvelopeKind,
  Extras extends z.ZodRawShape,
  Exports extends ListExports | undefined,
> = { list: ListCall<ListQuerySchema<Filter>, ListAnswerSchema<Row, Envelope, Extras>> } & ([Exports] extends [
  ListExports,
]
  ? { xlsx: ListCall<ExportQuerySchema<Filter>, FileAnswer>; csv: ListCall<ExportQuerySchema<Filter>, FileAnswer> }
  : { xlsx?: ListCall<ExportQuerySchema<Filter>, FileAnswer>; csv?: ListCall<ExportQuerySchema<Filter>, FileAnswer> });

export function listEndpoints<
  Row extends z.ZodType,
  Filter extends ListFilter | undefined,
  Envelope extends ListEnvelopeKind,
  Extras extends z.ZodRawShape,
  Exports extends ListExports | undefined,
  Keys extends ListKeys,
>(
  declaration: ListDeclaration<Row, Filter, Envelope, Extras, Exports, Keys>,
): ListEndpoints<Row, Filter, Envelope, Extras, Exports> {
  const resource = resourcesOf(declaration);
  const answer =
    declaration.envelope === 'report'
      ? reportEnvelopeSchema(declaration.row, declaration.extras ?? {})
      : listEnvelopeSchema(declaration.row, declaration.totals);
  const list = defineEndpoint({
    summary: declaration.title,
    method: 'GET',
    path: declaration.path,
    access: can(declaration.keys.list),
    resource,
    query: listQueryOf(declaration),
    answer,
  });
  const { exports } = declaration;
  type Calls = ListEndpoints<Row, Filter, Envelope, Extras, Exports>;
  if (!exports) return { list } as unknown as Calls;
  const exportOf = (format: 'xlsx' | 'csv') =>
    defineEndpoint({
      summary: `${declaration.title} as ${format.toUpperCase()}`,
      method: 'GET',
      path: exports[format],
      access: can(declaration.keys.export ?? declaration.keys.list),
      resource,
      query: exportQueryOf(declaration),
      answer: file(format),
    });
  return { list, xlsx: exportOf('xlsx'), csv: exportOf('csv') } as unknown as Calls;
}
