import { API, formatDay, GENDERS, profileUpdateSchema, userList, userUpdateSchema } from '@duka/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext, requireActor } from '../../platform/access.ts';
import { accessDenied } from '../../platform/errors.ts';
import { sendRecordPdf } from '../../platform/exports.ts';
import { registerList } from '../../platform/list-routes.ts';
import { route } from '../../platform/route.ts';
import { deleteRecords } from '../../platform/trash.ts';
import { parseInput } from '../../platform/validate.ts';
import type { AppServices } from '../../services.ts';
import { updateOwnProfile } from '../profile/profile.service.ts';
import * as users from './users.service.ts';

export const userRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, mail, secrets, timeZone }) => {
  const endpoints = API.user;
  // Declared in packages/shared/src/lists: the list, its exports and the answer's shape (endpoints.userList).
  registerList(
    app,
    userList,
    { rows: (query: users.UserFilter) => users.userQuery(db, query), present: users.withStatus },
    timeZone,
  );

  route(app, endpoints.genders, async () => ({
    success: true as const,
    data: GENDERS.map((gender) => ({ gender })),
  }));

  route(app, endpoints.store, async (request) => {
    const user = await users.createUser(db, secrets, request.body, requestContext(request));
    void mail.kick();
    const handover = user.mailed
      ? 'The temporary password has been e-mailed to them.'
      : 'No mail server is configured: hand them the temporary password in person.';
    return { success: true as const, message: `User created successfully! ${handover}`, data: user };
  });

  route(app, endpoints.show, async (request) => {
    const user = await users.getUser(db, request.params.id);
    // The query's CASE gives 0 or 1; its `sql<number>` does not say so.
    return { success: true as const, data: { ...user, is_locked: user.is_locked ? (1 as const) : (0 as const) } };
  });

  // One call for two screens: a user's own profile (name, e-mail, phone) and an administrator's edit (userEdit).
  route(app, endpoints.update, async (request) => {
    const actor = requireActor(request);
    const ctx = requestContext(request);
    if (request.params.id === actor.userId) {
      // Gender, NIN and role are not one's own to change: the profile rules apply, whatever the keys.
      await updateOwnProfile(db, actor, parseInput(profileUpdateSchema, request.body), ctx);
      void mail.kick();
      return { success: true as const, message: 'Personal details updated successfully!' };
    }
    if (!actor.keys.has('userEdit')) throw accessDenied();
    await users.updateUser(db, request.params.id, parseInput(userUpdateSchema, request.body), ctx);
    return { success: true as const, message: 'User updated successfully!' };
  });

  route(app, endpoints.delete, async (request) => {
    await deleteRecords(db, users.userKind, [request.params.id], requestContext(request));
    return { success: true as const, message: 'User deleted successfully!' };
  });

  route(app, endpoints.bulkDelete, async (request) => {
    const ids = request.body.user_ids as number[];
    const count = await deleteRecords(db, users.userKind, ids, requestContext(request));
    return { success: true as const, message: `${count} user(s) deleted successfully!` };
  });

  route(app, endpoints.lockUnlock, async (request) => {
    const locked = await users.toggleLock(db, request.params.id, requestContext(request));
    return {
      success: true as const,
      message: locked ? 'User locked successfully!' : 'User unlocked successfully!',
      data: { is_locked: locked ? (1 as const) : (0 as const) },
    };
  });

  route(app, endpoints.pdf, async (request, reply) => {
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
