import { API } from '@duka/shared';
import { datedName, downloadFile } from './download.ts';
import { useCall } from './queries.ts';

// The application log beyond the list kit: its filters' choices and one entry's files.

/** The distinct types and activities on record: the filters' choices. */
export const useLogColumns = () => useCall(API.log.columns, {});

/** One log entry as XLSX or CSV (applicationlogs_7, dated, unless the server names it). */
export const downloadLogEntry = (id: number, format: 'xlsx' | 'csv') =>
  downloadFile(API.log[format], { params: { id } }, datedName(`applicationlogs_${id}`, format));
