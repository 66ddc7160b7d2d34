// The five financial reports: each a declaration from packages/shared and the queries beside this file;
// platform/list-routes.ts makes the list and its two exports from them. Private keys: the Administrator's.
import { expenseReport, paymentLabel, profitLossReport, revenueReport, supplierReport, taxReport } from '@duka/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { addDays, daysBetween, type Period, periodBetween } from '../../platform/period.ts';
import type { AppServices } from '../../services.ts';
import { expenseQuery, expensesByCategory, totalExpenses } from '../expenses/expenses.queries.ts';
import * as money from './financial-reports.queries.ts';
import { byReportType, registerPeriodReport, reportBounds } from './period-report.ts';

/** The period of the same length that ends the day before `period` starts. */
export function previousPeriod(period: Period, timeZone: string): Period {
  const length = daysBetween(period.start, period.end) + 1;
  return periodBetween(addDays(period.start, -length), addDays(period.start, -1), timeZone);
}

export const financialReportRoutes: FastifyPluginAsync<AppServices> = async (app, { db, timeZone }) => {
  const periodFor = byReportType(timeZone);

  /** The revenue and tax reports: a row per shop day with sales, and cards from one totals query over the period. */
  const perShopDay = <Row, Totals>(
    declaration: typeof revenueReport | typeof taxReport,
    rows: (db: Database, period: Period, timeZone: string) => SelectQueryBuilder<any, any, Row>,
    totals: (db: Database, period: Period) => Promise<Totals>,
    cards: (totals: Totals) => Record<string, unknown>,
  ) =>
    registerPeriodReport(
      app,
      declaration,
      {
        period: periodFor,
        run: async (period) => ({
          rows: rows(db, period, timeZone),
          extras: { ...reportBounds(period), ...cards(await totals(db, period)) },
        }),
      },
      timeZone,
    );

  perShopDay(
    revenueReport,
    money.revenueRows,
    (db, period) => Promise.all([money.revenueTotals(db, period), money.accountTotals(db, period)]),
    ([totals, account]) => ({
      total_revenue: totals.revenue,
      total_discount: totals.discount,
      total_returns: totals.returns,
      by_payment_method: totals.byMethod,
      on_account: account.onAccount,
      account_payments: account.accountPayments,
    }),
  );

  registerPeriodReport(
    app,
    profitLossReport,
    {
      period: periodFor,
      run: async (period) => {
        const previous = previousPeriod(period, timeZone);
        const [now, before] = await Promise.all([money.profitAndLoss(db, period), money.profitAndLoss(db, previous)]);
        return {
          rows: money.linesAsRows(db, money.statementLines(now, before)),
          extras: {
            ...reportBounds(period),
            previous_start: previous.start,
            previous_end: previous.end,
            revenue: now.revenue,
            cost_of_goods_sold: now.costOfGoodsSold,
            gross_profit: now.grossProfit,
            gross_margin: now.grossMargin,
            total_expenses: now.expenses,
            total_loss: now.loss,
            net_profit: now.netProfit,
          },
        };
      },
    },
    timeZone,
  );

  registerPeriodReport(
    app,
    expenseReport,
    {
      period: periodFor,
      run: async (period, search) => {
        const filter = { startDate: period.start, endDate: period.end, search };
        const [total, byCategory] = await Promise.all([totalExpenses(db, filter), expensesByCategory(db, filter)]);
        return {
          rows: expenseQuery(db, filter),
          extras: { ...reportBounds(period), total_expenses: total, by_category: byCategory },
        };
      },
      present: (row) => ({ ...row, payment: paymentLabel(row.payment_method) }),
    },
    timeZone,
  );

  registerPeriodReport(
    app,
    supplierReport,
    {
      period: periodFor,
      run: async (period, search) => ({
        rows: money.supplierRows(db, period, search),
        extras: { ...reportBounds(period), total_purchases: await money.totalPurchases(db, period, search) },
      }),
    },
    timeZone,
  );

  perShopDay(taxReport, money.taxRows, money.taxTotals, (totals) => ({
    total_taxable: totals.taxable,
    total_tax: totals.tax,
  }));
};
