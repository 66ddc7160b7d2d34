import { API, type ListQuery, roleList } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/access.ts';
import { registerCrudRoutes } from '../../platform/crud-routes.ts';
import { route } from '../../platform/route.ts';
import type { AppServices } from '../../services.ts';
import * as roles from './roles.service.ts';

export const roleRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, timeZone }) => {
  const endpoints = API.role;
  registerCrudRoutes(app, db, {
    endpoints,
    kind: roles.roleKind,
    idsField: 'role_ids',
    service: { get: roles.getRole, create: roles.createRole, update: roles.updateRole },
    messages: { label: 'Role', plural: 'role' },
    // Declared in packages/shared/src/lists (roleList): the list and the answer's shape.
    declared: {
      declaration: roleList,
      source: { rows: (query: ListQuery) => roles.roleQuery(db, query.search) },
      timeZone,
    },
  });

  route(app, endpoints.assignedMenus, async (request) => ({
    success: true as const,
    ...(await roles.assignedMenus(db, request.params.id)),
  }));

  route(app, endpoints.assignMenus, async (request) => {
    await roles.assignMenus(db, request.params.id, request.body.selectedMenus, requestContext(request));
    return { success: true as const, message: 'Permissions assigned successfully!' };
  });
};
