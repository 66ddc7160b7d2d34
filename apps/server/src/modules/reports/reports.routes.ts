// The eight sales and inventory reports (issue 10; part 2 §2.8, §7): each a declaration from packages/shared and a
// hand-written query here; platform/report-routes.ts makes the list and its two exports from them.
import {
  agingBand,
  consolidatedSalesReport,
  dailySalesReport,
  monthlySalesReport,
  stockAgingReport,
  stockBalanceReport,
  stockLowAlertReport,
  stockReport,
  stockStatus,
  weeklySalesReport,
} from '@duka/shared';
import type { FastifyPluginAsync } from 'fastify';
import { invalidField } from '../../platform/errors.ts';
import {
  addDays,
  monthDays,
  type Period,
  periodBetween,
  periodHolding,
  resolvePeriod,
  shopDay,
} from '../../platform/period.ts';
import { registerReport } from '../../platform/report-routes.ts';
import type { AppServices } from '../../services.ts';
import * as sales from './sales-reports.queries.ts';
import * as stock from './stock-reports.queries.ts';

const periodOf = (period: Period) => ({ startDate: period.start, endDate: period.end });
const withStatus = <Row extends { balance: number; min_stock_level: number }>(row: Row) => ({
  ...row,
  status: stockStatus(row.balance, row.min_stock_level),
});

export const reportRoutes: FastifyPluginAsync<AppServices> = async (app, { db, timeZone }) => {
  const today = () => shopDay(timeZone);
  const saleLines = (period: Period, search: string | undefined) => ({
    rows: sales.saleLineRows(db, period, search),
    total: sales.totalSales(db, period, search),
  });

  registerReport(
    app,
    dailySalesReport,
    {
      run: async (query) => {
        const period = periodHolding('daily', query.Date ?? today(), timeZone);
        const { rows, total } = saleLines(period, query.search);
        const [total_sales, last_sold_date] = await Promise.all([total, sales.lastSoldDate(db, period, timeZone)]);
        return { rows, extras: { last_sold_date, total_sales }, period: periodOf(period) };
      },
    },
    timeZone,
  );

  registerReport(
    app,
    weeklySalesReport,
    {
      run: async (query) => {
        const period = periodHolding('weekly', query.week_start ?? today(), timeZone);
        const { rows, total } = saleLines(period, query.search);
        return {
          rows,
          extras: { week_start: period.start, week_end: period.end, total_sales: await total },
          period: periodOf(period),
        };
      },
    },
    timeZone,
  );

  registerReport(
    app,
    monthlySalesReport,
    {
      run: async (query) => {
        const month = query.month ?? today().slice(0, 7);
        if (month > today().slice(0, 7)) throw invalidField('month', 'The month cannot be in the future.');
        const period = periodBetween(...monthDays(month), timeZone);
        const { rows, total } = saleLines(period, query.search);
        return { rows, extras: { selected_month: month, total_sales: await total }, period: periodOf(period) };
      },
    },
    timeZone,
  );

  registerReport(
    app,
    consolidatedSalesReport,
    {
      run: async (query) => {
        const period = resolvePeriod(query.report_type, query.date_range, timeZone);
        const { rows, total } = saleLines(period, query.search);
        return {
          rows,
          extras: { report_start: period.start, report_end: period.end, total_sales: await total },
          period: periodOf(period),
        };
      },
    },
    timeZone,
  );

  registerReport(
    app,
    stockReport,
    {
      run: async (query) => {
        const period = resolvePeriod(query.report_type, query.date_range, timeZone);
        return {
          rows: stock.receivedRows(db, period, query.search),
          extras: {
            report_start: period.start,
            report_end: period.end,
            total_stocks: await stock.totalReceivedCost(db, period, query.search),
          },
          period: periodOf(period),
        };
      },
    },
    timeZone,
  );

  registerReport(
    app,
    stockBalanceReport,
    {
      run: async (query) => {
        const period = resolvePeriod(query.report_type, query.date_range, timeZone);
        return {
          rows: stock.balanceRows(db, period, query.search),
          extras: {
            report_start: period.start,
            report_end: period.end,
            total_stocks: await stock.totalBalanceValue(db, period, query.search),
          },
          period: periodOf(period),
        };
      },
      present: withStatus,
    },
    timeZone,
  );

  registerReport(
    app,
    stockLowAlertReport,
    {
      run: async (query) => ({
        rows: stock.lowStockRows(db, query.search),
        extras: { total_stocks: await stock.totalLowStockValue(db, query.search) },
      }),
      present: withStatus,
    },
    timeZone,
  );

  registerReport(
    app,
    stockAgingReport,
    {
      run: async (query) => {
        const days = query.aging_period === 'custom' ? (query.custom_days as number) : Number(query.aging_period);
        const now = today();
        const thresholdDate = addDays(now, -days);
        return {
          rows: stock.agingRows(db, now, thresholdDate, query.search),
          extras: {
            total_value: await stock.totalAgedValue(db, thresholdDate, query.search),
            threshold_date: thresholdDate,
            aging_threshold: `${days} days`,
          },
          period: { endDate: thresholdDate },
        };
      },
      present: (row) => ({ ...row, aging_period: agingBand(row.days_in_stock) }),
    },
    timeZone,
  );
};
