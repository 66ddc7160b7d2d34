// The signed-in user's own details and password.
import type { ChangePasswordInput, ProfileUpdateInput } from '@duka/shared';
import type { Database } from '../../db/connection.ts';
import { describeChanges, type RequestContext, writeAudit } from '../../platform/audit.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail.ts';
import { checkPasswordPolicy, hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { type Actor, endUserSessions } from '../../platform/sessions.ts';
import { readSecuritySettings } from '../../platform/settings-store.ts';
import { assertContactsFree } from '../users/users.service.ts';

export async function getPersonalDetails(db: Database, userId: number) {
  const user = await db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select([
      'users.id',
      'users.user_number',
      'users.name',
      'users.gender',
      'users.nin',
      'users.phone_number',
      'users.email',
      'users.role_id',
      'roles.name as role',
    ])
    .where('users.id', '=', userId)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!user) throw notFound('User');
  return user;
}

/**
 * Name, e-mail and phone only: gender, NIN and role are not the user's own to change. A new e-mail address takes
 * the current password (a session left open must not hand the account, and its password resets, to another inbox)
 * and the old address is told, so its owner learns of a change they did not make.
 */
export async function updateOwnProfile(db: Database, actor: Actor, input: ProfileUpdateInput, ctx: RequestContext) {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('users')
      .select(['name', 'email', 'phone_number', 'password_hash', 'temp_password_hash', 'temp_password_expires_at'])
      .where('id', '=', actor.userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const emailChanges = before.email.toLowerCase() !== input.email.toLowerCase();
    if (emailChanges && !(await currentPasswordMatches(before, input.current_password ?? ''))) {
      throw invalidField('current_password', 'The current password is incorrect.');
    }
    await assertContactsFree(trx, input, actor.userId);
    const after = { name: input.name, email: input.email, phone_number: input.phone_number };
    await trx
      .updateTable('users')
      .set({ ...after, updated_at: new Date() })
      .where('id', '=', actor.userId)
      .execute();
    if (emailChanges) {
      await enqueueMail(
        trx,
        before.email,
        'Your Duka e-mail address was changed',
        `The e-mail address of your Duka account was changed from ${before.email} to ${input.email}. If you did not make this change, tell your administrator at once.`,
      );
    }
    const { name, email, phone_number } = before;
    await writeAudit(trx, ctx, {
      type: 'User',
      activity: 'Update',
      details: `Own profile ${describeChanges({ name, email, phone_number }, after)}`,
    });
  });
}

/** The password, or a temporary one still valid: what the user signs in with is what proves it is them. */
async function currentPasswordMatches(
  user: { password_hash: string; temp_password_hash: string | null; temp_password_expires_at: Date | null },
  candidate: string,
) {
  if (!candidate) return false;
  const temporaryValid = user.temp_password_expires_at !== null && user.temp_password_expires_at.getTime() > Date.now();
  return (
    (await verifyPassword(user.password_hash, candidate)) ||
    (temporaryValid && (await verifyPassword(user.temp_password_hash, candidate)))
  );
}

export async function changePassword(db: Database, actor: Actor, input: ChangePasswordInput, ctx: RequestContext) {
  const policy = await readSecuritySettings(db);
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['password_hash', 'temp_password_hash', 'temp_password_expires_at'])
      .where('id', '=', actor.userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (!(await currentPasswordMatches(user, input.current_password)))
      throw invalidField('current_password', 'The current password is incorrect.');
    const broken = checkPasswordPolicy(input.new_password, policy);
    if (broken) throw invalidField('new_password', broken);
    const history = await trx
      .selectFrom('password_history')
      .select('password_hash')
      .where('user_id', '=', actor.userId)
      .orderBy('id', 'desc')
      .limit(policy.security_settings_history_counts)
      .execute();
    for (const hashed of [user.password_hash, ...history.map((h) => h.password_hash)]) {
      if (await verifyPassword(hashed, input.new_password)) {
        throw invalidField(
          'new_password',
          `The new password must differ from your last ${policy.security_settings_history_counts} passwords.`,
        );
      }
    }
    const newHash = await hashPassword(input.new_password);
    await trx
      .updateTable('users')
      .set({
        password_hash: newHash,
        password_changed_at: new Date(),
        must_change_password: false,
        temp_password_hash: null,
        temp_password_expires_at: null,
        updated_at: new Date(),
      })
      .where('id', '=', actor.userId)
      .execute();
    await trx.insertInto('password_history').values({ user_id: actor.userId, password_hash: newHash }).execute();
    // Other devices signed in with the old password are signed out; this one stays.
    await endUserSessions(trx, actor.userId, actor.sessionId);
    await writeAudit(trx, ctx, { type: 'User', activity: 'Password change', details: 'Changed own password' });
  });
}
