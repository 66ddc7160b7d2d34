import { type ListAnswerSchema, type ListDeclaration, listEndpoints } from '@duka/shared';
import { keepPreviousData } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ListParams } from './lists.ts';
import { useCall } from './queries.ts';

// The reports: one page of rows in `data`, and the cards' figures beside it at the top level.

/** Any report's answer, as its contract (API.report.<name>.list) gives it, with the extras its declaration names
 * beside the page (totals, period), read by name. */
export type ReportAnswer = z.output<ListAnswerSchema<z.ZodType, 'report', Record<never, z.ZodType>>> & {
  [extra: string]: unknown;
};

/** One page of a report, over the endpoints its declaration gives. */
export function useReport(report: ListDeclaration, params: ListParams) {
  const answer = useCall(listEndpoints(report).list, { query: params } as never, {
    placeholderData: keepPreviousData,
  });
  return answer as Omit<typeof answer, 'data'> & { data: ReportAnswer | undefined };
}
