// Failed sign-ins, counted per account and client address. The security settings' "Login Attempts" is per address:
// that many wrong passwords from one address lock that address out of the account for 15 minutes. The account as a
// whole is never locked by failures, or anyone could lock the Administrator out from a handful of addresses; past
// the same number of failures within 15 minutes from any addresses, its owner is e-mailed and the addresses it has
// never signed in from may try only one at a time, SLOW_SECONDS apart, while the owner's own machines sign in as usual.
import { countOf } from '@duka/shared';
import { type Selectable, sql, type Transaction } from 'kysely';
import type { DB, UsersTable } from '../../db/schema.ts';
import { type RequestContext, writeAudit } from '../../platform/audit.ts';
import { enqueueMail } from '../../platform/mail.ts';
import type { SecretBox } from '../../platform/secret-box.ts';

export const LOCKOUT_MINUTES = 15;
/** While an account is over its failures, how long an address it never signed in from waits for its next try. */
export const SLOW_SECONDS = 10;
/** Failures from an address that never signed in are forgotten after a day without another. */
const FORGET_FAILURES = '1 day';

type Trx = Transaction<DB>;
type SignInUser = Pick<Selectable<UsersTable>, 'id' | 'email' | 'failed_attempts' | 'failures_since' | 'slowed_until'>;

export type SignInGate = { kind: 'open' } | { kind: 'lockedOut' } | { kind: 'slowed'; seconds: number };

const windowOpen = (user: SignInUser, now: number) =>
  user.failures_since !== null && now - user.failures_since.getTime() < LOCKOUT_MINUTES * 60_000;

/**
 * Whether `address` may try the account's password now. Called with the user's row locked, so two tries from new
 * addresses cannot take the same turn, on this node or another.
 */
export async function signInGate(trx: Trx, user: SignInUser, address: string, allowed: number): Promise<SignInGate> {
  const now = Date.now();
  const place = await trx
    .selectFrom('sign_in_addresses')
    .select(['locked_until', 'last_signed_in_at'])
    .where('user_id', '=', user.id)
    .where('address', '=', address)
    .executeTakeFirst();
  if (place?.locked_until && place.locked_until.getTime() > now) return { kind: 'lockedOut' };
  const overLimit = windowOpen(user, now) && user.failed_attempts >= allowed;
  if (!overLimit || place?.last_signed_in_at) return { kind: 'open' };
  const wait = (user.slowed_until?.getTime() ?? 0) - now;
  if (wait > 0) return { kind: 'slowed', seconds: Math.ceil(wait / 1000) };
  await trx
    .updateTable('users')
    .set({ slowed_until: new Date(now + SLOW_SECONDS * 1000) })
    .where('id', '=', user.id)
    .execute();
  return { kind: 'open' };
}

/**
 * A wrong password from `ctx.ip`: counted for the address and for the account, with their audit rows. True when
 * this failure queued the owner's warning e-mail.
 */
export async function countFailure(
  trx: Trx,
  secrets: SecretBox,
  user: SignInUser,
  allowed: number,
  ctx: RequestContext,
): Promise<boolean> {
  const now = new Date();
  const { failures } = await trx
    .insertInto('sign_in_addresses')
    .values({ user_id: user.id, address: ctx.ip, failures: 1, last_failed_at: now })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'address'])
        .doUpdateSet({ failures: sql`sign_in_addresses.failures + 1`, last_failed_at: now }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  const locks = failures >= allowed;
  const lockedUntil = new Date(now.getTime() + LOCKOUT_MINUTES * 60_000);
  if (locks) {
    await trx
      .updateTable('sign_in_addresses')
      .set({ failures: 0, locked_until: lockedUntil })
      .where('user_id', '=', user.id)
      .where('address', '=', ctx.ip)
      .execute();
  }
  const sameWindow = windowOpen(user, now.getTime());
  const accountFailures = sameWindow ? user.failed_attempts + 1 : 1;
  await trx
    .updateTable('users')
    .set({
      failed_attempts: accountFailures,
      failures_since: sameWindow ? user.failures_since : now,
      // The users list shows the account as locked while an address is locked out of it, so an administrator sees
      // it and can lift it with one unlock; sign-in itself reads only the address's own lockout.
      ...(locks && { locked_until: lockedUntil }),
    })
    .where('id', '=', user.id)
    .execute();
  await trx
    .deleteFrom('sign_in_addresses')
    .where('user_id', '=', user.id)
    .where('last_signed_in_at', 'is', null)
    .where('last_failed_at', '<', sql<Date>`now() - ${FORGET_FAILURES}::interval`)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .execute();

  await writeAudit(
    trx,
    ctx,
    {
      type: 'Authentication',
      activity: 'Failed sign-in',
      details: `Wrong password (attempt ${failures} from this address)`,
    },
    user.id,
  );
  if (locks) {
    await writeAudit(
      trx,
      ctx,
      {
        type: 'User',
        activity: 'Lock',
        details: `Address ${ctx.ip} locked out of this account for ${LOCKOUT_MINUTES} minutes after ${countOf(failures, 'failed sign-in')}`,
      },
      user.id,
    );
  }
  if (accountFailures !== allowed) return false;
  await warnOwner(trx, secrets, user, accountFailures, ctx);
  return true;
}

async function warnOwner(trx: Trx, secrets: SecretBox, user: SignInUser, failures: number, ctx: RequestContext) {
  const { addresses } = await trx
    .selectFrom('sign_in_addresses')
    .select((eb) => eb.fn.count<number>('address').as('addresses'))
    .where('user_id', '=', user.id)
    .where('last_failed_at', '>=', sql<Date>`now() - ${`${LOCKOUT_MINUTES} minutes`}::interval`)
    .executeTakeFirstOrThrow();
  await enqueueMail(
    trx,
    user.email,
    'Failed sign-ins to your account',
    `${countOf(failures, 'wrong password')} were tried for your account in the last ${LOCKOUT_MINUTES} minutes, ` +
      `from ${countOf(Number(addresses), 'address', 'addresses')}. Your account is not locked: you can still sign in from the devices you ` +
      'usually use. For a while, other devices may try only one at a time, and an address that keeps failing is ' +
      `locked out of your account for ${LOCKOUT_MINUTES} minutes.\n\nIf this was not you, change your password and ` +
      'ask your administrator to look at the audit log.',
    secrets,
  );
  await writeAudit(
    trx,
    ctx,
    {
      type: 'Authentication',
      activity: 'Failed sign-ins notice',
      details: `${countOf(failures, 'failed sign-in')} in ${LOCKOUT_MINUTES} minutes: owner e-mailed; new addresses slowed`,
    },
    user.id,
  );
}

/** The right password from `address`: its run of failures starts again. */
export async function clearAddressFailures(trx: Trx, userId: number, address: string): Promise<void> {
  await trx
    .updateTable('sign_in_addresses')
    .set({ failures: 0 })
    .where('user_id', '=', userId)
    .where('address', '=', address)
    .execute();
}

/** A completed sign-in: the account knows this address from now on, so a slowdown never holds it back. */
export async function rememberSignInAddress(trx: Trx, userId: number, address: string): Promise<void> {
  const now = new Date();
  await trx
    .insertInto('sign_in_addresses')
    .values({ user_id: userId, address, last_signed_in_at: now })
    .onConflict((oc) =>
      oc.columns(['user_id', 'address']).doUpdateSet({ failures: 0, locked_until: null, last_signed_in_at: now }),
    )
    .execute();
}

/** An administrator's unlock: every address's lockout and the account's count of failures end. */
export async function clearSignInFailures(trx: Trx, userId: number): Promise<void> {
  await trx
    .updateTable('sign_in_addresses')
    .set({ failures: 0, locked_until: null })
    .where('user_id', '=', userId)
    .execute();
  await trx
    .updateTable('users')
    .set({ failed_attempts: 0, failures_since: null, slowed_until: null, locked_until: null })
    .where('id', '=', userId)
    .execute();
}
