import { type ListEnvelope, type ReportDeclaration, reportEndpoints } from '@duka/shared';
import { keepPreviousData } from '@tanstack/react-query';
import type { ListParams } from './lists.ts';
import { useCall } from './queries.ts';

// The reports: one page of rows in `data`, and the cards' figures beside it at the top level.

export interface ReportAnswer<Row = Record<string, unknown>> {
  success: true;
  data: Omit<ListEnvelope<Row>, 'success'>;
  /** The report's extras (totals, period), named by its declaration. */
  [extra: string]: unknown;
}

/** One page of a report, over the endpoints its declaration gives. */
export function useReport<Row = Record<string, unknown>>(report: ReportDeclaration, params: ListParams) {
  const answer = useCall(reportEndpoints(report).list, { query: params } as never, {
    placeholderData: keepPreviousData,
  });
  return answer as Omit<typeof answer, 'data'> & { data: ReportAnswer<Row> | undefined };
}
