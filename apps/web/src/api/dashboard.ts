import { dashboardEndpoints } from 'virtual:contract-addresses';
import type { DashboardData, InputOf } from '@duka/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { callWith } from './client.ts';
import { queryKeyOf } from './queries.ts';

// The dashboard's figures over a period (asked early by the router, so this file calls through the dashboard's
// contract's address: the first page's code carries no contract, vite.config.ts, contractAddresses).

/** A period of shop days, YYYY-MM-DD, both included (as the answer names its own). */
export type DashboardDates = DashboardData['period'];

const figuresInput = (dates?: DashboardDates): InputOf<typeof dashboardEndpoints.figures> =>
  dates ? { query: dates } : {};

/**
 * The dashboard's figures over `dates`; without, over the server's default period, the current month in the shop's
 * time zone (the answer names its days). The default needs neither the shop's zone nor the page's code, so a reload
 * of the dashboard asks it alongside the session questions.
 */
const dashboardQuery = (dates?: DashboardDates) =>
  queryOptions({
    queryKey: queryKeyOf(dashboardEndpoints.figures, figuresInput(dates)),
    queryFn: () => callWith(dashboardEndpoints.figures, figuresInput(dates)),
    // The answer asked before the page's code came is not asked again as the page opens; one older than this is.
    staleTime: 5_000,
  });

/** The figures over `dates` (the default period without), asked while `enabled`. */
export const useDashboard = (dates: DashboardDates | undefined, enabled: boolean) =>
  useQuery({ ...dashboardQuery(dates), enabled, select: (answer) => answer.data });

/** Asks the default period's figures ahead of the page (the router, before the first render). */
export const prefetchDashboard = (client: QueryClient) => client.prefetchQuery(dashboardQuery());
