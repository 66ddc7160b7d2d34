import { API, defineEndpoint, file, ok } from '@duka/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkAnswer, contractOf } from './contract-check.ts';

// The check every API test's answers pass through (test-app.ts): it must fail on what a drifted server would send.

const endpoint = defineEndpoint({
  method: 'GET',
  path: '/thingshow/:id',
  access: { permission: 'productList' },
  resource: 'thing',
  params: z.object({ id: z.number() }),
  answer: ok(z.object({ id: z.number(), name: z.string(), note: z.string().nullable() })),
  errors: [409],
});
const good = { success: true, data: { id: 1, name: 'Cement', note: null } };

describe('the contract check', () => {
  it('passes an answer exactly as declared', () => {
    expect(() => checkAnswer(endpoint, { status: 200, body: good })).not.toThrow();
  });

  it('fails on a field the contract does not declare, naming it', () => {
    const body = { ...good, data: { ...good.data, password_hash: 'x' } };
    expect(() => checkAnswer(endpoint, { status: 200, body })).toThrow(/does not declare: data\.password_hash/);
  });

  it('fails on a missing field and on a wrong type', () => {
    expect(() => checkAnswer(endpoint, { status: 200, body: { success: true, data: { id: 1, note: null } } })).toThrow(
      /data\.name/,
    );
    expect(() => checkAnswer(endpoint, { status: 200, body: { ...good, data: { ...good.data, id: '1' } } })).toThrow(
      /data\.id/,
    );
  });

  it('fails on a status the contract does not declare, and on an error outside the envelope', () => {
    expect(() => checkAnswer(endpoint, { status: 201, body: good })).toThrow(/does not declare/);
    expect(() => checkAnswer(endpoint, { status: 409, body: { success: false, message: 'In use.' } })).not.toThrow();
    expect(() => checkAnswer(endpoint, { status: 409, body: { error: 'In use.' } })).toThrow(/409/);
    expect(() => checkAnswer(endpoint, { status: 500, body: { success: false, message: 'x' } })).toThrow(
      /does not declare/,
    );
  });

  it('checks a file by its content type', () => {
    const pdf = { ...endpoint, answer: file('pdf') };
    expect(() =>
      checkAnswer(pdf, { status: 200, body: Buffer.from('%PDF'), contentType: 'application/pdf' }),
    ).not.toThrow();
    expect(() => checkAnswer(pdf, { status: 200, body: '{}', contentType: 'application/json' })).toThrow(/pdf/);
  });

  it('finds the contract of an address, with its params, trailing slash and query', () => {
    expect(contractOf('GET', '/api/brandshow/12')).toBe(API.brand.show);
    expect(contractOf('GET', '/api/brandlist/?page=2')).toBe(API.brand.list);
    expect(contractOf('POST', '/api/brandshow/12')).toBeUndefined();
  });
});
