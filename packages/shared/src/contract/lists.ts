import { z } from 'zod';
import { exportQueryOf, type ListDeclaration, listEnvelopeSchema, listQueryOf } from '../lists/declaration.ts';
import type { ReportDeclaration } from '../reports/declaration.ts';
import { can, defineEndpoint, file } from './endpoint.ts';

// A declared list's or report's three calls (the page, its XLSX and its CSV), as contracts: the declaration stays the
// one place their paths, keys, query and row are written.

/** What a list's answers are about: its declared resources, else its path's word (`/stocklist` → stock). */
const resourcesOf = (declaration: { path: string; resources?: readonly string[] }) =>
  declaration.resources ?? [declaration.path.replace(/^\//, '').replace(/list$/, '')];

export function listEndpoints(declaration: ListDeclaration) {
  const resource = resourcesOf(declaration);
  const exportOf = (format: 'xlsx' | 'csv') =>
    defineEndpoint({
      summary: `${declaration.title} as ${format.toUpperCase()}`,
      method: 'GET',
      path: declaration.exports[format],
      access: can(declaration.keys.export),
      resource,
      query: exportQueryOf(declaration),
      answer: file(format),
    });
  return {
    list: defineEndpoint({
      summary: declaration.title,
      method: 'GET',
      path: declaration.path,
      access: can(declaration.keys.list),
      resource,
      query: listQueryOf(declaration),
      answer: listEnvelopeSchema(declaration.row, declaration.totals),
    }),
    xlsx: exportOf('xlsx'),
    csv: exportOf('csv'),
  };
}

/** The report envelope: the page inside `data`, the cards beside it. */
export const reportEnvelopeSchema = (row: z.ZodType, extras: z.ZodRawShape) =>
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

export function reportEndpoints(declaration: ReportDeclaration) {
  const resource = declaration.resources ?? ['report'];
  const exportOf = (format: 'xlsx' | 'csv') =>
    defineEndpoint({
      summary: `${declaration.title} as ${format.toUpperCase()}`,
      method: 'GET',
      path: declaration.exports[format],
      access: can(declaration.keys.export),
      resource,
      query: declaration.query,
      answer: file(format),
    });
  return {
    list: defineEndpoint({
      summary: declaration.title,
      method: 'GET',
      path: declaration.path,
      access: can(declaration.keys.list),
      resource,
      query: declaration.query,
      answer: reportEnvelopeSchema(declaration.row, declaration.extras),
    }),
    xlsx: exportOf('xlsx'),
    csv: exportOf('csv'),
  };
}
