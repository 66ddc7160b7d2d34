import type { Access } from '@duka/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/connection.ts';
import type { RequestContext } from './audit.ts';
import { AppError, accessDenied, unauthenticated } from './errors.ts';
import { type Actor, authenticate } from './sessions.ts';

// The guard. Every route's contract declares who may call it (its `access`: 'public', 'signedIn', a permission key or
// any of several keys), which platform/route.ts copies into `config.access`. A route without a declaration stops the
// server from starting, so nothing is left open by omission; keys are `PermissionKey`s, so a misspelt key does not
// compile.

export type { Access };

/** Whether the actor's keys satisfy a route's declared access (signed in already). */
export function isAllowed(keys: ReadonlySet<string>, access: Access): boolean {
  if (typeof access !== 'object') return true;
  return 'anyOf' in access ? access.anyOf.some((key) => keys.has(key)) : keys.has(access.permission);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Reachable while the user must change the password first (sign-out, the change itself, the shell). */
    allowedBeforePasswordChange?: boolean;
    /** A session check must not keep the session alive by itself. */
    keepsSessionIdle?: boolean;
  }
  interface FastifyRequest {
    actor?: Actor;
  }
  interface FastifyInstance {
    routeTable: { method: string; url: string; access: Access }[];
  }
}

export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}

export function requestContext(request: FastifyRequest): RequestContext {
  return { userId: request.actor?.userId ?? null, ip: request.ip, userAgent: request.headers['user-agent'] };
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  const token = header.slice(7).trim();
  return token.length > 0 && token.length <= 200 ? token : undefined;
}

export const accessPlugin = fp(async (app: FastifyInstance, opts: { db: Database }) => {
  app.decorate('routeTable', []);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} does not declare its access.`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.routeTable.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const access = config?.access;
    if (!access) return;
    const token = bearerToken(request);
    if (token) request.actor = await authenticate(opts.db, token, !config.keepsSessionIdle);
    if (access === 'public') return;
    const actor = request.actor;
    if (!actor) throw unauthenticated();
    if (actor.mustChangePassword && !config.allowedBeforePasswordChange) {
      throw new AppError('forbidden', 'You must change your password before continuing.', undefined, {
        password_change_required: true,
      });
    }
    if (!isAllowed(actor.keys, access)) throw accessDenied();
  });
});
