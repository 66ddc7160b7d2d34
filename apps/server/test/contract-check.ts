import { isDeepStrictEqual } from 'node:util';
import { answersOf, ENDPOINTS, type Endpoint, isFileAnswer } from '@duka/shared';

// Every answer an API test receives is checked against its endpoint's contract (packages/shared/src/endpoints): the
// status must be one the contract declares, a JSON body must match the declared schema with no field missing and
// none undeclared, a file must come with the declared content type. A drift between contract and server fails the
// test that met it.

interface Pattern {
  endpoint: Endpoint;
  method: string;
  regex: RegExp;
}

const PATTERNS: Pattern[] = ENDPOINTS.map((endpoint) => ({
  endpoint,
  method: endpoint.method,
  regex: new RegExp(`^${endpoint.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}/?$`),
}));

/** The contract an /api address is answered by, or undefined. */
export function contractOf(method: string, url: string): Endpoint | undefined {
  const path = url.split('?')[0]?.replace(/^\/api/, '') ?? '';
  return PATTERNS.find((p) => p.method === method && p.regex.test(path))?.endpoint;
}

/** Throws, naming the first difference, when an answer is not what its contract declares. */
export function checkAnswer(
  endpoint: Endpoint,
  answer: { status: number; body: unknown; contentType?: string | null },
): void {
  const where = `${endpoint.method} ${endpoint.path} answered ${answer.status}`;
  const declared = answersOf(endpoint).get(answer.status);
  if (!declared) throw new Error(`${where}, a status its contract does not declare`);
  if (isFileAnswer(declared)) {
    const type = declared.file.split(';')[0];
    if (!answer.contentType?.startsWith(type ?? '')) {
      throw new Error(`${where} as ${answer.contentType}, not the declared ${declared.file}`);
    }
    return;
  }
  const parsed = declared.safeParse(answer.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `${where}: ${issue?.path.join('.') || 'body'}: ${issue?.message} (${JSON.stringify(answer.body).slice(0, 300)})`,
    );
  }
  const sent = JSON.parse(JSON.stringify(parsed.data));
  if (!isDeepStrictEqual(sent, answer.body)) {
    throw new Error(`${where}: a field its contract does not declare: ${firstExtra(answer.body, sent) ?? '?'}`);
  }
}

/** The path of the first field present in `body` and absent from what the schema kept. */
function firstExtra(body: unknown, kept: unknown, path = ''): string | undefined {
  if (body === null || typeof body !== 'object') return isDeepStrictEqual(body, kept) ? undefined : path || 'body';
  if (kept === null || typeof kept !== 'object') return path || 'body';
  for (const [key, value] of Object.entries(body)) {
    const at = path ? `${path}.${key}` : key;
    if (!(key in kept)) return at;
    const inner = firstExtra(value, (kept as Record<string, unknown>)[key], at);
    if (inner) return inner;
  }
  return undefined;
}
