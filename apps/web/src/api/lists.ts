import type { AnswerOf, Endpoint } from '@duka/shared';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidate, type Resource, useCall } from './queries.ts';

// Lists, records, lookups and writes every module's screens share, each over its endpoint's contract.

export type ListParams = Record<string, string | number | undefined>;

/** What an endpoint answering `{ data: … }` holds in `data`. */
export type DataOf<E extends Endpoint> = AnswerOf<E> extends { data: infer D } ? D : never;

/** A paged list; the previous page stays on screen while the next loads. */
export function useList<E extends Endpoint>(endpoint: E, params: ListParams) {
  return useCall(endpoint, { query: params } as never, { placeholderData: keepPreviousData });
}

/** One record by its id (`/brandshow/:id`); waits while there is no id. */
export function useRecord<E extends Endpoint>(endpoint: E | undefined, id: string | number | undefined) {
  return useCall(endpoint ?? (NO_ENDPOINT as unknown as E), { params: { id } } as never, {
    enabled: endpoint !== undefined && id !== undefined,
    select: (answer) => (answer as { data: DataOf<E> }).data,
  });
}

/** A select's options (`/getbrands`), kept for a minute. */
export function useLookup<E extends Endpoint>(endpoint: E) {
  return useCall(endpoint, {} as never, {
    staleTime: 60_000,
    select: (answer) => (answer as { data: DataOf<E> }).data,
  });
}

/** A write that refreshes the resources it names once it succeeds. */
export function useWrite<Input, Answer = { message: string; data?: unknown }>(
  request: (input: Input) => Promise<Answer>,
  refreshes: readonly Resource[],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async () => {
      await invalidate(client, ...refreshes);
    },
  });
}

/** Stands in for a record's endpoint on a create form (never called: the query is disabled). */
const NO_ENDPOINT: Endpoint = { method: 'GET', path: '/', access: 'public', resource: 'none', answer: { file: '' } };
