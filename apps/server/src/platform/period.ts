import { formatDay, type ReportType, splitDateRange } from '@duka/shared';
import { type SelectQueryBuilder, sql } from 'kysely';

// Periods of the shop's calendar: days, weeks (Monday first), months, quarters and years in the
// shop's time zone, both ends inclusive. A period carries its first and last day for people and the UTC instants
// that bound it for queries: `from` ≤ created_at < `until` (the start of the day after the last).

export interface Period {
  start: string;
  end: string;
  from: Date;
  until: Date;
}

const DAY_MS = 86_400_000;
const toUtcDate = (day: string) => new Date(`${day}T00:00:00Z`);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

export const addDays = (day: string, days: number) => dayOf(new Date(toUtcDate(day).getTime() + days * DAY_MS));

/** Whole days from `earlier` to `later` (calendar days, no clock). */
export const daysBetween = (earlier: string, later: string) =>
  Math.round((toUtcDate(later).getTime() - toUtcDate(earlier).getTime()) / DAY_MS);

/** The shop's calendar day at an instant. */
export function shopDay(timeZone: string, at = new Date()): string {
  return formatDay(at, timeZone);
}

// One formatter per zone, built once: a new Intl formatter per call is slow and its memory escapes the collector.
const wallClocks = new Map<string, Intl.DateTimeFormat>();
function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClocks.set(timeZone, format);
  }
  return format;
}

/** The shop's wall clock at an instant: its day (YYYY-MM-DD) and time (HH:MM:SS). */
export function shopClock(timeZone: string, at: Date): { day: string; time: string } {
  const part = Object.fromEntries(
    wallClock(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${part.year}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}:${part.second}` };
}

/** Minutes the zone is ahead of UTC at an instant. */
function offsetMinutes(timeZone: string, at: Date): number {
  const parts = wallClock(timeZone).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The instant the shop's day begins. Checked twice, so a day that starts in another offset (DST) still lands. */
export function startOfShopDay(day: string, timeZone: string): Date {
  const wallMidnight = toUtcDate(day).getTime();
  let instant = wallMidnight - offsetMinutes(timeZone, new Date(wallMidnight)) * 60_000;
  instant = wallMidnight - offsetMinutes(timeZone, new Date(instant)) * 60_000;
  return new Date(instant);
}

export function periodBetween(start: string, end: string, timeZone: string): Period {
  return { start, end, from: startOfShopDay(start, timeZone), until: startOfShopDay(addDays(end, 1), timeZone) };
}

/**
 * Narrows a query to the rows whose timestamp falls on the shop days of a `startDate`/`endDate` filter, both ends
 * inclusive; either end may be absent. The one place lists turn shop days into instants (no SQL time-zone casts).
 */
export function withinShopDays<Query extends SelectQueryBuilder<any, any, any>>(
  query: Query,
  column: string,
  { startDate, endDate }: { startDate?: string; endDate?: string },
  timeZone: string,
): Query {
  let q = query;
  if (startDate) q = q.where(sql.ref(column), '>=', startOfShopDay(startDate, timeZone)) as Query;
  if (endDate) q = q.where(sql.ref(column), '<', startOfShopDay(addDays(endDate, 1), timeZone)) as Query;
  return q;
}

/** A timestamp column as the shop's day it fell on, YYYY-MM-DD text: what the screens and files print as a day. */
export const shopDayOf = (column: string, timeZone: string) =>
  sql<string>`to_char(${sql.ref(column)} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`;

/** The Monday on or before a day. */
export function mondayOf(day: string): string {
  const weekday = toUtcDate(day).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

const lastDayOfMonth = (year: number, month: number) => dayOf(new Date(Date.UTC(year, month, 0)));
const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM` as its first and last day. */
export function monthDays(month: string): [string, string] {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return [`${month}-01`, lastDayOfMonth(year, m)];
}

/** The daily, weekly, monthly, quarterly or yearly period that holds `day`. */
export function periodHolding(type: Exclude<ReportType, 'custom'>, day: string, timeZone: string): Period {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  switch (type) {
    case 'daily':
      return periodBetween(day, day, timeZone);
    case 'weekly': {
      const monday = mondayOf(day);
      return periodBetween(monday, addDays(monday, 6), timeZone);
    }
    case 'monthly':
      return periodBetween(...monthDays(day.slice(0, 7)), timeZone);
    case 'quarterly': {
      const first = month - ((month - 1) % 3);
      return periodBetween(`${year}-${pad(first)}-01`, lastDayOfMonth(year, first + 2), timeZone);
    }
    case 'yearly':
      return periodBetween(`${year}-01-01`, `${year}-12-31`, timeZone);
  }
}

/**
 * A report's period: the custom range as given, any other type the one holding the shop's today. The range is
 * validated by the query schema (`YYYY-MM-DD,YYYY-MM-DD`, end not before start).
 */
export function resolvePeriod(
  type: ReportType,
  dateRange: string | undefined,
  timeZone: string,
  now = new Date(),
): Period {
  if (type === 'custom') {
    return periodBetween(...splitDateRange(dateRange ?? ''), timeZone);
  }
  return periodHolding(type, shopDay(timeZone, now), timeZone);
}
