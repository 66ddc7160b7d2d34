// Each product's quantity over a run of closed months, kept in memory in quantity order: the dashboard's top products
// of a year read the few products that can still be among the ten from it instead of summing every product-month.
// A closed month is a UTC month that ended a day or more ago; the database changes the closed months' version
// whenever a line dated in an ended month changes (migration 046), and sums read under another version are read again.
// The day's margin covers a sale whose transaction began before its month ended and committed after.
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';

/**
 * One run of closed months' sums per product and unit, largest first, as read under `version`. Quantities are counted
 * in thousandths (numeric(14,3)) as whole numbers, so sums of them are exact.
 */
export interface ClosedMonthSums {
  version: string;
  productIds: Int32Array;
  measurementIds: Int32Array;
  quantities: Float64Array;
  /** Each kept product's sum by its productKey. */
  byKey: Map<string, number>;
  /** True when the sums stop before the smallest (only the largest are kept): below the last one nothing is known. */
  cut: boolean;
}

/** A product and unit as one key. */
export const productKey = (productId: number, measurementId: number) => `${productId}/${measurementId}`;

/** The largest sums kept per run: many times what the bench's year needed. Tests lower it to cut the sums short. */
export const keptSums = { most: 20_000 };
/** Runs kept per database: a dashboard asks for a year, perhaps for the year before too. */
const RUNS = 4;

const kept = new WeakMap<Database, Map<string, Promise<ClosedMonthSums>>>();

/** The closed months' version and the first day of the UTC month before which every month is closed, now. */
export async function closedMonths(db: Database): Promise<{ version: string; closedUntil: string }> {
  const { rows } = await sql<{ version: string; closed_until: string }>`
    SELECT version, to_char(date_trunc('month', (now() - interval '1 day') AT TIME ZONE 'UTC'), 'YYYY-MM-DD')
      AS closed_until FROM closed_months_version`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('the closed months version row is missing');
  return { version: row.version, closedUntil: row.closed_until };
}

/** The sums of the closed months [from, until) under `version`: kept ones, or read now (once for concurrent asks). */
export function closedMonthSums(db: Database, from: string, until: string, version: string) {
  const runs = kept.get(db) ?? new Map<string, Promise<ClosedMonthSums>>();
  kept.set(db, runs);
  const key = `${from}/${until}/${keptSums.most}/${version}`;
  let sums = runs.get(key);
  if (!sums) {
    // Sums of another version are of no more use; past RUNS the oldest gives way. A failed read is not kept.
    for (const old of runs.keys()) if (!old.endsWith(`/${version}`)) runs.delete(old);
    if (runs.size >= RUNS) runs.delete(runs.keys().next().value as string);
    sums = readSums(db, from, until, version);
    sums.catch(() => runs.delete(key));
    runs.set(key, sums);
  }
  return sums;
}

async function readSums(db: Database, from: string, until: string, version: string): Promise<ClosedMonthSums> {
  const { rows } = await sql<{ product_id: number; measurement_id: number; thousandths: string }>`
    SELECT product_id, measurement_id, (sum(quantity) * 1000)::bigint AS thousandths FROM sale_product_months
     WHERE month >= ${from} AND month < ${until}
     GROUP BY product_id, measurement_id ORDER BY thousandths DESC LIMIT ${keptSums.most + 1}`.execute(db);
  const n = Math.min(rows.length, keptSums.most);
  const sums: ClosedMonthSums = {
    version,
    productIds: new Int32Array(n),
    measurementIds: new Int32Array(n),
    quantities: new Float64Array(n),
    byKey: new Map(),
    cut: rows.length > keptSums.most,
  };
  for (let i = 0; i < n; i++) {
    const row = rows[i] as (typeof rows)[number];
    sums.productIds[i] = row.product_id;
    sums.measurementIds[i] = row.measurement_id;
    sums.quantities[i] = Number(row.thousandths);
    sums.byKey.set(productKey(row.product_id, row.measurement_id), Number(row.thousandths));
  }
  return sums;
}
