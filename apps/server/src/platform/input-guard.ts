import { isUtf8 } from 'node:buffer';
import type { FastifyError, FastifyInstance } from 'fastify';
import { invalidField } from './errors.ts';

export const NUL_MESSAGE = 'Text cannot contain the NUL character.';
export const NOT_UTF8_MESSAGE = 'The request could not be read: its text is not valid UTF-8.';

// A multipart body is split at its boundary: without one the form parser can only fail, and would answer 500.
const MULTIPART_WITHOUT_BOUNDARY = /^multipart\/(?!.*;\s*boundary=[^;\s])/i;

/** Where a NUL sits in a parsed query, params or body ('name', 'items.0.customerName'), or undefined. */
export function findNul(value: unknown): string | undefined {
  // A loop, not recursion: a deeply nested JSON body must not overflow the stack.
  const pending: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (pending.length > 0) {
    const next = pending.pop() as { value: unknown; path: string[] };
    if (typeof next.value === 'string') {
      if (next.value.includes('\u0000')) return next.path.join('.');
    } else if (Array.isArray(next.value)) {
      next.value.forEach((item, i) => {
        pending.push({ value: item, path: [...next.path, String(i)] });
      });
    } else if (next.value !== null && typeof next.value === 'object' && !Buffer.isBuffer(next.value)) {
      for (const [key, item] of Object.entries(next.value)) {
        if (key.includes('\u0000')) return [...next.path, key.replaceAll('\u0000', '')].join('.');
        pending.push({ value: item, path: [...next.path, key] });
      }
    }
  }
  return undefined;
}

/**
 * Input no route can use, refused once for every route before any schema or handler sees it. PostgreSQL cannot hold
 * a NUL in text and fails the whole statement, so a NUL anywhere in the query, params or body is a 422.
 */
export function guardInput(app: FastifyInstance) {
  // A JSON body is read as bytes and refused when they are not UTF-8: decoded as text, each bad byte would become
  // U+FFFD and be stored as if the client had meant it.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) {
      const error = new Error(NOT_UTF8_MESSAGE) as FastifyError;
      error.statusCode = 400;
      done(error, undefined);
      return;
    }
    parseJson(request, bytes.toString('utf8'), done);
  });

  app.addHook('preValidation', async (request, reply) => {
    if (MULTIPART_WITHOUT_BOUNDARY.test(request.headers['content-type'] ?? '')) {
      return reply.code(400).send({ success: false, message: 'The form could not be read: it has no boundary.' });
    }
    for (const part of [request.params, request.query, request.body]) {
      const field = findNul(part);
      if (field !== undefined) throw invalidField(field || 'body', NUL_MESSAGE);
    }
  });
}
