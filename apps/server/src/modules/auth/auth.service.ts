// Sign-in, the second factor, password reset and sign-out.
import { countOf, type LoginInput } from '@duka/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { type RequestContext, writeAudit } from '../../platform/audit.ts';
import { AppError, invalidField } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail.ts';
import { decoy, generateTemporaryPassword, hashPassword, verifyPassword } from '../../platform/passwords.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { type Actor, createSession, endSession } from '../../platform/sessions.ts';
import { readSecuritySettings } from '../../platform/settings-store.ts';
import { newOtp, sha256 } from '../../platform/tokens.ts';
import { isLastAdministrator } from '../users/users.service.ts';
import { clearAddressFailures, countFailure, rememberSignInAddress, signInGate } from './sign-in-limits.ts';

export const LOGIN_FAILED = 'Invalid email or password. Please try again.';
export const ACCOUNT_LOCKED = 'Your account is locked. Please contact your administrator.';
const OTP_VALID_MINUTES = 5;
const OTP_MAX_ATTEMPTS = 5;
const OTP_RESEND_SECONDS = 60;
const TEMP_PASSWORD_MINUTES = 30;
const RESET_COOLDOWN_SECONDS = 60;

export type LoginResult =
  | { kind: 'token'; token: string; mustChangePassword: boolean }
  | { kind: 'otp'; userId: number }
  | { kind: 'refused'; message: string; mailQueued?: boolean }
  | { kind: 'slowed'; message: string };

const tooManyFailures = (seconds: number) =>
  `Too many failed sign-ins on this account. Please wait ${countOf(seconds, 'second')} and try again.`;

const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000);

export async function login(
  db: Database,
  secrets: SecretBox,
  input: LoginInput,
  ctx: RequestContext,
): Promise<LoginResult> {
  const policy = await readSecuritySettings(db);
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .selectAll()
      .where(sql`lower(email)`, '=', input.email.toLowerCase())
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!user) {
      await verifyPassword(await decoy(), input.password);
      await writeAudit(trx, ctx, {
        type: 'Authentication',
        activity: 'Failed sign-in',
        details: `Unknown e-mail ${input.email}`,
      });
      return { kind: 'refused', message: LOGIN_FAILED };
    }
    const gate = await signInGate(trx, user, ctx.ip, policy.security_settings_login_attempt);
    if (gate.kind !== 'open') {
      // The same hashing as any other try, so a refusal's time does not tell a locked-out account from a wrong password.
      await verifyPassword(user.password_hash, input.password);
      const details =
        gate.kind === 'lockedOut'
          ? 'Sign-in from an address locked out of this account'
          : 'Sign-in from a new address while the account is slowed after failed sign-ins';
      await writeAudit(trx, ctx, { type: 'Authentication', activity: 'Failed sign-in', details }, user.id);
      return gate.kind === 'lockedOut'
        ? { kind: 'refused', message: LOGIN_FAILED }
        : { kind: 'slowed', message: tooManyFailures(gate.seconds) };
    }
    const now = Date.now();
    const matchesPassword = await verifyPassword(user.password_hash, input.password);
    const matchesTemporary =
      !matchesPassword &&
      user.temp_password_expires_at !== null &&
      user.temp_password_expires_at.getTime() > now &&
      (await verifyPassword(user.temp_password_hash, input.password));

    if (!(matchesPassword || matchesTemporary)) {
      const ownerWarned = await countFailure(trx, secrets, user, policy.security_settings_login_attempt, ctx);
      return { kind: 'refused', message: LOGIN_FAILED, mailQueued: ownerWarned };
    }
    await clearAddressFailures(trx, user.id, ctx.ip);
    const lastActivity = (user.last_login_at ?? user.created_at).getTime();
    const dormant = now - lastActivity > policy.dormant_account_expiry * 86_400_000;
    // The last Administrator is never locked as dormant: nobody would be left to unlock the shop.
    const keepsShopOpen = dormant && (await isLastAdministrator(trx, user.id));
    if (!user.is_locked && dormant && !keepsShopOpen) {
      await trx.updateTable('users').set({ is_locked: true }).where('id', '=', user.id).execute();
      await writeAudit(
        trx,
        ctx,
        {
          type: 'User',
          activity: 'Lock',
          details: `Locked as dormant: no sign-in for ${countOf(policy.dormant_account_expiry, 'day')}`,
        },
        user.id,
      );
    }
    if (user.is_locked || (dormant && !keepsShopOpen)) {
      await writeAudit(
        trx,
        ctx,
        { type: 'Authentication', activity: 'Failed sign-in', details: 'Account is locked' },
        user.id,
      );
      return { kind: 'refused', message: ACCOUNT_LOCKED };
    }
    const passwordExpired =
      matchesPassword && now - user.password_changed_at.getTime() > policy.security_settings_expiry * 30 * 86_400_000;
    const mustChangePassword = user.must_change_password || matchesTemporary || passwordExpired;
    await trx
      .updateTable('users')
      .set({ must_change_password: mustChangePassword })
      .where('id', '=', user.id)
      .execute();

    if (policy.security_settings_2fa === 'Yes') {
      await issueOtp(trx, secrets, user.id, user.email);
      await writeAudit(
        trx,
        ctx,
        { type: 'Authentication', activity: 'Second factor requested', details: 'One-time code e-mailed' },
        user.id,
      );
      return { kind: 'otp', userId: user.id };
    }
    const token = await startSession(trx, user.id, ctx);
    return { kind: 'token', token, mustChangePassword };
  });
}

type Trx = Parameters<Parameters<ReturnType<Database['transaction']>['execute']>[0]>[0];

async function startSession(trx: Trx, userId: number, ctx: RequestContext): Promise<string> {
  const token = await createSession(trx, userId);
  await trx.updateTable('users').set({ last_login_at: new Date() }).where('id', '=', userId).execute();
  await rememberSignInAddress(trx, userId, ctx.ip);
  await writeAudit(trx, ctx, { type: 'Authentication', activity: 'Sign in', details: 'Signed in' }, userId);
  return token;
}

/** A new code replaces any earlier one of the same sign-in, keeping its start and wrong tries; only its hash is kept. */
async function issueOtp(
  trx: Trx,
  secrets: SecretBox,
  userId: number,
  email: string,
  signIn: { startedAt: Date; wrongTries: number } = { startedAt: new Date(), wrongTries: 0 },
) {
  const code = newOtp();
  await trx
    .updateTable('otps')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  await trx
    .insertInto('otps')
    .values({
      user_id: userId,
      code_hash: sha256(`${userId}:${code}`),
      attempts: signIn.wrongTries,
      sign_in_started_at: signIn.startedAt,
      expires_at: minutesFromNow(OTP_VALID_MINUTES),
    })
    .execute();
  await enqueueMail(
    trx,
    email,
    'Your sign-in code',
    `Your one-time sign-in code is ${code}. It is valid for ${OTP_VALID_MINUTES} minutes and can be used once.`,
    secrets,
  );
}

export async function verifyOtp(db: Database, userId: number, code: string, ctx: RequestContext) {
  const outcome = await db.transaction().execute(async (trx) => {
    const otp = await trx
      .selectFrom('otps')
      .selectAll()
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .orderBy('id', 'desc')
      .forUpdate()
      .executeTakeFirst();
    if (!otp || otp.expires_at.getTime() <= Date.now())
      return { error: 'The code has expired. Request a new one, or sign in again.' };
    if (otp.code_hash !== sha256(`${userId}:${code}`)) {
      const attempts = otp.attempts + 1;
      await trx
        .updateTable('otps')
        .set({ attempts, used_at: attempts >= OTP_MAX_ATTEMPTS ? new Date() : null })
        .where('id', '=', otp.id)
        .execute();
      await writeAudit(
        trx,
        ctx,
        { type: 'Authentication', activity: 'Failed sign-in', details: 'Wrong one-time code' },
        userId,
      );
      return { error: attempts >= OTP_MAX_ATTEMPTS ? 'Too many wrong codes. Please sign in again.' : 'Invalid OTP.' };
    }
    await trx
      .updateTable('otps')
      .set({ used_at: new Date(), verified_at: new Date() })
      .where('id', '=', otp.id)
      .execute();
    const user = await trx
      .selectFrom('users')
      .select(['must_change_password', 'is_locked'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    if (user.is_locked) return { error: ACCOUNT_LOCKED };
    return { token: await startSession(trx, userId, ctx), mustChangePassword: user.must_change_password };
  });
  if ('error' in outcome) throw invalidField('otp', outcome.error as string);
  return outcome;
}

/**
 * Resend only continues a sign-in that passed the password step within the last 15 minutes and is neither finished
 * nor out of wrong tries, and no sooner than 60 s after the last code.
 */
export async function resendOtp(db: Database, secrets: SecretBox, userId: number, ctx: RequestContext) {
  await db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('otps')
      .select(['created_at', 'sign_in_started_at', 'verified_at', 'attempts'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .forUpdate()
      .executeTakeFirst();
    const user = await trx
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    const signInAge = last ? (Date.now() - last.sign_in_started_at.getTime()) / 1000 : Number.POSITIVE_INFINITY;
    if (!user || !last || last.verified_at || signInAge > 15 * 60)
      throw invalidField('user_id', 'User ID not found. Please try logging in again.');
    if (last.attempts >= OTP_MAX_ATTEMPTS) throw invalidField('user_id', 'Too many wrong codes. Please sign in again.');
    const sinceLast = (Date.now() - last.created_at.getTime()) / 1000;
    if (sinceLast < OTP_RESEND_SECONDS) {
      const wait = Math.ceil(OTP_RESEND_SECONDS - sinceLast);
      throw new AppError('too_many', `Please wait ${countOf(wait, 'second')} before resending OTP.`);
    }
    await issueOtp(trx, secrets, userId, user.email, { startedAt: last.sign_in_started_at, wrongTries: last.attempts });
    await writeAudit(
      trx,
      ctx,
      { type: 'Authentication', activity: 'Second factor requested', details: 'One-time code resent' },
      userId,
    );
  });
}

/**
 * The same answer, and the same work, whether or not the address exists or was just sent a password: every request
 * makes and hashes a temporary password (the hash is nearly all of its time) and writes one audit row, so its
 * timing does not tell a registered address from another. Only a registered address outside the minute's cooldown
 * keeps the password and is mailed it.
 */
export async function forgotPassword(db: Database, secrets: SecretBox, email: string, ctx: RequestContext) {
  const temporary = generateTemporaryPassword();
  const temporaryHash = await hashPassword(temporary);
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'email', 'temp_password_expires_at'])
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    const issuedAt = user?.temp_password_expires_at
      ? user.temp_password_expires_at.getTime() - TEMP_PASSWORD_MINUTES * 60_000
      : 0;
    const coolingDown = Date.now() - issuedAt < RESET_COOLDOWN_SECONDS * 1000;
    if (!user || coolingDown) {
      await writeAudit(
        trx,
        ctx,
        {
          type: 'Authentication',
          activity: 'Password reset requested',
          details: user
            ? `Asked again within ${RESET_COOLDOWN_SECONDS} seconds: nothing sent`
            : `Unknown e-mail ${email}: nothing sent`,
        },
        user?.id ?? null,
      );
      return;
    }
    await trx
      .updateTable('users')
      .set({ temp_password_hash: temporaryHash, temp_password_expires_at: minutesFromNow(TEMP_PASSWORD_MINUTES) })
      .where('id', '=', user.id)
      .execute();
    await enqueueMail(
      trx,
      user.email,
      'Your temporary password',
      `A password reset was requested for your account. Sign in with this temporary password within ${TEMP_PASSWORD_MINUTES} minutes and choose a new one: ${temporary}\n\nIf you did not ask for this, ignore this message: your current password keeps working.`,
      secrets,
    );
    await writeAudit(
      trx,
      ctx,
      { type: 'Authentication', activity: 'Password reset requested', details: 'Temporary password e-mailed' },
      user.id,
    );
  });
}

export async function logout(db: Database, actor: Actor, ctx: RequestContext) {
  await db.transaction().execute(async (trx) => {
    await endSession(trx, actor.sessionId);
    await writeAudit(trx, ctx, { type: 'Authentication', activity: 'Sign out', details: 'Signed out' });
  });
}
