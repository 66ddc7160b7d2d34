// A period's sale lines read through the rollups of migration 021: whole UTC months (or days) from the summed table,
// and the period's two edges (a shop day starts at the zone's midnight, not UTC's) from the lines themselves. Each
// end of the period is taken to its nearest UTC boundary (an end at or after now to the one after it, `splitPeriod`):
// lines between the end and a boundary inside the period are added, lines between the end and a boundary beyond it
// (the overhang) are taken off. A shop month in Kampala (UTC+3) is then one summed UTC month give or take 3 hours of
// lines, instead of a whole month of lines. Exact in any zone, as quantities and amounts add up.
import { type RawBuilder, sql } from 'kysely';
import type { Period } from '../../platform/period.ts';
import { DAY_MS, nextMonth } from './sale-totals-levels.ts';

type Unit = 'month' | 'day';

/** Lines in [from, until) added to the whole units (sign 1), or taken off them (sign -1). */
export interface Edge {
  from: Date;
  until: Date;
  sign: 1 | -1;
}

function floorTo(unit: Unit, at: Date): Date {
  return unit === 'day'
    ? new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()))
    : new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

function nextUnit(unit: Unit, floor: Date): Date {
  return unit === 'day' ? new Date(floor.getTime() + DAY_MS) : nextMonth(floor);
}

/** The UTC month (or day) start at or after `at`. */
function ceilTo(unit: Unit, at: Date): Date {
  const floor = floorTo(unit, at);
  return floor.getTime() === at.getTime() ? floor : nextUnit(unit, floor);
}

/** The UTC month (or day) start nearest to `at`. */
function nearestBoundary(unit: Unit, at: Date): Date {
  const floor = floorTo(unit, at);
  const ceil = ceilTo(unit, at);
  return at.getTime() - floor.getTime() <= ceil.getTime() - at.getTime() ? floor : ceil;
}

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/** The first days (YYYY-MM-DD) of the whole UTC months in [from, until), both month starts as `splitPeriod` gives. */
export function monthStarts(from: string, until: string): string[] {
  const months: string[] = [];
  for (let month = new Date(`${from}T00:00:00Z`); isoDay(month) < until; month = nextMonth(month)) {
    months.push(isoDay(month));
  }
  return months;
}

/**
 * The whole UTC units to read summed (as dates, end excluded; null for none) and the edges to read from the lines.
 * A period ending at or after now (this month, a year to date) ends at the boundary after it, whatever is nearer:
 * the lines taken off are those stamped after now, normally none, where the boundary before could leave half a
 * month of lines to add.
 */
export function splitPeriod(period: Period, unit: Unit): { whole: [string, string] | null; edges: Edge[] } {
  const wholeFrom = nearestBoundary(unit, period.from);
  const wholeUntil = period.until >= new Date() ? ceilTo(unit, period.until) : nearestBoundary(unit, period.until);
  if (wholeFrom >= wholeUntil) return { whole: null, edges: [{ from: period.from, until: period.until, sign: 1 }] };
  const edges: Edge[] = [];
  if (period.from < wholeFrom) edges.push({ from: period.from, until: wholeFrom, sign: 1 });
  if (wholeFrom < period.from) edges.push({ from: wholeFrom, until: period.from, sign: -1 });
  if (wholeUntil < period.until) edges.push({ from: wholeUntil, until: period.until, sign: 1 });
  if (period.until < wholeUntil) edges.push({ from: period.until, until: wholeUntil, sign: -1 });
  return { whole: [isoDay(wholeFrom), isoDay(wholeUntil)], edges };
}

/** The condition on a rolled-up table's date column for the whole units of the split (false without any). */
export const inWhole = (column: string, whole: [string, string] | null): RawBuilder<boolean> =>
  whole ? sql<boolean>`(${sql.ref(column)} >= ${whole[0]} AND ${sql.ref(column)} < ${whole[1]})` : sql<boolean>`false`;

/**
 * One query per edge (each a plain range on the lines' instant, so each reads the index on it), joined by UNION ALL
 * after the rollup's own query; one range ORed with another would read the whole table instead. `lines` multiplies
 * its figures by the edge's sign.
 */
export const withEdges = (rolled: RawBuilder<unknown>, edges: Edge[], lines: (edge: Edge) => RawBuilder<unknown>) =>
  sql`${rolled}${sql.join(
    edges.map((edge) => sql` UNION ALL ${lines(edge)}`),
    sql``,
  )}`;
