import type { AnswerOf, Endpoint, InputOf } from '@duka/shared';
import { type QueryClient, type UseQueryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callWith } from './client.ts';

// One query-key factory for every endpoint: a key starts with what the answer is about (the contract's resource), then
// the endpoint's path and what was asked. A write refreshes resources, never endpoint names.

/** A resource (`brand`, `sale`, `report`…) as the contracts name them. */
export type Resource = string;

/** What an endpoint's answers are about: its one resource or its several. */
export const resourcesOf = (endpoint: Endpoint): readonly string[] =>
  typeof endpoint.resource === 'string' ? [endpoint.resource] : endpoint.resource;

export const queryKeyOf = <E extends Endpoint>(endpoint: E, input?: InputOf<E>) =>
  [...resourcesOf(endpoint), endpoint.path, input ?? null] as const;

/** Refreshes every query about any of these resources. */
export const invalidate = (client: QueryClient, ...resources: Resource[]) =>
  client.invalidateQueries({
    predicate: ({ queryKey }) => queryKey.some((part) => typeof part === 'string' && resources.includes(part)),
  });

/**
 * Still waiting for a question's first answer. Without a connection (paused, or failed with its retry spent: each retry
 * puts the question back to pending, and a screen waiting on it would flicker away) a screen opens anyway on what it
 * has, so the till keeps working offline.
 */
export const isAwaiting = (q: { isPending: boolean; fetchStatus: string; errorUpdateCount: number }) =>
  q.isPending && q.fetchStatus !== 'paused' && q.errorUpdateCount === 0;

/** A query over one endpoint: its key from the factory, its answer typed by the contract. */
export function useCall<E extends Endpoint, Selected = AnswerOf<E>>(
  endpoint: E,
  input: InputOf<E>,
  options: Omit<UseQueryOptions<AnswerOf<E>, Error, Selected>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery({
    queryKey: queryKeyOf(endpoint, input),
    queryFn: () => callWith(endpoint, input),
    ...options,
  });
}

/** A write through one endpoint that refreshes the resources it names once it succeeds. */
export function useCallWrite<E extends Endpoint>(endpoint: E, refreshes: Resource[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<E>) => callWith(endpoint, input),
    onSuccess: () => invalidate(client, ...refreshes),
  });
}
