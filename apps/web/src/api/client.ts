// The one HTTP client: JSON in and out, the bearer token from local storage, and one error type for every failure.
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

export async function api<T = Record<string, unknown>>(
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
