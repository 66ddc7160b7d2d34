// The eight sales and inventory reports: each a declaration from packages/shared and a
// hand-written query here; platform/list-routes.ts makes the list and its two exports from them.
import {
  agingBand,
  consolidatedSalesReport,
  dailySalesReport,
  type ListDeclaration,
  type ListQueryOf,
  monthlySalesReport,
  type StockAgingQuery,
  stockAgingReport,
  stockBalanceReport,
  stockLowAlertReport,
  stockReport,
  stockStatus,
  weeklySalesReport,
} from '@duka/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { invalidField } from '../../platform/errors.ts';
import { registerList } from '../../platform/list-routes.ts';
import { addDays, monthDays, type Period, periodBetween, periodHolding, shopDay } from '../../platform/period.ts';
import type { AppServices } from '../../services.ts';
import { byReportType, registerPeriodReport, reportBounds } from './period-report.ts';
import * as sales from './sales-reports.queries.ts';
import * as stock from './stock-reports.queries.ts';

const withStatus = <Row extends { balance: number; min_stock_level: number }>(row: Row) => ({
  ...row,
  status: stockStatus(row.balance, row.min_stock_level),
});

export const reportRoutes: FastifyPluginAsync<AppServices> = async (app, { db, timeZone }) => {
  const today = () => shopDay(timeZone);

  /** The four sales reports: the same sale lines and total sales over their period, each with its own cards. */
  const salesReport = <D extends ListDeclaration>(
    declaration: D,
    period: (query: ListQueryOf<D>) => Period,
    cards: (period: Period) => Promise<Record<string, unknown>> | Record<string, unknown>,
  ) =>
    registerPeriodReport(
      app,
      declaration,
      {
        period,
        run: async (period, search) => ({
          rows: sales.saleLineRows(db, period, search),
          extras: Promise.all([cards(period), sales.totalSales(db, period, search)]).then(([extras, total_sales]) => ({
            ...extras,
            total_sales,
          })),
        }),
      },
      timeZone,
    );

  salesReport(
    dailySalesReport,
    (query) => periodHolding('daily', query.Date ?? today(), timeZone),
    async (period) => ({ last_sold_date: await sales.lastSoldDate(db, period, timeZone) }),
  );
  salesReport(
    weeklySalesReport,
    (query) => periodHolding('weekly', query.week_start ?? today(), timeZone),
    (period) => ({ week_start: period.start, week_end: period.end }),
  );
  salesReport(
    monthlySalesReport,
    (query) => {
      const month = query.month ?? today().slice(0, 7);
      if (month > today().slice(0, 7)) throw invalidField('month', 'The month cannot be in the future.');
      return periodBetween(...monthDays(month), timeZone);
    },
    (period) => ({ selected_month: period.start.slice(0, 7) }),
  );
  salesReport(consolidatedSalesReport, byReportType(timeZone), reportBounds);

  /**
   * The stock and stock balance reports: batches over a report type and range, and the stock's value over it. Their
   * count comes from the kept day rows without a search (stock-reports.queries.ts), and deep pages walk the order's
   * index by batch id.
   */
  const periodOf = byReportType(timeZone);
  const batchesOverPeriod = <Row, Shown = Row>(
    declaration: typeof stockReport | typeof stockBalanceReport,
    rows: (db: Database, period: Period, search: string | undefined) => SelectQueryBuilder<any, any, Row>,
    total: (db: Database, period: Period, search: string | undefined) => Promise<number>,
    count: (db: Database, period: Period, search: string | undefined) => { count?: Promise<number> },
    present?: (row: Row) => Shown,
  ) =>
    registerList(
      app,
      declaration,
      {
        run: async (query) => {
          const period = periodOf(query);
          return {
            rows: rows(db, period, query.search),
            extras: total(db, period, query.search).then((total_stocks) => ({ ...reportBounds(period), total_stocks })),
            period: { startDate: period.start, endDate: period.end },
          };
        },
        present,
        key: 's.id',
        paging: (query) => count(db, periodOf(query), query.search),
      },
      timeZone,
    );
  batchesOverPeriod(stockReport, stock.receivedRows, stock.totalReceivedCost, stock.receivedCount);
  batchesOverPeriod(stockBalanceReport, stock.balanceRows, stock.totalBalanceValue, stock.balanceCount, withStatus);

  registerList(
    app,
    stockLowAlertReport,
    {
      run: async (query) => ({
        rows: stock.lowStockRows(db, query.search),
        extras: stock.totalLowStockValue(db, query.search).then((total_stocks) => ({ total_stocks })),
      }),
      present: withStatus,
      key: 's.id',
      paging: (query) => stock.lowStockCount(db, query.search),
    },
    timeZone,
  );

  const agingDays = (query: StockAgingQuery) =>
    query.aging_period === 'custom' ? (query.custom_days as number) : Number(query.aging_period);
  const agingThreshold = (query: StockAgingQuery) => addDays(today(), -agingDays(query));
  registerList(
    app,
    stockAgingReport,
    {
      run: async (query) => {
        const days = agingDays(query);
        const now = today();
        const thresholdDate = addDays(now, -days);
        return {
          rows: stock.agingRows(db, now, thresholdDate, query.search),
          extras: stock.totalAgedValue(db, thresholdDate, query.search).then((total_value) => ({
            total_value,
            threshold_date: thresholdDate,
            aging_threshold: `${days} days`,
          })),
          period: { endDate: thresholdDate },
        };
      },
      present: (row) => ({ ...row, aging_period: agingBand(row.days_in_stock) }),
      key: 's.id',
      paging: (query) => stock.agedCount(db, agingThreshold(query), query.search),
    },
    timeZone,
  );
};
