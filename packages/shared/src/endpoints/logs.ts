import { z } from 'zod';
import { can, defineEndpoint, file, ok } from '../contract/endpoint.ts';
import { listEndpoints } from '../contract/lists.ts';
import { idParamSchema } from '../list.schemas.ts';
import { applicationLogList, logRow } from '../lists/activity-lists.ts';

// The application log (the audit log as its screens read it): the filters' values, the declared list
// (lists/activity-lists.ts, with the row and the filters), one entry and its XLSX/CSV files. Behind applicationLogs.

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
  /** /applicationloglist, from the declaration. */
  ...listEndpoints(applicationLogList),
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
