// The dashboard's figures over a period of the shop's days, the current month by default. The
// period is resolved by the shared period module, and revenue, cost of goods sold, expenses and losses come from the
// very functions the profit and loss report calls, so the two agree to the shilling for the same period.
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { type Period, periodBetween, periodHolding, shopDay } from '../../platform/period.ts';
import { receivablesTotals } from '../customers/receivables.queries.ts';
import { totalExpenses } from '../expenses/expenses.queries.ts';
import { payablesTotal } from '../purchasing/supplier-account.queries.ts';
import { costOfGoodsSold, totalRevenue as totalRevenueOf } from '../reports/financial-reports.queries.ts';
import { totalWriteOffCost } from '../stock/adjustments.queries.ts';
import { topProducts } from './top-products.ts';

export interface DashboardQuery {
  startDate?: string;
  endDate?: string;
}

/** The asked period; a missing end (or start) is the current month's, so `?startDate=` alone runs to its end. */
export function dashboardPeriod(timeZone: string, query: DashboardQuery, now = new Date()): Period {
  const month = periodHolding('monthly', shopDay(timeZone, now), timeZone);
  return periodBetween(query.startDate ?? month.start, query.endDate ?? month.end, timeZone);
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
