import type { Endpoint } from '../contract/endpoint.ts';
import { brandEndpoints } from './brands.ts';
import { serviceEndpoints } from './service.ts';

// Every endpoint's contract, by domain. The server fails to start when a route has no contract here or a contract
// has no route; the API tests check every answer they receive against its contract.

export const API = {
  service: serviceEndpoints,
  brand: brandEndpoints,
} as const;

/** Every contract, flattened out of the domains' groups (a list's three calls are one group). */
export const ENDPOINTS: readonly Endpoint[] = collect(API);

function collect(group: object): Endpoint[] {
  return Object.values(group).flatMap((value) =>
    value && typeof value === 'object' && 'method' in value && 'path' in value
      ? [value as Endpoint]
      : collect(value as object),
  );
}

export * from './brands.ts';
export * from './common.ts';
export * from './service.ts';
