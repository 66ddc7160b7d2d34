// The dashboard's period choices, as the startDate/endDate the server takes. Days are the shop's
// (shopToday, in the time zone /loggedinuser names); weeks start on Monday. Without dates the server answers the
// current month, the default.

import { shopToday } from '../../components/dates/day-text.ts';

export const DASHBOARD_PERIODS = [
  { value: 'today', label: 'Today' },
  { value: 'this_week', label: 'This week' },
  { value: 'this_month', label: 'This month' },
  { value: 'last_month', label: 'Last month' },
  { value: 'this_year', label: 'This year' },
  { value: 'custom', label: 'Custom' },
] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number]['value'];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = 'this_month';

export const isDashboardPeriod = (value: string | null): value is DashboardPeriod =>
  DASHBOARD_PERIODS.some((p) => p.value === value);

const DAY = 86_400_000;
const addDays = (day: string, days: number) =>
  new Date(new Date(`${day}T00:00:00Z`).getTime() + days * DAY).toISOString().slice(0, 10);
/** The last day of the month that holds `day`. */
const monthEnd = (day: string) => addDays(`${addDays(`${day.slice(0, 7)}-28`, 4).slice(0, 7)}-01`, -1);

/** A preset's first and last day (both included), from the shop's today. */
export function periodDays(
  period: Exclude<DashboardPeriod, 'custom'>,
  today = shopToday(),
): { startDate: string; endDate: string } {
  switch (period) {
    case 'today':
      return { startDate: today, endDate: today };
    case 'this_week': {
      const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
      return { startDate: monday, endDate: addDays(monday, 6) };
    }
    case 'this_month':
      return { startDate: `${today.slice(0, 7)}-01`, endDate: monthEnd(today) };
    case 'last_month': {
      const lastDay = addDays(`${today.slice(0, 7)}-01`, -1);
      return { startDate: `${lastDay.slice(0, 7)}-01`, endDate: lastDay };
    }
    case 'this_year':
      return { startDate: `${today.slice(0, 4)}-01-01`, endDate: `${today.slice(0, 4)}-12-31` };
  }
}
