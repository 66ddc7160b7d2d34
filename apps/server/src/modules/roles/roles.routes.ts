import { assignMenusSchema, idParamSchema, listQuerySchema, roleCreateSchema, roleUpdateSchema } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { can, requestContext } from '../../platform/access.ts';
import { registerLegacyCrudRoutes } from '../../platform/crud-routes-legacy.ts';
import type { AppServices } from '../../services.ts';
import * as roles from './roles.service.ts';

export const roleRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db }) => {
  registerLegacyCrudRoutes(app, db, {
    word: 'role',
    kind: roles.roleKind,
    paths: {
      list: '/rolelist',
      store: '/rolestore',
      show: '/roleshow',
      update: '/roleupdate',
      delete: '/roledelete',
      bulkDelete: '/rolesdelete',
    },
    idsField: 'role_ids',
    schemas: { create: roleCreateSchema, update: roleUpdateSchema, list: listQuerySchema },
    service: { list: roles.listRoles, get: roles.getRole, create: roles.createRole, update: roles.updateRole },
    messages: { label: 'Role', plural: 'role' },
  });

  app.get('/assignedmenus/:id', { config: can('roleEdit'), schema: { params: idParamSchema } }, async (request) => ({
    success: true,
    ...(await roles.assignedMenus(db, request.params.id)),
  }));

  app.post(
    '/assignmenus/:id',
    { config: can('roleEdit'), schema: { params: idParamSchema, body: assignMenusSchema } },
    async (request) => {
      await roles.assignMenus(db, request.params.id, request.body.selectedMenus, requestContext(request));
      return { success: true, message: 'Permissions assigned successfully!' };
    },
  );
};
