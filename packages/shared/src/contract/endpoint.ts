import { z } from 'zod';
import type { PermissionKey } from '../permissions.ts';

// One endpoint's contract, declared once: the server registers its route from it (platform/route.ts), the web calls
// it through the one client (api/client.ts), the OpenAPI document describes it and the API tests check every answer
// against it. Paths are relative to /api and written as the router reads them (`/brandshow/:id`).

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call: anyone, anyone signed in, holders of one key, or of any of several keys. */
export type Access =
  | 'public'
  | 'signedIn'
  | { permission: PermissionKey }
  | { anyOf: readonly [PermissionKey, ...PermissionKey[]] };

/** A route open to holders of one key: `access: can('productList')`. */
export const can = <const K extends PermissionKey>(permission: K) => ({ permission }) as const;

/** A route open to holders of any of several keys (a sale opens from its list, receipt or invoice). */
export const canAny = <const K extends PermissionKey>(...anyOf: [K, ...K[]]) => ({ anyOf }) as const;

/** A download: its body is the file, of this content type. */
export interface FileAnswer {
  file: string;
}

export const FILE_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
  backup: 'application/octet-stream',
  json: 'application/json',
} as const;

export const file = (type: keyof typeof FILE_TYPES): FileAnswer => ({ file: FILE_TYPES[type] });

/** The error statuses an endpoint declares beyond those every call or its access and inputs imply (400, 429; 401 and
 * 403 unless public; 404 with params, 422 with inputs, 413 and 415 with a body). */
export type DeclaredError = 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 503;

export interface Endpoint {
  method: Method;
  path: string;
  access: Access;
  /** What the answer is about (`brand`, `sale`): its query keys start with it, and a write refreshes resources. */
  resource: string | readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The 2xx body (status `status`, 200 unless said), or a file. */
  answer: z.ZodType | FileAnswer;
  status?: 200 | 201 | 204;
  errors?: readonly DeclaredError[];
  /** One line for the OpenAPI document. */
  summary?: string;
}

export const defineEndpoint = <const E extends Endpoint>(endpoint: E): E => endpoint;

/** Every error answers the shared envelope: a message, the fields' messages on a 422, and what a 409 names. */
export const errorEnvelope = z.looseObject({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** The statuses an endpoint answers, each with its schema (or file). */
export function answersOf(endpoint: Endpoint): Map<number, z.ZodType | FileAnswer> {
  const answers = new Map<number, z.ZodType | FileAnswer>([[endpoint.status ?? 200, endpoint.answer]]);
  const errors = new Set<number>([400, 429, ...(endpoint.errors ?? [])]);
  // A signed-in route is also refused (403) while its user must change the password first.
  if (endpoint.access !== 'public') for (const status of [401, 403]) errors.add(status);
  if (endpoint.params || endpoint.query || endpoint.body) errors.add(422);
  if (endpoint.body) for (const status of [413, 415]) errors.add(status);
  if (endpoint.params) errors.add(404);
  for (const status of [...errors].sort()) answers.set(status, errorEnvelope);
  return answers;
}

export const isFileAnswer = (answer: z.ZodType | FileAnswer): answer is FileAnswer => 'file' in answer;

// The answers' common envelopes.

/** `{ success: true, data }`. */
export const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

/** `{ success: true, message }`: a write that returns nothing else. */
export const done = z.object({ success: z.literal(true), message: z.string() });

/** `{ success: true, message, data }`: a write that returns what it made. */
export const doneWith = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: z.string(), data });

/** An instant: a Date from the database or an ISO string, always sent as the ISO string. */
export const instant = z.preprocess((value) => (value instanceof Date ? value.toISOString() : value), z.string());

/** A day of the shop (`YYYY-MM-DD`) or, from a date column, a Date sent as its ISO string. */
export const day = instant;

// What the web and the tests read off a contract.

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** The answer's type, as the client receives it. */
export type AnswerOf<E extends Endpoint> = E['answer'] extends z.ZodType ? z.output<E['answer']> : Blob;
/** What the server's handler returns for the answer (before serialization: Dates allowed where an instant goes). */
export type ReturnOf<E extends Endpoint> = E['answer'] extends z.ZodType ? z.input<E['answer']> : unknown;
export type ParamsOf<E extends Endpoint> = Out<E['params']>;
export type QueryOf<E extends Endpoint> = Out<E['query']>;
export type BodyOf<E extends Endpoint> = Out<E['body']>;

/** Nothing to send. */
export type NoInput = Record<never, never>;

/** What a caller sends: params, query and body, each as its schema takes it in. */
export type InputOf<E extends Endpoint> = (E['params'] extends z.ZodType ? { params: In<E['params']> } : NoInput) &
  (E['query'] extends z.ZodType ? { query?: In<E['query']> } : NoInput) &
  (E['body'] extends z.ZodType ? { body: In<E['body']> } : NoInput);

/** The path with its params filled in: `/brandshow/:id` with `{ id: 7 }` → `/brandshow/7`. */
export function pathOf(endpoint: Pick<Endpoint, 'path'>, params?: Record<string, unknown>): string {
  return endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`${endpoint.path}: no ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The query string of a call, blanks left out: `?page=2&search=nails`. */
export function queryStringOf(query?: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
