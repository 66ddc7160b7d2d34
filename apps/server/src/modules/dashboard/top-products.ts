// The dashboard's chart: the period's top 10 products, from the product-month rollup and the lines at its edges.
import { unitLabel } from '@duka/shared';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import type { Period } from '../../platform/period.ts';
import { inWhole, monthStarts, splitPeriod } from '../reports/line-rollups.ts';
import { topOverClosedMonths } from './closed-month-top.ts';

/**
 * The top 10 products by quantity sold, one bar per product and unit of measurement: bags and kilograms of one
 * product are two bars, never one sum. A return counts on its own day as sales do, so the quantity is what was sold
 * in the period less what came back in it; a product that nets nothing is not a top product. The unit is in the label
 * ("Cement (Bags)"), plural past one as on receipts (a name already ending in s is left as it is).
 */
export async function topProducts(db: Database, period: Period) {
  // Whole UTC months from their sums, the edges from the lines by their own instant (migrations 020, 021).
  const { whole, edges } = splitPeriod(period, 'month');
  const edgeLines = edges.map(({ from, until, sign }) =>
    db
      .selectFrom('sale_items as i')
      .where('i.created_at', '>=', from)
      .where('i.created_at', '<', until)
      .select(['i.product_id', 'i.measurement_id', sql<number>`${sql.lit(sign)} * i.quantity`.as('quantity')]),
  );
  const returned = db
    .selectFrom('sale_return_items as ri')
    .innerJoin('sale_returns as r', 'r.id', 'ri.return_id')
    .innerJoin('sale_items as i', 'i.id', 'ri.sale_item_id')
    .where('r.created_at', '>=', period.from)
    .where('r.created_at', '<', period.until)
    .select(['i.product_id', 'i.measurement_id', sql<number>`-ri.quantity`.as('quantity')]);
  const moves = [...edgeLines, returned];
  const perProduct = !whole
    ? summed(db, monthsIn(db, whole), moves)
    : monthStarts(whole[0], whole[1]).length === 1
      ? topOfOneMonth(db, whole[0], moves)
      : ((await topOverClosedMonths(db, whole, () => thousandthsOf(db, moves))) ??
        summed(db, monthsIn(db, whole), moves));
  // Only the bars' rows meet their names: those at or above the tenth largest quantity (ties on it are ordered by
  // name), each looked up by its key, not every product that sold joined to the catalogue, which on a chain's
  // 200,000 products was a scan of them all.
  const rows = await db
    .with('g', () => perProduct)
    .selectFrom('g')
    .select((eb) => [
      eb.selectFrom('products as p').select('p.name').whereRef('p.id', '=', 'g.product_id').$asScalar().as('product'),
      eb
        .selectFrom('measurements as m')
        .select('m.name')
        .whereRef('m.id', '=', 'g.measurement_id')
        .$asScalar()
        .as('name'),
      eb
        .selectFrom('measurements as m')
        .select('m.plural')
        .whereRef('m.id', '=', 'g.measurement_id')
        .$asScalar()
        .as('plural'),
      'g.quantity',
    ])
    .where((eb) => {
      const tenth = eb.selectFrom('g as t').select('t.quantity').orderBy('t.quantity', 'desc').limit(1).offset(9);
      return eb('g.quantity', '>=', eb.fn.coalesce(tenth, sql<number>`0`));
    })
    .orderBy('g.quantity', 'desc')
    .orderBy('product')
    .orderBy('name')
    .limit(10)
    .execute();
  return rows.map((r) => {
    const quantity = Number(r.quantity);
    return { label: `${r.product} (${unitLabel(quantity, r)})`, y: quantity };
  });
}

/** Quantities moved into or out of the period beside its whole months: its edges' lines and its returns. */
type Moves = SelectQueryBuilder<DB, any, { product_id: number; measurement_id: number; quantity: number }>;

const unionOf = ([first, ...rest]: Moves[]) => rest.reduce((all, more) => all.unionAll(more), first as Moves);

/** Each product's net quantity in the moves, in thousandths. */
const thousandthsOf = (db: Database, moves: Moves[]) =>
  db
    .selectFrom(unionOf(moves).as('l'))
    .select(['l.product_id', 'l.measurement_id', sql<string>`(sum(l.quantity) * 1000)::bigint`.as('thousandths')])
    .groupBy(['l.product_id', 'l.measurement_id'])
    .execute();

/** The product-months of the whole months. */
const monthsIn = (db: Database, whole: [string, string] | null): Moves =>
  db
    .selectFrom('sale_product_months as pm')
    .where(inWhole('pm.month', whole))
    .select(['pm.product_id', 'pm.measurement_id', 'pm.quantity']);

/** Every product and unit in `months` and the moves, summed by ids first so only those that sold meet their names. */
function summed(db: Database, months: Moves, moves: Moves[]) {
  const net = sql<number>`sum(l.quantity)`;
  return db
    .selectFrom(unionOf([months, ...moves]).as('l'))
    .select(['l.product_id', 'l.measurement_id', net.as('quantity')])
    .groupBy(['l.product_id', 'l.measurement_id'])
    .having(net, '>', 0);
}

/**
 * A period of one whole UTC month give or take its edges (the dashboard's default, this month): the same rows as
 * `summed` where a bar can be, without summing every product the month sold (55,000 at a chain's size). A product
 * and unit the edges and returns do not touch nets its month's quantity, so of those only the ones at or above the
 * tenth largest can be bars, read from the month's index in quantity order (migration 044); the few the edges'
 * hours of lines and the returns touch are netted one by one.
 */
function topOfOneMonth(db: Database, month: string, moves: Moves[]) {
  const monthOf = (alias: string) =>
    sql<number>`coalesce((SELECT t.quantity FROM sale_product_months t WHERE (t.month, t.product_id, t.measurement_id)
      = (${month}, ${sql.ref(`${alias}.product_id`)}, ${sql.ref(`${alias}.measurement_id`)})), 0)`;
  const netted = db
    .selectFrom(unionOf(moves).as('l'))
    .select(['l.product_id', 'l.measurement_id', sql<number>`sum(l.quantity) + ${monthOf('l')}`.as('quantity')])
    .groupBy(['l.product_id', 'l.measurement_id']);
  const untouched = (alias: string) =>
    sql<boolean>`NOT EXISTS (SELECT 1 FROM moved m WHERE m.product_id = ${sql.ref(`${alias}.product_id`)}
      AND m.measurement_id = ${sql.ref(`${alias}.measurement_id`)})`;
  const tenth = sql<number>`coalesce((SELECT t.quantity FROM sale_product_months t
    WHERE t.month = ${month} AND ${untouched('t')} ORDER BY t.quantity DESC OFFSET 9 LIMIT 1), 0)`;
  return db
    .with('moved', () => netted)
    .selectFrom('sale_product_months as pm')
    .select(['pm.product_id', 'pm.measurement_id', 'pm.quantity'])
    .where('pm.month', '=', month)
    .where('pm.quantity', '>=', tenth)
    .where('pm.quantity', '>', 0)
    .where(untouched('pm'))
    .unionAll((eb) =>
      eb
        .selectFrom('moved as m')
        .select(['m.product_id', 'm.measurement_id', 'm.quantity'])
        .where('m.quantity', '>', 0),
    );
}
