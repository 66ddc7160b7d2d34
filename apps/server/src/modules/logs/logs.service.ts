// The audit log as the application-log screens read it.
import type { LogFilter } from '@duka/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { notFound } from '../../platform/errors.ts';
import { matchesSearch } from '../../platform/listing.ts';
import { withinShopDays } from '../../platform/period.ts';

/** The log entries, newest first, filtered and searched (the list's rows, one entry's). */
export function logQuery(db: Database, timeZone: string, filter: LogFilter & { search?: string }) {
  let q = db
    .selectFrom('audit_logs as l')
    .leftJoin('users as u', 'u.id', 'l.user_id')
    .select([
      'l.id',
      'l.type',
      'l.activity',
      'l.details',
      'l.browser',
      'l.platform',
      'l.ip',
      'l.created_at',
      sql<{ name: string } | null>`CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('name', u.name) END`.as(
        'user',
      ),
      sql<string>`to_char(l.created_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`.as('formatted_created_at'),
    ]);
  if (filter.type) q = q.where('l.type', '=', filter.type);
  if (filter.activity) q = q.where('l.activity', '=', filter.activity);
  // Days are the shop's days: a period includes its last day.
  q = withinShopDays(q, 'l.created_at', filter, timeZone);
  if (filter.search) {
    q = q.where((eb) =>
      matchesSearch(eb, ['l.type', 'l.activity', 'l.details', 'l.ip', 'u.name'], filter.search as string),
    );
  }
  return q.orderBy('l.id', 'desc');
}

export async function getLog(db: Database, timeZone: string, id: number) {
  const log = await logQuery(db, timeZone, {}).where('l.id', '=', id).executeTakeFirst();
  if (!log) throw notFound('Log entry');
  return log;
}

export async function logColumns(db: Database) {
  const [types, activities] = await Promise.all([
    db.selectFrom('audit_logs').select('type').distinct().orderBy('type').execute(),
    db.selectFrom('audit_logs').select('activity').distinct().orderBy('activity').execute(),
  ]);
  return { types, activities };
}
