// A period's sale lines read through the rollups of migration 021: its whole UTC months (or days) from the summed
// table, its two edges (a shop day starts at the zone's midnight, not UTC's) from the lines themselves. Exact in any
// zone, and a year reads a few hundred thousand summed rows and a month or so of lines instead of 1.5M lines.
import { type RawBuilder, sql } from 'kysely';
import type { Period } from '../../platform/period.ts';

type Unit = 'month' | 'day';

/** The first UTC month (or day) start at or after `at`. */
function ceilTo(unit: Unit, at: Date): Date {
  const floor = floorTo(unit, at);
  if (floor.getTime() === at.getTime()) return floor;
  return unit === 'day'
    ? new Date(floor.getTime() + 86_400_000)
    : new Date(Date.UTC(floor.getUTCFullYear(), floor.getUTCMonth() + 1, 1));
}

function floorTo(unit: Unit, at: Date): Date {
  return unit === 'day'
    ? new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()))
    : new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/** The period split into whole UTC units (as dates, end excluded) and the instants before and after them. */
export function splitPeriod(period: Period, unit: Unit) {
  const wholeFrom = ceilTo(unit, period.from);
  const wholeUntil = floorTo(unit, period.until);
  if (wholeFrom >= wholeUntil) return { whole: null, edges: [[period.from, period.until]] as [Date, Date][] };
  const edges: [Date, Date][] = [];
  if (period.from < wholeFrom) edges.push([period.from, wholeFrom]);
  if (wholeUntil < period.until) edges.push([wholeUntil, period.until]);
  return { whole: [isoDay(wholeFrom), isoDay(wholeUntil)] as [string, string], edges };
}

/** The condition on a rolled-up table's date column for the whole units of the split (false without any). */
export const inWhole = (column: string, whole: [string, string] | null): RawBuilder<boolean> =>
  whole ? sql<boolean>`(${sql.ref(column)} >= ${whole[0]} AND ${sql.ref(column)} < ${whole[1]})` : sql<boolean>`false`;

/**
 * One query per edge (each a plain range on the lines' instant, so each reads the index on it), joined by UNION ALL
 * after the rollup's own query; one range ORed with another would read the whole table instead.
 */
export const withEdges = (
  rolled: RawBuilder<unknown>,
  edges: [Date, Date][],
  lines: (from: Date, until: Date) => RawBuilder<unknown>,
) =>
  sql`${rolled}${sql.join(
    edges.map(([from, until]) => sql` UNION ALL ${lines(from, until)}`),
    sql``,
  )}`;
