import type { Transaction } from 'kysely';
import type { Database } from '../db/connection.ts';
import type { DB } from '../db/schema.ts';
import { describeUserAgent } from './user-agent.ts';

// The audit writer. It is called with the transaction of the change it records, so both commit or neither.

/** Who did it and from where: taken from the request once, passed to services. */
export interface RequestContext {
  userId: number | null;
  ip: string;
  userAgent: string | undefined;
}

export interface AuditEntry {
  type: string;
  activity: string;
  details: string;
}

type Writer = Transaction<DB> | Database;

const SECRET_FIELD = /password|token|otp|secret|code_hash/i;

export async function writeAudit(
  db: Writer,
  ctx: RequestContext,
  entry: AuditEntry,
  userId = ctx.userId,
): Promise<void> {
  await db
    .insertInto('audit_logs')
    .values(auditRow(ctx, entry, userId))
    .execute();
}

/** The audit_logs row of an entry: what was done, by whom, from which browser and address. */
export function auditRow<Details>(
  ctx: RequestContext,
  entry: { type: string; activity: string; details: Details },
  userId = ctx.userId,
) {
  const { browser, platform } = describeUserAgent(ctx.userAgent);
  return { ...entry, browser, platform, ip: ctx.ip, user_id: userId };
}

/**
 * `from: {…} to: {…}` of the fields that changed, for update entries. Secret fields are never written, only named.
 */
export function describeChanges(before: Record<string, unknown>, after: Record<string, unknown>): string {
  const from: Record<string, unknown> = {};
  const to: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined || String(before[key] ?? '') === String(value ?? '')) continue;
    from[key] = SECRET_FIELD.test(key) ? '[hidden]' : before[key];
    to[key] = SECRET_FIELD.test(key) ? '[changed]' : value;
  }
  return `from: ${JSON.stringify(from)} to: ${JSON.stringify(to)}`;
}
