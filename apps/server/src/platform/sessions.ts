import { PERMISSION_KEYS } from '@duka/shared';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/connection.ts';
import { CACHEABLE } from '../db/read-cache.ts';
import type { DB } from '../db/schema.ts';
import { newToken, sha256 } from './tokens.ts';

// Bearer sessions: idle expiry slides with use, absolute expiry does not.
export const IDLE_MINUTES = 120;
export const ABSOLUTE_HOURS = 12;
// Writing last_seen_at on every request would make every read a write; a minute's slack is harmless.
const TOUCH_AFTER_MS = 60_000;

export interface Actor {
  userId: number;
  sessionId: number;
  name: string;
  email: string;
  roleId: number;
  roleName: string;
  isAdmin: boolean;
  keys: ReadonlySet<string>;
  mustChangePassword: boolean;
  expiresAt: Date;
}

type Writer = Database | Transaction<DB>;

export async function createSession(db: Writer, userId: number): Promise<string> {
  const token = newToken();
  const now = Date.now();
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: sha256(token),
      last_seen_at: new Date(now),
      expires_at: new Date(now + ABSOLUTE_HOURS * 3_600_000),
    })
    .execute();
  return token;
}

export async function endSession(db: Writer, sessionId: number): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function endUserSessions(db: Writer, userId: number, exceptSessionId?: number): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptSessionId) query = query.where('id', '<>', exceptSessionId);
  await query.execute();
}

interface SessionRow {
  sessionId: number;
  last_seen_at: Date;
  expires_at: Date;
  userId: number;
  name: string;
  email: string;
  is_locked: boolean;
  must_change_password: boolean;
  deleted_at: Date | null;
  roleId: number;
  roleName: string;
  is_admin: boolean;
}

/**
 * The signed-in user behind a bearer token, or undefined when the token is unknown, expired or the user locked. The
 * lookup is answered from the pool's read cache until a session, user or role changes (db/read-cache.ts), and is
 * written in SQL: every request makes it, and the query builder's work was a good part of a sale's CPU.
 */
export async function authenticate(db: Database, token: string, touch: boolean): Promise<Actor | undefined> {
  const { rows } = await sql<SessionRow>`
    SELECT s.id AS "sessionId", s.last_seen_at, s.expires_at, u.id AS "userId", u.name, u.email, u.is_locked,
           u.must_change_password, u.deleted_at, r.id AS "roleId", r.name AS "roleName", r.is_admin, ${CACHEABLE}
    FROM sessions s JOIN users u ON u.id = s.user_id JOIN roles r ON r.id = u.role_id
    WHERE s.token_hash = ${sha256(token)}`.execute(db);
  const row = rows[0];
  if (!row || row.deleted_at || row.is_locked) return undefined;
  const now = Date.now();
  const idleEnd = row.last_seen_at.getTime() + IDLE_MINUTES * 60_000;
  if (now >= idleEnd || now >= row.expires_at.getTime()) {
    await endSession(db, row.sessionId);
    return undefined;
  }
  if (touch && now - row.last_seen_at.getTime() > TOUCH_AFTER_MS) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(now) })
      .where('id', '=', row.sessionId)
      .execute();
  }
  const lastSeen = touch ? now : row.last_seen_at.getTime();
  const keys = row.is_admin ? PERMISSION_KEYS : await roleKeys(db, row.roleId);
  return {
    userId: row.userId,
    sessionId: row.sessionId,
    name: row.name,
    email: row.email,
    roleId: row.roleId,
    roleName: row.roleName,
    isAdmin: row.is_admin,
    keys,
    mustChangePassword: row.must_change_password,
    expiresAt: new Date(Math.min(lastSeen + IDLE_MINUTES * 60_000, row.expires_at.getTime())),
  };
}

async function roleKeys(db: Database, roleId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('role_permissions')
    .select(['permission_key', CACHEABLE])
    .where('role_id', '=', roleId)
    .execute();
  return new Set(rows.map((r) => r.permission_key));
}

/** Sessions past either expiry, removed now and then so the table stays small. */
export async function purgeExpiredSessions(db: Database): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', new Date()),
        eb('last_seen_at', '<=', sql<Date>`now() - make_interval(mins => ${IDLE_MINUTES})`),
      ]),
    )
    .execute();
}
