import type { ListEnvelope } from '@duka/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';

// Lists, lookups, deletes and downloads shared by every module's screens.

export type ListParams = Record<string, string | number | undefined>;

export function toQueryString(params: ListParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A paged list: the query key starts with the endpoint, so a mutation invalidates it by that name. */
export function useList<Row>(endpoint: string, params: ListParams) {
  return useQuery({
    queryKey: [endpoint, params],
    queryFn: () => api<ListEnvelope<Row>>('GET', endpoint + toQueryString(params)),
    placeholderData: keepPreviousData,
  });
}

export function useRecord<T>(endpoint: string, id: string | number | undefined) {
  return useQuery({
    queryKey: [endpoint, id],
    queryFn: async () => (await api<{ data: T }>('GET', `${endpoint}/${id}`)).data,
    enabled: id !== undefined,
  });
}

export function useLookup<T = { id: number; name: string }>(endpoint: string) {
  return useQuery({
    queryKey: [endpoint],
    queryFn: async () => (await api<{ data: T[] }>('GET', endpoint)).data,
    staleTime: 60_000,
  });
}

/** A write that refreshes the lists it names once it succeeds. */
export function useWrite<Input, Answer = { message: string; data?: unknown }>(
  request: (input: Input) => Promise<Answer>,
  invalidates: string[],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async () => {
      await Promise.all(invalidates.map((endpoint) => client.invalidateQueries({ queryKey: [endpoint] })));
    },
  });
}

export const send =
  <Input>(
    method: 'POST' | 'PUT' | 'DELETE',
    path: string | ((input: Input) => string),
    body?: (input: Input) => unknown,
  ) =>
  (input: Input) =>
    api<{ message: string; data?: any }>(
      method,
      typeof path === 'string' ? path : path(input),
      body ? body(input) : input,
    );
