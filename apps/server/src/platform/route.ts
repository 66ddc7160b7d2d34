import {
  answersOf,
  type BodyOf,
  type Endpoint,
  isFileAnswer,
  type ParamsOf,
  type QueryOf,
  type ReturnOf,
} from '@duka/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';

// Registers a route from its contract (packages/shared/src/contract): method, path, inputs, access and every answer's
// schema come from the contract, so a route cannot drift from what the web and the OpenAPI document are told. The
// answer is serialized through its schema: a field the contract does not declare never leaves the server.

export type ContractRequest<E extends Endpoint> = FastifyRequest<{
  Params: ParamsOf<E>;
  Querystring: QueryOf<E>;
  Body: BodyOf<E>;
}>;

/** A handler typed by its contract: it returns the declared answer, or sends a file itself through `reply`. */
export type ContractHandler<E extends Endpoint> = (
  request: ContractRequest<E>,
  reply: FastifyReply,
) => Promise<E['answer'] extends z.ZodType ? ReturnOf<E> | FastifyReply : FastifyReply | unknown>;

/** Route options a contract does not carry: rate limits, body limits, the password-change and idle flags. */
export type RouteExtras = Pick<RouteOptions, 'bodyLimit'> & {
  config?: Omit<NonNullable<RouteOptions['config']>, 'access'>;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract the route was registered from (platform/route.ts). */
    endpoint?: Endpoint;
  }
}

export function route<const E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: ContractHandler<E>,
  extras: RouteExtras = {},
) {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    bodyLimit: extras.bodyLimit,
    config: { ...extras.config, access: endpoint.access, endpoint },
    schema: {
      ...(endpoint.params && { params: endpoint.params }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(endpoint.body && { body: endpoint.body }),
      ...(endpoint.summary && { summary: endpoint.summary }),
      response: responseSchemas(endpoint),
    },
    handler: handler as RouteOptions['handler'],
  });
}

/** Each declared status's schema; a file's status is described by the OpenAPI transform (openapi.ts). */
function responseSchemas(endpoint: Endpoint): Record<number, z.ZodType> {
  const schemas: Record<number, z.ZodType> = {};
  for (const [status, answer] of answersOf(endpoint)) {
    schemas[status] = isFileAnswer(answer) ? FILE_BODY : answer;
  }
  return schemas;
}

/** A file's body in the route's schema: never serialized (a buffer or stream is sent as it is). */
const FILE_BODY = z.string().meta({ format: 'binary' });

/**
 * Holds the server to the contracts: a route under /api registered without a contract stops the server as it is
 * registered, and `assertAllRegistered` (called once every module is in) stops it when a contract has no route.
 */
export function holdToContracts(app: FastifyInstance, contracts: readonly Endpoint[]) {
  const registered = new Set<string>();
  const keyOf = (method: string, path: string) => `${method} ${path}`;
  app.addHook('onRoute', (options) => {
    if (!options.url.startsWith('/api')) return;
    for (const method of [options.method].flat()) {
      if (method === 'HEAD') continue;
      const endpoint = options.config?.endpoint;
      if (!endpoint) throw new Error(`${method} ${options.url} has no contract (packages/shared/src/endpoints).`);
      registered.add(keyOf(endpoint.method, endpoint.path));
    }
  });
  return {
    assertAllRegistered() {
      const missing = contracts.filter((e) => !registered.has(keyOf(e.method, e.path)));
      if (missing.length) {
        throw new Error(`Contracts without a route: ${missing.map((e) => keyOf(e.method, e.path)).join(', ')}`);
      }
    },
  };
}
