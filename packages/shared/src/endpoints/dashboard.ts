import { z } from 'zod';
import { can, defineEndpoint } from '../contract/endpoint.ts';
import { dateRangeSchema } from '../list.schemas.ts';

// The dashboard: its cards and top-products chart over a period of shop days (the current month by default).

/** One bar of the top products: "Cement (Bags)" and the quantity sold less returned in the period. */
export const dashboardBar = z.object({ label: z.string(), y: z.number() });
export type DashboardBar = z.output<typeof dashboardBar>;

export const dashboardData = z.object({
  /** The period the figures cover, YYYY-MM-DD. */
  period: z.object({ startDate: z.string(), endDate: z.string() }),
  total_revenue: z.number(),
  /** The top 10 products by net quantity, one bar per product and unit. */
  chart_data: z.array(dashboardBar),
  /** The figures below only for holders of the Profit and Loss report (reportProfitLossList). */
  stock_value: z.number().optional(),
  gross_profit: z.number().optional(),
  total_expenses: z.number().optional(),
  total_loss: z.number().optional(),
  net_profit: z.number().optional(),
  /** What customers owe now, whatever the period: the receivables report's total_receivables and over_limit_count.
   * Only for holders of the receivables report (reportReceivablesList). */
  receivables: z.object({ total: z.number(), over_limit_count: z.number() }).optional(),
  /** What the shop owes its suppliers now, whatever the period: the payables report's total_payables. Only for
   * holders of the payables report (reportPayablesList). */
  payables: z.object({ total: z.number() }).optional(),
});
export type DashboardData = z.output<typeof dashboardData>;

export const dashboardEndpoints = {
  figures: defineEndpoint({
    method: 'GET',
    path: '/dashboard',
    access: can('dashboard'),
    resource: ['dashboard', 'sale', 'stock', 'expense', 'customer', 'goodsReceived', 'supplierPayment'],
    query: dateRangeSchema,
    answer: z.object({ success: z.literal(true), message: z.string(), data: dashboardData }),
    summary: "The dashboard's cards and top products over a period (the current month by default).",
  }),
};
