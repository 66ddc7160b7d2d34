import { ENDPOINTS } from '@duka/shared';
import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The OpenAPI document at /api/docs/json is written from the contracts: it must be a valid OpenAPI 3 document that a
// maintained validator accepts, and describe every operation with its answers.

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: { paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.call('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    document = res.body;
  });
  afterAll(() => t.close());

  it('validates under @readme/openapi-parser without errors', async () => {
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
  });

  it('documents every contract, each with its success answer and its error envelope: 100 %', () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
    );
    const documented = new Set(operations.map((o) => `${o.method} ${o.path}`));
    const missing = ENDPOINTS.map((e) => `${e.method} /api${e.path.replace(/:(\w+)/g, '{$1}')}`).filter(
      (key) => !documented.has(key),
    );
    expect(missing).toEqual([]);
    const answered = operations.filter(({ operation }) =>
      Object.entries(operation.responses ?? {}).some(
        ([status, response]) => status.startsWith('2') && Object.values(response.content ?? {}).some((c) => c.schema),
      ),
    );
    const withErrors = operations.filter(({ operation }) => operation.responses?.['400']?.content);
    const unanswered = operations.filter((o) => !answered.includes(o)).map((o) => `${o.method} ${o.path}`);
    expect(unanswered).toEqual([]);
    expect(`${answered.length} of ${operations.length}`).toBe(`${operations.length} of ${operations.length}`);
    expect(withErrors.length).toBe(operations.length);
  });
});
