import { z } from 'zod';
import { userCreateSchema, type userUpdateSchema } from '../accounts.schemas.ts';
import type { profileUpdateSchema } from '../auth.schemas.ts';
import { GENDERS } from '../constants.ts';
import { can, defineEndpoint, done, doneWith, file, ok } from '../contract/endpoint.ts';
import { listEndpoints } from '../contract/lists.ts';
import { idListSchema, idParamSchema } from '../list.schemas.ts';
import { userList, userRowSchema } from '../lists/people-lists.ts';

// Staff accounts: the users list and its files, a user's record and PDF, creation with a temporary password, edit,
// lock/unlock and deletion.

/** A user's record (the show call and the PDF): the list's row without its status. */
export const userShown = userRowSchema.omit({ status: true });
export type UserShown = z.output<typeof userShown>;

/** The created user and the temporary password, shown once; `mailed`: it was e-mailed to them too. */
export const createdUser = z.object({
  id: z.number(),
  user_number: z.string(),
  name: z.string(),
  email: z.string(),
  temporary_password: z.string(),
  mailed: z.boolean(),
});
export type CreatedUser = z.output<typeof createdUser>;

/**
 * One call for two forms: one's own profile (profileUpdateSchema: name, e-mail, phone, and the current password when
 * the e-mail changes) and an administrator's edit of another user (userUpdateSchema, with userEdit). The handler
 * checks the body against the one that applies, so the route passes it on as sent.
 */
export const userUpdateBody = z
  .looseObject({})
  .optional()
  .describe('userUpdateSchema, or profileUpdateSchema for one’s own account') as unknown as z.ZodType<
  Record<string, unknown> | undefined,
  z.input<typeof userUpdateSchema> | z.input<typeof profileUpdateSchema>
>;

export const usersEndpoints = {
  userList: listEndpoints(userList),
  genders: defineEndpoint({
    method: 'GET',
    path: '/usergender',
    access: can('userList'),
    resource: 'user',
    answer: ok(z.array(z.object({ gender: z.enum(GENDERS) }))),
    summary: 'The genders a user may have (the forms’ select)',
  }),
  store: defineEndpoint({
    method: 'POST',
    path: '/userstore',
    access: can('userAdd'),
    resource: 'user',
    body: userCreateSchema,
    answer: doneWith(createdUser),
    summary: 'Create a user with a temporary password',
  }),
  show: defineEndpoint({
    method: 'GET',
    path: '/usershow/:id',
    access: can('userList'),
    resource: 'user',
    params: idParamSchema,
    answer: ok(userShown),
    summary: 'A user',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/userupdate/:id',
    access: 'signedIn',
    resource: ['user', 'session'],
    params: idParamSchema,
    body: userUpdateBody,
    answer: done,
    errors: [404, 409],
    summary: 'Edit a user (userEdit), or one’s own profile (name, e-mail, phone)',
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/userdelete/:id',
    access: can('userDelete'),
    resource: 'user',
    params: idParamSchema,
    answer: done,
    errors: [409],
    summary: 'Move a user to the trash (their sessions end)',
  }),
  bulkDelete: defineEndpoint({
    method: 'DELETE',
    path: '/usersdelete',
    access: can('userBulkDelete'),
    resource: 'user',
    body: idListSchema('user_ids'),
    answer: done,
    errors: [404, 409],
    summary: 'Move several users to the trash',
  }),
  lockUnlock: defineEndpoint({
    method: 'PUT',
    path: '/userlockunlock/:id',
    access: can('userLockUnlock'),
    resource: 'user',
    params: idParamSchema,
    answer: doneWith(z.object({ is_locked: z.union([z.literal(0), z.literal(1)]) })),
    errors: [409],
    summary: 'Lock an unlocked user (their sessions end) or unlock a locked one',
  }),
  pdf: defineEndpoint({
    method: 'GET',
    path: '/userpdf/:id',
    access: can('userList'),
    resource: 'user',
    params: idParamSchema,
    answer: file('pdf'),
    summary: 'A user’s record as a PDF',
  }),
};
