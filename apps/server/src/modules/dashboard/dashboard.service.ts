// The dashboard's figures over a period of the shop's days, the current month by default. The
// period is resolved by the shared period module, and revenue, cost of goods sold, expenses and losses come from the
// very functions the profit and loss report calls, so the two agree to the shilling for the same period.
import { unitLabel } from '@duka/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
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
  const sold = edges.reduce(
    (query, { from, until, sign }) =>
      query.unionAll(
        db
          .selectFrom('sale_items as i')
          .where('i.created_at', '>=', from)
          .where('i.created_at', '<', until)
          .select(['i.product_id', 'i.measurement_id', sql<number>`${sql.lit(sign)} * i.quantity`.as('quantity')]),
      ),
    db
      .selectFrom('sale_product_months as pm')
      .where(inWhole('pm.month', whole))
      .select(['pm.product_id', 'pm.measurement_id', 'pm.quantity']),
  );
  const returned = db
    .selectFrom('sale_return_items as ri')
    .innerJoin('sale_returns as r', 'r.id', 'ri.return_id')
    .innerJoin('sale_items as i', 'i.id', 'ri.sale_item_id')
    .where('r.created_at', '>=', period.from)
    .where('r.created_at', '<', period.until)
    .select(['i.product_id', 'i.measurement_id', sql<number>`-ri.quantity`.as('quantity')]);
  // Summed by ids first, so only the products that sold meet their names, not every line.
  const net = sql<number>`sum(l.quantity)`;
  const perProduct = db
    .selectFrom(sold.unionAll(returned).as('l'))
    .select(['l.product_id', 'l.measurement_id', net.as('quantity')])
    .groupBy(['l.product_id', 'l.measurement_id'])
    .having(net, '>', 0);
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
