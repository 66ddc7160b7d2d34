import { z } from 'zod';
import { can, defineEndpoint, file, instant, ok } from '../contract/endpoint.ts';
import { dateRangeSchema, idParamSchema, listQuerySchema } from '../list.schemas.ts';
import { listEnvelopeSchema } from '../lists/declaration.ts';
import { namedRef } from './common.ts';

// The application log (the audit log as its screens read it): the filters' values, the list, one entry and its
// XLSX/CSV files. Behind applicationLogs.

/** The list's filters: type, activity and the shop's days (startDate/endDate, both included). */
export const logFilterSchema = z
  .object({ type: z.string().max(100).optional(), activity: z.string().max(100).optional() })
  .and(dateRangeSchema);
export type LogFilter = z.infer<typeof logFilterSchema>;

/** An audit log entry, with who made it (null: nobody, or a user since removed) and its shop-time date and time. */
export const logRow = z.object({
  id: z.number(),
  type: z.string(),
  activity: z.string(),
  details: z.string(),
  browser: z.string(),
  platform: z.string(),
  ip: z.string(),
  created_at: instant,
  user: namedRef,
  /** YYYY-MM-DD HH:MM:SS in the shop's time zone. */
  formatted_created_at: z.string(),
});
export type LogRow = z.output<typeof logRow>;

/** The distinct types and activities on record, sorted: the filters' choices. */
export const logColumns = z.object({
  success: z.literal(true),
  types: z.array(z.object({ type: z.string() })),
  activities: z.array(z.object({ activity: z.string() })),
});
export type LogColumns = z.output<typeof logColumns>;

const logExport = (format: 'xlsx' | 'csv') =>
  defineEndpoint({
    method: 'GET',
    path: `/applicationlog${format}/:id`,
    access: can('applicationLogs'),
    resource: 'log',
    params: idParamSchema,
    answer: file(format),
    summary: `One log entry as ${format.toUpperCase()}.`,
  });

export const logsEndpoints = {
  columns: defineEndpoint({
    method: 'GET',
    path: '/applicationlogcolumns',
    access: can('applicationLogs'),
    resource: 'log',
    answer: logColumns,
    summary: 'The distinct types and activities of the log, for its filters.',
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/applicationloglist',
    access: can('applicationLogs'),
    resource: 'log',
    query: listQuerySchema.and(logFilterSchema),
    answer: listEnvelopeSchema(logRow),
    summary: 'The log, newest first, filtered by type, activity, days and a search.',
  }),
  show: defineEndpoint({
    method: 'GET',
    path: '/applicationlog/:id',
    access: can('applicationLogs'),
    resource: 'log',
    params: idParamSchema,
    answer: ok(logRow),
    summary: 'One log entry.',
  }),
  xlsx: logExport('xlsx'),
  csv: logExport('csv'),
};
