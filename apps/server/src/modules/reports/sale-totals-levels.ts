// The sale totals at three levels (migrations 020, 040): 15-minute slots, and their sums per UTC day and per UTC
// month. A period read as its whole months, the whole days at its ends and the slots at its edges sums to exactly what
// its slots do, from a few hundred rows however long the period or the shop's history.
import { type RawBuilder, sql } from 'kysely';

/** The levels of the sale totals: a row holds what its sales and returns add up to over [start, start + unit). */
export const LEVELS = {
  month: { table: 'sale_totals_months', column: 'month' },
  day: { table: 'sale_totals_days', column: 'day' },
  slot: { table: 'sale_totals', column: 'slot' },
} as const;
export type Level = keyof typeof LEVELS;

/** One level's rows over [from, until); an absent end is open. */
export interface Span {
  level: Level;
  from?: Date;
  until?: Date;
}

export const DAY_MS = 86_400_000;
const floorDay = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
const ceilDay = (at: Date) => new Date(Math.ceil(at.getTime() / DAY_MS) * DAY_MS);
const floorMonth = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
export const nextMonth = (month: Date) => new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));
const ceilMonth = (at: Date) => (floorMonth(at).getTime() === at.getTime() ? at : nextMonth(floorMonth(at)));

/** [from, until) as its whole UTC days and the slots at its two edges. */
function inDays(from: Date, until: Date): Span[] {
  const days = { from: ceilDay(from), until: floorDay(until) };
  if (days.from >= days.until) return from < until ? [{ level: 'slot', from, until }] : [];
  return [
    ...(from < days.from ? [{ level: 'slot' as const, from, until: days.from }] : []),
    { level: 'day', ...days },
    ...(days.until < until ? [{ level: 'slot' as const, from: days.until, until }] : []),
  ];
}

/** A period (either end may be open) as its whole UTC months, then whole days, then slots at its edges. */
export function spansOf(from: Date | undefined, until: Date | undefined): Span[] {
  const months = { from: from && ceilMonth(from), until: until && floorMonth(until) };
  if (from && until && months.from && months.until && months.from >= months.until) return inDays(from, until);
  return [
    ...(from && months.from && from < months.from ? inDays(from, months.from) : []),
    { level: 'month', ...months },
    ...(until && months.until && months.until < until ? inDays(months.until, until) : []),
  ];
}

/** `SELECT columns FROM` the span's level over its range (each a plain range on the table's key). */
export function spanRows({ level, from, until }: Span, columns: RawBuilder<unknown>) {
  const { table, column } = LEVELS[level];
  const within = [
    ...(from ? [sql`${sql.ref(column)} >= ${from}`] : []),
    ...(until ? [sql`${sql.ref(column)} < ${until}`] : []),
  ];
  return sql`SELECT ${columns} FROM ${sql.table(table)}${within.length ? sql` WHERE ${sql.join(within, sql` AND `)}` : sql``}`;
}
