// The dashboard's figures over a period of the shop's days, the current month by default. The
// period is resolved by the shared period module, and revenue, cost of goods sold, expenses and losses come from the
// very functions the profit and loss report calls, so the two agree to the shilling for the same period.
import { unitLabel } from '@duka/shared';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { type Period, periodBetween, periodHolding, shopDay } from '../../platform/period.ts';
import { receivablesTotals } from '../customers/receivables.queries.ts';
import { totalExpenses } from '../expenses/expenses.queries.ts';
import { payablesTotal } from '../purchasing/supplier-account.queries.ts';
import { costOfGoodsSold, totalRevenue as totalRevenueOf } from '../reports/financial-reports.queries.ts';
import { inWhole, splitPeriod } from '../reports/line-rollups.ts';
import { totalWriteOffCost } from '../stock/adjustments.queries.ts';

export interface DashboardQuery {
  startDate?: string;
  endDate?: string;
}

/** The asked period; a missing end (or start) is the current month's, so `?startDate=` alone runs to its end. */
export function dashboardPeriod(timeZone: string, query: DashboardQuery, now = new Date()): Period {
  const month = periodHolding('monthly', shopDay(timeZone, now), timeZone);
  return periodBetween(query.startDate ?? month.start, query.endDate ?? month.end, timeZone);
}

/**
 * The top 10 products by quantity sold, one bar per product and unit of measurement: bags and kilograms of one
 * product are two bars, never one sum. A return counts on its own day as sales do, so the quantity is what was sold
 * in the period less what came back in it; a product that nets nothing is not a top product. The unit is in the label
 * ("Cement (Bags)"), plural past one as on receipts (a name already ending in s is left as it is).
 */
async function topProducts(db: Database, period: Period) {
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
  const perProduct =
    whole && isOneMonth(whole)
      ? topOfOneMonth(db, whole[0], [...edgeLines, returned])
      : summed(db, whole, [...edgeLines, returned]);
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

/** Every product and unit sold in the period, summed by ids first so only those that sold meet their names. */
function summed(db: Database, whole: [string, string] | null, moves: Moves[]) {
  const months = db
    .selectFrom('sale_product_months as pm')
    .where(inWhole('pm.month', whole))
    .select(['pm.product_id', 'pm.measurement_id', 'pm.quantity']);
  const net = sql<number>`sum(l.quantity)`;
  return db
    .selectFrom(unionOf([months, ...moves]).as('l'))
    .select(['l.product_id', 'l.measurement_id', net.as('quantity')])
    .groupBy(['l.product_id', 'l.measurement_id'])
    .having(net, '>', 0);
}

const isOneMonth = ([from, until]: [string, string]) => {
  const next = new Date(`${from}T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next.toISOString().slice(0, 10) === until;
};

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

/** The figures beyond revenue and the chart that the user's keys open. */
export interface DashboardReach {
  /** The Profit and Loss report's holders: stock value, profits and losses. */
  withProfit: boolean;
  /** The receivables report's holders: what customers owe. */
  withReceivables: boolean;
  /** The payables report's holders: what the shop owes its suppliers. */
  withPayables: boolean;
}

/**
 * The period's figures. Stock value, profits and losses are figures of the Profit and Loss report, so only its
 * holders (`withProfit`) get them, and they are not even computed for anyone else; what customers owe is the
 * receivables report's total, for its holders alike (`withReceivables`), and is the amount owed now whatever the
 * period. Everyone else gets the revenue and the top products.
 */
export async function dashboardFigures(
  db: Database,
  timeZone: string,
  query: DashboardQuery,
  { withProfit, withReceivables, withPayables }: DashboardReach,
) {
  const period = dashboardPeriod(timeZone, query);
  // All at once: the profit figures do not wait for the revenue and the chart.
  const [totalRevenue, chart, profit, owed, owing] = await Promise.all([
    totalRevenueOf(db, period),
    topProducts(db, period),
    withProfit ? profitFigures(db, period) : undefined,
    withReceivables ? receivablesTotals(db) : undefined,
    withPayables ? payablesTotal(db) : undefined,
  ]);
  const figures = {
    period: { startDate: period.start, endDate: period.end },
    total_revenue: totalRevenue,
    chart_data: chart,
    ...(owed ? { receivables: { total: owed.total_receivables, over_limit_count: owed.over_limit_count } } : {}),
    ...(owing === undefined ? {} : { payables: { total: owing } }),
  };
  if (!profit) return figures;
  const grossProfit = totalRevenue - profit.cost;
  return {
    ...figures,
    stock_value: profit.stockValue,
    gross_profit: grossProfit,
    total_expenses: profit.expenses,
    total_loss: profit.totalLoss,
    net_profit: grossProfit - profit.expenses - profit.totalLoss,
  };
}

/** The stock value now and the period's cost of goods sold, expenses and write-off losses. */
async function profitFigures(db: Database, period: Period) {
  // Expenses and write-offs are dated by shop day; both totals are their own lists' totals, to the shilling.
  const days = { startDate: period.start, endDate: period.end };
  const [stock, cost, expenses, totalLoss] = await Promise.all([
    // Σ balance × unit cost over the live batches, rounded once: the exact sum the database keeps per stock date
    // (migration 039), a few thousand rows however many batches are in stock.
    sql<{ value: string }>`SELECT coalesce(round(sum(cost)), 0)::bigint AS value FROM stock_totals`
      .execute(db)
      .then((result) => result.rows[0]),
    costOfGoodsSold(db, period),
    totalExpenses(db, days),
    totalWriteOffCost(db, days),
  ]);
  return { stockValue: Number(stock?.value ?? 0), cost, expenses, totalLoss };
}
