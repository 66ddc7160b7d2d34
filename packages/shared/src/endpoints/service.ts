import { z } from 'zod';
import { defineEndpoint } from '../contract/endpoint.ts';

// The service's own calls: whether it and its database answer, and the OpenAPI document.

const openApiDocument = z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) });

export const serviceEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/health',
    access: 'public',
    resource: 'health',
    summary: 'Whether the server and its database answer',
    answer: z.object({ success: z.literal(true), status: z.literal('ok') }),
    errors: [503],
  }),
  openApi: defineEndpoint({
    method: 'GET',
    path: '/docs/json',
    access: 'public',
    resource: 'docs',
    summary: 'This API as an OpenAPI 3 document',
    answer: openApiDocument,
  }),
  /** The same document at its first address. */
  openApiAtDocs: defineEndpoint({
    method: 'GET',
    path: '/docs',
    access: 'public',
    resource: 'docs',
    summary: 'This API as an OpenAPI 3 document',
    answer: openApiDocument,
  }),
};
