import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { toQueryString } from '../../api/lists.ts';

// Stock value, profits and losses come only to holders of the Profit and Loss report.
export interface Dashboard {
  period: { startDate: string; endDate: string };
  stock_value?: number;
  total_revenue: number;
  gross_profit?: number;
  total_expenses?: number;
  total_loss?: number;
  net_profit?: number;
  chart_data: { label: string; y: number }[];
}

export type DashboardDates = { startDate: string; endDate: string };

/**
 * The dashboard's figures over `dates`; without, over the server's default period, the current month in the shop's
 * time zone (the answer names its days). The default needs neither the shop's zone nor the page's code, so a reload
 * of the dashboard asks it alongside the session questions.
 */
export const dashboardQuery = (dates?: DashboardDates) =>
  queryOptions({
    queryKey: ['/dashboard', dates ?? 'default'],
    queryFn: async () => (await api<{ data: Dashboard }>('GET', `/dashboard${dates ? toQueryString(dates) : ''}`)).data,
    // The answer asked before the page's code came is not asked again as the page opens; one older than this is.
    staleTime: 5_000,
  });

/** The address's period, if it names one (`?period=…`); none is the default period. */
export const namedPeriod = (search: string) => new URLSearchParams(search).get('period');

/** Asks the opened dashboard's figures at once (router.tsx, before the first render) when they are the default's. */
export function askDashboardEarly(client: QueryClient) {
  if (namedPeriod(window.location.search) === null) void client.prefetchQuery(dashboardQuery());
}
