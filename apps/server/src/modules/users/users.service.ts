// Staff accounts: a temporary password on creation, lock/unlock, and deletion that
// ends the user's sessions. Nobody can lock or delete themself.
import type { UserCreateInput, UserUpdateInput } from '@duka/shared';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { describeChanges, type RequestContext, writeAudit } from '../../platform/audit.ts';
import { AppError, accessDenied, invalidField, notFound } from '../../platform/errors.ts';
import { matchesSearch } from '../../platform/listing.ts';
import { enqueueMail, isMailConfigured, readEmailSettings } from '../../platform/mail.ts';
import { generateTemporaryPassword, hashPassword } from '../../platform/passwords.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { endUserSessions } from '../../platform/sessions.ts';
import { newNumber } from '../../platform/tokens.ts';
import { registerTrashKind } from '../../platform/trash.ts';
import { clearSignInFailures } from '../auth/sign-in-limits.ts';

type Trx = Transaction<DB>;

export const userKind = registerTrashKind({
  model: 'user',
  label: 'User',
  table: 'users',
  nameSql: "name || ' (' || email || ')'",
  refuseDelete: async (trx, id, ctx) => {
    if (id === ctx.userId) return 'You cannot delete your own account.';
    await assertMayManageUser(trx, ctx, id);
    if (await isLastAdministrator(trx, id)) return 'This is the last Administrator account; it cannot be deleted.';
    return undefined;
  },
  afterDelete: (trx, id) => endUserSessions(trx, id),
  // The trash key is public: an Administrator's account comes back or goes for good only by an Administrator.
  refusePurge: async (trx, id, ctx) => {
    await assertMayManageUser(trx, ctx, id);
    return undefined;
  },
  refuseRestore: async (trx, id, ctx) => {
    await assertMayManageUser(trx, ctx, id);
    const role = await trx
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .select('roles.deleted_at')
      .where('users.id', '=', id)
      .executeTakeFirstOrThrow();
    return role.deleted_at ? "Restore this user's role first." : undefined;
  },
});

/** An Administrator's account is changed only by an Administrator (see assertMayManageRoles). */
async function assertMayManageUser(trx: Trx, ctx: RequestContext, id: number) {
  const user = await trx.selectFrom('users').select('role_id').where('id', '=', id).executeTakeFirstOrThrow();
  await assertMayManageRoles(trx, ctx, [user.role_id]);
}

/** Whether this user is the only Administrator who can still sign in: locking them would leave the shop without one. */
export async function isLastAdministrator(trx: Trx, id: number) {
  const admins = await trx
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select('users.id')
    .where('roles.is_admin', '=', true)
    .where('users.deleted_at', 'is', null)
    .where('users.is_locked', '=', false)
    .execute();
  return admins.length === 1 && admins[0]?.id === id;
}

/** E-mail, phone and NIN belong to one live user each; a clash is a 422 under the field. */
export async function assertContactsFree(
  trx: Trx,
  input: { email: string; phone_number: string; nin?: string },
  exceptId?: number,
) {
  const checks: [keyof typeof input, string, string][] = [
    ['email', 'The email has already been taken.', 'lower(email)'],
    ['phone_number', 'The phone number has already been taken.', 'phone_number'],
    ['nin', 'The NIN has already been taken.', 'nin'],
  ];
  for (const [field, message, column] of checks) {
    const value = input[field];
    if (value === undefined) continue;
    let query = trx
      .selectFrom('users')
      .select('id')
      .where(sql.raw(column), '=', field === 'email' ? value.toLowerCase() : value)
      .where('deleted_at', 'is', null);
    if (exceptId) query = query.where('id', '<>', exceptId);
    if (await query.executeTakeFirst()) throw invalidField(field, message);
  }
}

async function assertRoleExists(trx: Trx, roleId: number) {
  const role = await trx
    .selectFrom('roles')
    .select('id')
    .where('id', '=', roleId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!role) throw invalidField('role_id', 'Role is required.');
}

/**
 * Private keys come only with the Administrator role, so only an Administrator may give that role or
 * edit an account that holds it (its e-mail would otherwise let a password reset take it over).
 */
async function assertMayManageRoles(trx: Trx, ctx: RequestContext, roleIds: number[]) {
  const adminRole = await trx
    .selectFrom('roles')
    .select('id')
    .where('id', 'in', roleIds)
    .where('is_admin', '=', true)
    .executeTakeFirst();
  if (!adminRole) return;
  const actor = ctx.userId
    ? await trx
        .selectFrom('users')
        .innerJoin('roles', 'roles.id', 'users.role_id')
        .select('roles.is_admin')
        .where('users.id', '=', ctx.userId)
        .executeTakeFirst()
    : undefined;
  if (!actor?.is_admin) throw accessDenied();
}

export interface UserFilter {
  search?: string;
  gender?: string;
  role?: number;
}

/** The users list's rows, filtered, searched and newest first (the list and its exports: userList). */
export function userQuery(db: Database, query: UserFilter) {
  let q = db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select([
      'u.id',
      'u.user_number',
      'u.name',
      'u.gender',
      'u.nin',
      'u.phone_number',
      'u.email',
      'u.role_id',
      'r.name as role',
      'r.is_admin as role_is_admin',
      // Locked by an admin or, for a while, by failed sign-ins: either way the user cannot sign in.
      sql<number>`CASE WHEN u.is_locked OR u.locked_until > now() THEN 1 ELSE 0 END`.as('is_locked'),
      'u.environment',
      'u.created_at',
    ])
    .where('u.deleted_at', 'is', null);
  if (query.gender) q = q.where('u.gender', '=', query.gender);
  if (query.role) q = q.where('u.role_id', '=', query.role);
  if (query.search) {
    q = q.where((eb) =>
      matchesSearch(
        eb,
        ['u.name', 'u.email', 'u.user_number', 'u.phone_number', 'u.nin', 'r.name'],
        query.search as string,
      ),
    );
  }
  return q.orderBy('u.created_at', 'desc').orderBy('u.id', 'desc');
}

export type UserRow = Awaited<ReturnType<ReturnType<typeof userQuery>['execute']>>[number];

/** A listed user with the status the screen and the files show. */
export const withStatus = (user: UserRow) => ({ ...user, status: user.is_locked ? 'Locked' : 'Unlocked' });

export async function getUser(db: Database | Trx, id: number) {
  const user = await userQuery(db as Database, {})
    .where('u.id', '=', id)
    .executeTakeFirst();
  if (!user) throw notFound('User');
  return user;
}

/**
 * Creates the user with a temporary password, returned once to the creating admin and e-mailed when mail is
 * configured (`mailed`); otherwise the admin hands it over in person, and no mail that could never leave is queued.
 */
export async function createUser(db: Database, secrets: SecretBox, input: UserCreateInput, ctx: RequestContext) {
  return db.transaction().execute(async (trx) => {
    await assertContactsFree(trx, input);
    await assertRoleExists(trx, input.role_id);
    await assertMayManageRoles(trx, ctx, [input.role_id]);
    const temporaryPassword = generateTemporaryPassword();
    const passwordHash = await hashPassword(temporaryPassword);
    const user = await trx
      .insertInto('users')
      .values({
        ...input,
        user_number: newNumber('UR'),
        password_hash: passwordHash,
        must_change_password: true,
        password_changed_at: new Date(),
        created_by: ctx.userId,
      })
      .returning(['id', 'user_number', 'name', 'email'])
      .executeTakeFirstOrThrow();
    await trx.insertInto('password_history').values({ user_id: user.id, password_hash: passwordHash }).execute();
    const mailed = isMailConfigured(await readEmailSettings(trx));
    if (mailed) {
      await enqueueMail(
        trx,
        user.email,
        'Your Duka account',
        `An account was created for you. Sign in with this e-mail address and the temporary password ${temporaryPassword}, then choose your own password.`,
        secrets,
      );
    }
    await writeAudit(trx, ctx, {
      type: 'User',
      activity: 'Create',
      details: `Created user "${user.name}" (${user.user_number})`,
    });
    return { ...user, temporary_password: temporaryPassword, mailed };
  });
}

export async function updateUser(db: Database, id: number, input: UserUpdateInput, ctx: RequestContext) {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('users')
      .select(['name', 'gender', 'nin', 'phone_number', 'email', 'role_id'])
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('User');
    await assertMayManageRoles(trx, ctx, [before.role_id, input.role_id]);
    await assertContactsFree(trx, input, id);
    await assertRoleExists(trx, input.role_id);
    if (before.role_id !== input.role_id && (await isLastAdministrator(trx, id))) {
      throw new AppError('conflict', 'This is the last Administrator account; its role cannot change.');
    }
    await trx
      .updateTable('users')
      .set({ ...input, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, ctx, {
      type: 'User',
      activity: 'Update',
      details: `User ${id} ${describeChanges(before, input)}`,
    });
    // The address is where password resets and codes go: moving it is worth a row of its own in the log.
    if (before.email.toLowerCase() !== input.email.toLowerCase()) {
      await writeAudit(trx, ctx, {
        type: 'User',
        activity: 'Email change',
        details: `E-mail of user "${input.name}" (id ${id}) changed from ${before.email} to ${input.email}`,
      });
    }
  });
}

/** Locks an unlocked user (ending their sessions) or unlocks a locked one; returns the new state. */
export async function toggleLock(db: Database, id: number, ctx: RequestContext): Promise<boolean> {
  if (id === ctx.userId) throw new AppError('conflict', 'You cannot lock your own account.');
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['is_locked', 'locked_until', 'name', 'role_id'])
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!user) throw notFound('User');
    await assertMayManageRoles(trx, ctx, [user.role_id]);
    const lockedOut = user.locked_until !== null && user.locked_until.getTime() > Date.now();
    const locking = !(user.is_locked || lockedOut);
    if (locking && (await isLastAdministrator(trx, id))) {
      throw new AppError('conflict', 'This is the last Administrator account; it cannot be locked.');
    }
    await trx
      .updateTable('users')
      .set(locking ? { is_locked: true } : { is_locked: false, last_login_at: new Date() })
      .where('id', '=', id)
      .execute();
    if (!locking) await clearSignInFailures(trx, id);
    if (locking) await endUserSessions(trx, id);
    await writeAudit(trx, ctx, {
      type: 'User',
      activity: locking ? 'Lock' : 'Unlock',
      details: `${locking ? 'Locked' : 'Unlocked'} user "${user.name}" (id ${id})`,
    });
    return locking;
  });
}
