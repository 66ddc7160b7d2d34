import { formatMoney } from '@duka/shared';
import { Button, Group, Paper, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api, errorMessage } from '../../api/client.ts';
import { toQueryString } from '../../api/lists.ts';
import { lazyWhenVisible } from '../../app/lazy-page.tsx';
import { FormAlerts } from '../../components/FormAlerts.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import {
  DASHBOARD_PERIODS,
  type DashboardPeriod,
  DEFAULT_DASHBOARD_PERIOD,
  isDashboardPeriod,
  periodDays,
} from './dashboard-periods.ts';
import { OpenDiscrepanciesAlert } from './OpenDiscrepanciesAlert.tsx';

// ECharts is large: its chunk is fetched once the chart's place (450 px, under the cards) comes into view (issue 12).
const TopProductsChart = lazyWhenVisible(() => import('./TopProductsChart.tsx'), 'TopProductsChart', 450);

// Stock value, profits and losses come only to holders of the Profit and Loss report.
interface Dashboard {
  period: { startDate: string; endDate: string };
  stock_value?: number;
  total_revenue: number;
  gross_profit?: number;
  total_expenses?: number;
  total_loss?: number;
  net_profit?: number;
  chart_data: { label: string; y: number }[];
}

type Figure = 'stock_value' | 'total_revenue' | 'gross_profit' | 'total_expenses' | 'total_loss' | 'net_profit';

// Net profit = gross profit − expenses − losses (PRODUCT.md §7): the three cards before it say how it was reached.
const CARDS: [Figure, string][] = [
  ['stock_value', 'Stock Value'],
  ['total_revenue', 'Total Revenue'],
  ['gross_profit', 'Gross Profit'],
  ['total_expenses', 'Expenses'],
  ['total_loss', 'Total Loss'],
  ['net_profit', 'Net Profit'],
];

/** The period in the address (`?period=last_month`, or custom with its days), so a reload or a link keeps it. */
function useDashboardPeriod() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('period');
  const period = isDashboardPeriod(asked) ? asked : DEFAULT_DASHBOARD_PERIOD;
  const dates =
    period === 'custom'
      ? { startDate: params.get('startDate') ?? '', endDate: params.get('endDate') ?? '' }
      : periodDays(period);
  const choose = (next: DashboardPeriod, days?: { startDate: string; endDate: string }) =>
    setParams(next === 'custom' && days ? { period: next, ...days } : { period: next }, { replace: true });
  return { period, dates, choose };
}

// The month's figures by default; the picker asks for another period and the cards and the chart follow it.
export function DashboardPage() {
  const { period, dates, choose } = useDashboardPeriod();
  const [draft, setDraft] = useState(dates);
  const dashboard = useQuery({
    queryKey: ['/dashboard', dates],
    queryFn: async () => (await api<{ data: Dashboard }>('GET', `/dashboard${toQueryString(dates)}`)).data,
    enabled: period !== 'custom' || Boolean(dates.startDate && dates.endDate),
  });
  // The cards and the chart are built at transition priority, which React splits into short slices, instead of in
  // the one task the answer arrives in (issue 12); the loader stays until they are.
  const shown = useDeferredValue(dashboard.data);
  const isRendering = shown !== dashboard.data;
  return (
    <>
      <PageHeader title="Dashboard" trail={[{ label: 'Dashboard' }]} />
      <OpenDiscrepanciesAlert />
      <Group align="flex-end" mb="md">
        <Select
          label="Period"
          data={DASHBOARD_PERIODS.map((p) => ({ value: p.value, label: p.label }))}
          value={period}
          allowDeselect={false}
          // Its options are put in the page only while open: kept mounted (Mantine's default), the closed list was
          // positioned on mount, forcing a style and layout pass in the long task that opens the page (issue 12).
          comboboxProps={{ keepMounted: false }}
          onChange={(value) => {
            if (!isDashboardPeriod(value)) return;
            if (value === 'custom') setDraft(dates);
            choose(value, value === 'custom' ? dates : undefined);
          }}
          w={160}
        />
        {period === 'custom' && (
          <>
            <TextInput
              label="Start Date"
              type="date"
              value={draft.startDate}
              onChange={(e) => setDraft({ ...draft, startDate: e.currentTarget.value })}
            />
            <TextInput
              label="End Date"
              type="date"
              value={draft.endDate}
              onChange={(e) => setDraft({ ...draft, endDate: e.currentTarget.value })}
            />
            <Button
              variant="default"
              disabled={!draft.startDate || !draft.endDate}
              onClick={() => choose('custom', draft)}
            >
              Apply
            </Button>
          </>
        )}
        {dashboard.data && (
          <Text c="dimmed" size="sm" data-testid="dashboard-period">
            {dashboard.data.period.startDate} to {dashboard.data.period.endDate}
          </Text>
        )}
      </Group>
      {dashboard.isError && (
        <FormAlerts
          state={{ error: errorMessage(dashboard.error, 'Failed to load dashboard data.') }}
          onClose={() => dashboard.refetch()}
        />
      )}
      {dashboard.isLoading || isRendering ? (
        <PageLoader />
      ) : (
        shown && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3, lg: 6 }} mb="md">
              {shownCards(shown).map(([key, label, figure]) => (
                <Paper key={key} p="md" withBorder>
                  <Text size="sm" c="dimmed">
                    {label}
                  </Text>
                  <Text fw={700} size="xl" data-testid={`card-${key}`}>
                    UGX {formatMoney(figure)}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
            <Paper p="md" withBorder>
              <TopProductsChart points={shown.chart_data} />
            </Paper>
          </>
        )
      )}
    </>
  );
}

/** The cards the server sent figures for, in the screen's order. */
function shownCards(data: Dashboard): [Figure, string, number][] {
  return CARDS.flatMap(([key, label]) => {
    const figure = data[key];
    return typeof figure === 'number' ? [[key, label, figure] as [Figure, string, number]] : [];
  });
}
