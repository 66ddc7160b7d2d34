import { z } from 'zod';
import { assignMenusSchema, roleCreateSchema, roleUpdateSchema } from '../accounts.schemas.ts';
import { recordEndpoints } from '../contract/crud.ts';
import { can, defineEndpoint, done, instant } from '../contract/endpoint.ts';
import { listEndpoints } from '../contract/lists.ts';
import { idParamSchema } from '../list.schemas.ts';
import { roleList } from '../lists/record-lists.ts';
import { environment, option } from './common.ts';

// Roles and the permission keys assigned to them, and their declared list (lists/record-lists.ts: roleRow). The
// built-in Administrator role (is_admin) holds every key and can be neither edited nor deleted.

export const roleShown = z.object({
  id: z.number(),
  name: z.string(),
  environment,
  is_admin: z.boolean(),
  created_at: instant,
});
export type RoleShown = z.output<typeof roleShown>;

/** A role's assigned keys (none listed for the Administrator role: it holds them all). */
export const assignedMenusAnswer = z.object({
  success: z.literal(true),
  role: z.object({ id: z.number(), name: z.string(), is_admin: z.boolean() }),
  assignedMenuNames: z.array(z.string()),
});
export type AssignedMenus = z.output<typeof assignedMenusAnswer>;

export const rolesEndpoints = {
  /** /rolelist, from its declaration. */
  ...listEndpoints(roleList),
  ...recordEndpoints({
    word: 'role',
    paths: {
      store: '/rolestore',
      show: '/roleshow',
      update: '/roleupdate',
      delete: '/roledelete',
      bulkDelete: '/rolesdelete',
    },
    idsField: 'role_ids',
    create: roleCreateSchema,
    update: roleUpdateSchema,
    shown: roleShown,
    made: option,
  }),
  assignedMenus: defineEndpoint({
    method: 'GET',
    path: '/assignedmenus/:id',
    access: can('roleEdit'),
    resource: 'role',
    params: idParamSchema,
    answer: assignedMenusAnswer,
    summary: 'The permission keys assigned to a role',
  }),
  assignMenus: defineEndpoint({
    method: 'POST',
    path: '/assignmenus/:id',
    access: can('roleEdit'),
    resource: ['role', 'session'],
    params: idParamSchema,
    body: assignMenusSchema,
    answer: done,
    errors: [409],
    summary: 'Replace the permission keys of a role',
  }),
};
