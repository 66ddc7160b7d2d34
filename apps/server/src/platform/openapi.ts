import { FILE_TYPES, isFileAnswer } from '@duka/shared';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

// The OpenAPI document is written from the routes' contracts: inputs and JSON answers by the zod transform, and a
// download's answer as a file of its declared content type.

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route?: { config?: { endpoint?: unknown } } };

export function openApiTransform(input: TransformInput) {
  const transformed = jsonSchemaTransform(input);
  const endpoint = (input.route?.config as { endpoint?: import('@duka/shared').Endpoint } | undefined)?.endpoint;
  if (!endpoint || !isFileAnswer(endpoint.answer)) return transformed;
  const schema = transformed.schema as { response?: Record<string, unknown> };
  schema.response = {
    ...schema.response,
    [endpoint.status ?? 200]: {
      description: `The file (${Object.entries(FILE_TYPES).find(([, type]) => type === (endpoint.answer as { file: string }).file)?.[0] ?? 'download'})`,
      content: { [endpoint.answer.file]: { schema: { type: 'string', format: 'binary' } } },
    },
  };
  return transformed;
}
