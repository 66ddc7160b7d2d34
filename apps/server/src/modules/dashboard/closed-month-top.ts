// The top products of several whole months, most of them closed (a year to date), without summing every
// product-month (a million of them at a chain's size). The closed months' sums are kept in quantity order
// (closed-month-sums.ts); each open month is read in quantity order as far as needed; the edges and returns are
// netted per product. What the likeliest products are known to have sold sets a floor the ten bars reach, and a
// product can be a bar only if the most it could have sold reaches it: few do, and only those are summed exactly.
// Every quantity here is counted in thousandths as a whole number, so every sum and comparison is exact.
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { monthStarts } from '../reports/line-rollups.ts';
import { type ClosedMonthSums, closedMonthSums, closedMonths, productKey } from './closed-month-sums.ts';

/** A product and unit's quantity in thousandths (a bigint, as the driver gives it). */
export interface Sold {
  product_id: number;
  measurement_id: number;
  thousandths: string;
}

/**
 * How far the open months are read: `first` products in quantity order, each further read `deeper` times more, while
 * more than `candidates` products could be bars (each of those not read is looked up by its key: cheaper than a
 * long read, up to about this many). Tests lower them to walk the paths a chain's data takes.
 */
export const openReading = { first: 1_000, deeper: 8, candidates: 1_000 };

/** An open month's products read in quantity order: what each sold, and the most any product not read sold. */
interface OpenRead {
  month: string;
  limit: number;
  sold: Map<string, number>;
  first: Sold[];
  /** The largest quantity of the month. */
  most: number;
  /** The most a product not read sold: the last one read's quantity, or nothing once the month is read whole. */
  unread: number;
}

async function readOpenMonth(db: Database, month: string, limit: number): Promise<OpenRead> {
  const rows = await db
    .selectFrom('sale_product_months')
    .select(['product_id', 'measurement_id', sql<string>`(quantity * 1000)::bigint`.as('thousandths')])
    .where('month', '=', month)
    .orderBy('quantity', 'desc')
    .limit(limit)
    .execute();
  return {
    month,
    limit,
    sold: new Map(rows.map((row) => [productKey(row.product_id, row.measurement_id), Number(row.thousandths)])),
    first: rows.slice(0, 10),
    most: Number(rows[0]?.thousandths ?? 0),
    unread: rows.length === limit ? Number(rows.at(-1)?.thousandths) : 0,
  };
}

/**
 * The products of the whole months [whole[0], whole[1]) and the moves (each product's, read when needed) that can be
 * among the ten, with their exact totals, as (product_id, measurement_id, quantity) rows; undefined when it cannot be
 * decided this way (no closed month, or a product neither kept nor read could reach the floor), and the caller sums
 * every product-month.
 */
export async function topOverClosedMonths(db: Database, whole: [string, string], moves: () => Promise<Sold[]>) {
  const { version, closedUntil } = await closedMonths(db);
  // The earlier of the two days.
  const until = [closedUntil, whole[1]].sort()[0] ?? whole[1];
  if (until <= whole[0]) return undefined;
  const openMonths = monthStarts(until, whole[1]);
  const [closed, moved, firstReads] = await Promise.all([
    closedMonthSums(db, whole[0], until, version),
    moves().then((rows) => new Map(rows.map((row) => [productKey(row.product_id, row.measurement_id), row]))),
    Promise.all(openMonths.map((month) => readOpenMonth(db, month, openReading.first))),
  ]);
  let reads = firstReads;
  let found = possibleBars(closed, reads, moved);
  while ((!found || found.size > openReading.candidates) && reads.some((read) => read.unread > 0)) {
    reads = await Promise.all(
      reads.map((read) => (read.unread > 0 ? readOpenMonth(db, read.month, read.limit * openReading.deeper) : read)),
    );
    found = possibleBars(closed, reads, moved);
  }
  if (!found) return undefined;
  return exactly(db, closed, monthStarts(whole[0], until), reads, moved, found);
}

/**
 * Every product that could be among the ten, by its key; undefined when a product neither kept, read nor moved
 * could be. The floor is the tenth largest of what the likeliest products are known to have sold at least (a
 * product not read in an open month sold at least nothing there), or one thousandth while fewer than ten sold.
 */
function possibleBars(closed: ClosedMonthSums, reads: OpenRead[], moved: Map<string, Sold>) {
  const kept = closed.quantities.length;
  // A product not among the kept sums sold at most the smallest kept one over the closed months (nothing when
  // every product's sum is kept).
  const unkept = closed.cut ? (closed.quantities[kept - 1] ?? 0) : 0;
  const closedOf = (key: string) => closed.byKey.get(key) ?? unkept;
  const movedOf = (key: string) => Number(moved.get(key)?.thousandths ?? 0);
  const atLeast = (key: string) =>
    reads.reduce((sum, read) => sum + (read.sold.get(key) ?? 0), (closed.byKey.get(key) ?? 0) + movedOf(key));
  const atMost = (key: string) =>
    reads.reduce((sum, read) => sum + (read.sold.get(key) ?? read.unread), closedOf(key) + movedOf(key));

  const likeliest = new Set(moved.keys());
  for (let i = 0; i < Math.min(10, kept); i++) likeliest.add(keyAt(closed, i));
  for (const read of reads) for (const row of read.first) likeliest.add(productKey(row.product_id, row.measurement_id));
  const known = [...likeliest].map(atLeast).sort((a, b) => b - a);
  const floor = Math.max(1, known[9] ?? 0);
  if (reads.reduce((sum, read) => sum + read.unread, unkept) >= floor) return undefined;

  const found = new Map<string, [number, number]>();
  const consider = (key: string, productId: number, measurementId: number) => {
    if (!found.has(key) && atMost(key) >= floor) found.set(key, [productId, measurementId]);
  };
  const openMost = reads.reduce((sum, read) => sum + read.most, 0);
  const movedMost = Math.max(0, ...[...moved.keys()].map(movedOf));
  for (let i = 0; i < kept && (closed.quantities[i] ?? 0) + openMost + movedMost >= floor; i++) {
    consider(keyAt(closed, i), closed.productIds[i] ?? 0, closed.measurementIds[i] ?? 0);
  }
  for (const read of reads) {
    for (const key of read.sold.keys()) consider(key, ...productOf(key));
  }
  for (const [key, row] of moved) consider(key, row.product_id, row.measurement_id);
  return found;
}

const keyAt = (closed: ClosedMonthSums, i: number) =>
  productKey(closed.productIds[i] ?? 0, closed.measurementIds[i] ?? 0);
const productOf = (key: string) => key.split('/').map(Number) as [number, number];

/**
 * The exact totals of the products that could be bars, as the rows the chart ranks: the kept closed sums, the open
 * months read and the moves, and by their keys what was not read (a product past an open month's read, or one not
 * kept while some were cut).
 */
async function exactly(
  db: Database,
  closed: ClosedMonthSums,
  closedMonthList: string[],
  reads: OpenRead[],
  moved: Map<string, Sold>,
  products: Map<string, [number, number]>,
) {
  const totals = new Map<string, number>();
  const lookups: [string, number, number][] = [];
  for (const [key, [productId, measurementId]] of products) {
    let total = Number(moved.get(key)?.thousandths ?? 0);
    const kept = closed.byKey.get(key);
    if (kept !== undefined) total += kept;
    else if (closed.cut) for (const month of closedMonthList) lookups.push([month, productId, measurementId]);
    for (const read of reads) {
      const sold = read.sold.get(key);
      if (sold !== undefined) total += sold;
      else if (read.unread > 0) lookups.push([read.month, productId, measurementId]);
    }
    totals.set(key, total);
  }
  if (lookups.length) {
    const found = await db
      .selectFrom('sale_product_months as pm')
      .where(
        sql<boolean>`(pm.month, pm.product_id, pm.measurement_id) IN (SELECT * FROM unnest(
          ${lookups.map(([month]) => month)}::date[], ${lookups.map(([, id]) => id)}::int[],
          ${lookups.map(([, , id]) => id)}::int[]))`,
      )
      .select(['pm.product_id', 'pm.measurement_id', sql<string>`(pm.quantity * 1000)::bigint`.as('thousandths')])
      .execute();
    for (const row of found) {
      const key = productKey(row.product_id, row.measurement_id);
      totals.set(key, (totals.get(key) ?? 0) + Number(row.thousandths));
    }
  }
  const bars = [...totals].filter(([, total]) => total > 0);
  const ids = bars.map(([key]) => products.get(key) ?? [0, 0]);
  return db.selectNoFrom([
    sql<number>`unnest(${ids.map(([productId]) => productId)}::int[])`.as('product_id'),
    sql<number>`unnest(${ids.map(([, measurementId]) => measurementId)}::int[])`.as('measurement_id'),
    sql<number>`unnest(${bars.map(([, total]) => String(total))}::bigint[]) / 1000.0`.as('quantity'),
  ]);
}
