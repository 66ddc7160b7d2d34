import type { QueryClient } from '@tanstack/react-query';
import { prefetchDashboard } from '../../api/dashboard.ts';

/** The address's period, if it names one (`?period=…`); none is the default period. */
export const namedPeriod = (search: string) => new URLSearchParams(search).get('period');

/** Asks the opened dashboard's figures at once (router.tsx, before the first render) when they are the default's. */
export function askDashboardEarly(client: QueryClient) {
  if (namedPeriod(window.location.search) === null) void prefetchDashboard(client);
}
