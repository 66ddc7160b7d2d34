// The one HTTP client: every call names its endpoint's contract (packages/shared/src/endpoints), so no screen writes
// a path and every answer's type comes from its schema. JSON in and out, the bearer token from local storage, and one
// error type for every failure. pathOf and queryStringOf come from the contracts' addresses (vite.config.ts): the
// first page calls through this file, and their own file builds schemas.
import { pathOf, queryStringOf } from 'virtual:contract-addresses';
import type { AnswerOf, Endpoint, InputOf, NoInput } from '@duka/shared';
import { clearSession, readToken } from '../platform/session-storage.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
  /** The first server message for a field, as the forms show it under the field. */
  field(name: string): string | undefined {
    return this.errors[name]?.[0];
  }
}

const FALLBACK = 'An error occurred. Please try again later.';
const onUnauthenticated = new Set<() => void>();
export const subscribeUnauthenticated = (fn: () => void) => {
  onUnauthenticated.add(fn);
  return () => onUnauthenticated.delete(fn);
};

/** The one request: only this file sends one, and only `call`/`callWith` (a contract) reach it. */
async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  { auth = true }: { auth?: boolean } = {},
): Promise<T> {
  const token = readToken();
  if (auth && !token) throw new ApiError(401, 'No token found');
  const isForm = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(body !== undefined && !isForm && { 'Content-Type': 'application/json' }),
        ...(token && { Authorization: `Bearer ${token}` }),
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'The server cannot be reached. Check the connection and try again.');
  }
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok || data.success === false) {
    const message = typeof data.message === 'string' ? data.message : FALLBACK;
    if (response.status === 401 && auth && message === 'Unauthenticated.') {
      clearSession();
      for (const fn of onUnauthenticated) fn();
    }
    throw new ApiError(response.status, message, (data.errors as Record<string, string[]>) ?? {}, data);
  }
  return data as T;
}

export const errorMessage = (err: unknown, fallback = FALLBACK) =>
  err instanceof ApiError ? err.message : err instanceof Error ? err.message : fallback;

/** The address of a call: `/api` + its path with params filled in + its query string. */
export function urlOf<E extends Endpoint>(endpoint: E, input?: InputOf<E>): string {
  const { params, query } = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  return `/api${pathOf(endpoint, params)}${queryStringOf(query)}`;
}

/**
 * One endpoint's raw Response, for a caller that reads it itself: the till's catalogue worker (the snapshot, with the
 * token it was handed) and the sale's check whether the server answers at all (health). The address comes from the
 * contract; `init` adds the headers, cache and signal. Reads no storage, so a worker may use it.
 */
export function fetchEndpoint<E extends Endpoint>(
  endpoint: E,
  input: InputOf<E> | undefined,
  init: RequestInit = {},
): Promise<Response> {
  return fetch(urlOf(endpoint, input), { method: endpoint.method, ...init });
}

/** Calls one endpoint by its contract; the answer is typed by the contract's schema. A public endpoint is called
 * without the token. */
export function call<E extends Endpoint>(
  endpoint: E,
  ...[input]: NoInput extends InputOf<E> ? [InputOf<E>?] : [InputOf<E>]
) {
  return callWith(endpoint, input);
}

/** `call` with its input as one argument (the query hooks pass theirs through). */
export function callWith<E extends Endpoint>(endpoint: E, input: InputOf<E> | undefined): Promise<AnswerOf<E>> {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  return request<AnswerOf<E>>(endpoint.method, pathOf(endpoint, params) + queryStringOf(query), body, {
    auth: endpoint.access !== 'public',
  });
}

/** Asks for the anti-forgery cookie the sign-in calls go with. Served outside /api (no contract); a failure is left
 * to the sign-in call that follows. */
export const requestCsrfCookie = () => fetch('/sanctum/csrf-cookie', { credentials: 'include' }).catch(() => undefined);
