import type { ListEnvelope, ReportDeclaration } from '@duka/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import { type ListParams, toQueryString } from './lists.ts';

// The reports: one page of rows in `data`, and the cards' figures beside it at the top level.

export interface ReportAnswer<Row = Record<string, unknown>> {
  success: true;
  data: Omit<ListEnvelope<Row>, 'success'>;
  /** The report's extras (totals, period), named by its declaration. */
  [extra: string]: unknown;
}

/** One page of a report: keyed by its path, as every list is, so a write can refresh it by that name. */
export function useReport<Row = Record<string, unknown>>(report: ReportDeclaration, params: ListParams) {
  return useQuery({
    queryKey: [report.path, params],
    queryFn: () => api<ReportAnswer<Row>>('GET', report.path + toQueryString(params)),
    placeholderData: keepPreviousData,
  });
}

/** The export calls with the report's search and filters (never the paging). */
export function reportExportPaths(report: ReportDeclaration, params: ListParams) {
  const query = toQueryString(params);
  return { xlsx: report.exports.xlsx + query, csv: report.exports.csv + query };
}
