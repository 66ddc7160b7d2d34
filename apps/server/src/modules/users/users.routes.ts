import {
  formatDay,
  GENDERS,
  idListSchema,
  idParamSchema,
  profileUpdateSchema,
  userCreateSchema,
  userList,
  userUpdateSchema,
} from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { can, requestContext, requireActor } from '../../platform/access.ts';
import { accessDenied } from '../../platform/errors.ts';
import { sendRecordPdf } from '../../platform/exports.ts';
import { registerList } from '../../platform/list-routes.ts';
import { deleteRecords } from '../../platform/trash.ts';
import { parseInput } from '../../platform/validate.ts';
import type { AppServices } from '../../services.ts';
import { updateOwnProfile } from '../profile/profile.service.ts';
import * as users from './users.service.ts';

export const userRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, mail, secrets, timeZone }) => {
  // Declared in packages/shared/src/lists: the list, its exports and the answer's shape.
  registerList(
    app,
    userList,
    { rows: (query: users.UserFilter) => users.userQuery(db, query), present: users.withStatus },
    timeZone,
  );

  app.get('/usergender', { config: can('userList') }, async () => ({
    success: true,
    data: GENDERS.map((gender) => ({ gender })),
  }));

  app.post('/userstore', { config: can('userAdd'), schema: { body: userCreateSchema } }, async (request) => {
    const user = await users.createUser(db, secrets, request.body, requestContext(request));
    void mail.kick();
    const handover = user.mailed
      ? 'The temporary password has been e-mailed to them.'
      : 'No mail server is configured: hand them the temporary password in person.';
    return { success: true, message: `User created successfully! ${handover}`, data: user };
  });

  app.get('/usershow/:id', { config: can('userList'), schema: { params: idParamSchema } }, async (request) => ({
    success: true,
    data: await users.getUser(db, request.params.id),
  }));

  // One call for two screens: a user's own profile (name, e-mail, phone) and an administrator's edit (userEdit).
  app.put('/userupdate/:id', { config: { access: 'signedIn' }, schema: { params: idParamSchema } }, async (request) => {
    const actor = requireActor(request);
    const ctx = requestContext(request);
    if (request.params.id === actor.userId) {
      // Gender, NIN and role are not one's own to change: the profile rules apply, whatever the keys.
      await updateOwnProfile(db, actor, parseInput(profileUpdateSchema, request.body), ctx);
      void mail.kick();
      return { success: true, message: 'Personal details updated successfully!' };
    }
    if (!actor.keys.has('userEdit')) throw accessDenied();
    await users.updateUser(db, request.params.id, parseInput(userUpdateSchema, request.body), ctx);
    return { success: true, message: 'User updated successfully!' };
  });

  app.delete('/userdelete/:id', { config: can('userDelete'), schema: { params: idParamSchema } }, async (request) => {
    await deleteRecords(db, users.userKind, [request.params.id], requestContext(request));
    return { success: true, message: 'User deleted successfully!' };
  });

  app.delete(
    '/usersdelete',
    { config: can('userBulkDelete'), schema: { body: idListSchema('user_ids') } },
    async (request) => {
      const count = await deleteRecords(db, users.userKind, request.body.user_ids as number[], requestContext(request));
      return { success: true, message: `${count} user(s) deleted successfully!` };
    },
  );

  app.put(
    '/userlockunlock/:id',
    { config: can('userLockUnlock'), schema: { params: idParamSchema } },
    async (request) => {
      const locked = await users.toggleLock(db, request.params.id, requestContext(request));
      return {
        success: true,
        message: locked ? 'User locked successfully!' : 'User unlocked successfully!',
        data: { is_locked: locked ? 1 : 0 },
      };
    },
  );

  app.get('/userpdf/:id', { config: can('userList'), schema: { params: idParamSchema } }, async (request, reply) => {
    const user = await users.getUser(db, request.params.id);
    return sendRecordPdf(
      reply,
      `user_${user.id}`,
      `User ${user.user_number}`,
      [
        ['User number', user.user_number],
        ['Name', user.name],
        ['Gender', user.gender],
        ['NIN', user.nin],
        ['Contact', user.phone_number],
        ['Email', user.email],
        ['Role', user.role],
        ['Date', formatDay(user.created_at, timeZone)],
      ],
      timeZone,
    );
  });
};
