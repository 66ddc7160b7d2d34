import { payablesReport } from 'virtual:list-links';
import { type DashboardData, formatMoney } from '@duka/shared';
import { Button, Group, Loader, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { type DashboardDates, useDashboard } from '../../api/dashboard.ts';
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
import { OwedCard } from './OwedCard.tsx';
import { ReceivablesCard } from './ReceivablesCard.tsx';
import { TopProductsChart } from './TopProductsChart.tsx';

// The custom period's date fields come when Custom is chosen: the dashboard opens on a preset period.
const RangeInput = lazy(() =>
  import('../../components/dates/RangeInput.tsx').then((module) => ({ default: module.RangeInput })),
);

type Figure = 'stock_value' | 'total_revenue' | 'gross_profit' | 'total_expenses' | 'total_loss' | 'net_profit';

// Net profit = gross profit − expenses − losses: the three cards before it say how it was reached.
const CARDS: [Figure, string][] = [
  ['stock_value', 'Stock Value'],
  ['total_revenue', 'Total Revenue'],
  ['gross_profit', 'Gross Profit'],
  ['total_expenses', 'Expenses'],
  ['total_loss', 'Total Loss'],
  ['net_profit', 'Net Profit'],
];

/**
 * The period in the address (`?period=last_month`, or custom with its days), so a reload or a link keeps it. With
 * none, the default period is asked without days (the server's current month): `dates` is then undefined.
 */
function useDashboardPeriod() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('period');
  const period = isDashboardPeriod(asked) ? asked : DEFAULT_DASHBOARD_PERIOD;
  const dates: DashboardDates | undefined =
    period === 'custom'
      ? { startDate: params.get('startDate') ?? '', endDate: params.get('endDate') ?? '' }
      : asked === null
        ? undefined
        : periodDays(period);
  const choose = (next: DashboardPeriod, days?: DashboardDates) =>
    setParams(next === 'custom' && days ? { period: next, ...days } : { period: next }, { replace: true });
  return { period, dates, choose };
}

// The month's figures by default; the picker asks for another period and the cards and the chart follow it.
export function DashboardPage() {
  const { period, dates, choose } = useDashboardPeriod();
  const dashboard = useDashboard(dates, period !== 'custom' || Boolean(dates?.startDate && dates.endDate));
  // The days shown: the address's, else those of the answer (the default period is asked without days).
  const shownDates = dates ?? dashboard.data?.period;
  const [draft, setDraft] = useState<DashboardDates>(shownDates ?? { startDate: '', endDate: '' });
  // The cards and the chart are built at transition priority, which React splits into short slices, instead of in
  // the one task the answer arrives in, nor in the one that first shows the page when the answer came first (its
  // initial value is none): the heading and the loader paint first.
  const shown = useDeferredValue(dashboard.data, null);
  const isRendering = dashboard.data !== undefined && shown !== dashboard.data;
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
          onChange={(value) => {
            if (!isDashboardPeriod(value)) return;
            const days = shownDates ?? { startDate: '', endDate: '' };
            if (value === 'custom') setDraft(days);
            choose(value, value === 'custom' ? days : undefined);
          }}
          w={160}
        />
        {period === 'custom' && (
          <>
            <Suspense fallback={<Loader size="sm" />}>
              <RangeInput
                start={draft.startDate}
                end={draft.endDate}
                onChange={(startDate, endDate) => setDraft({ startDate, endDate })}
              />
            </Suspense>
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
            {shown.receivables && <ReceivablesCard owed={shown.receivables} />}
            {shown.payables && (
              <OwedCard
                label="Owed to suppliers"
                total={shown.payables.total}
                report={payablesReport}
                testId="card-payables"
              />
            )}
            <Paper p="md" withBorder>
              {shown.chart_data.length > 0 ? (
                <TopProductsChart points={shown.chart_data} />
              ) : (
                // Empty axes said nothing: a period without sales says so.
                <Stack align="center" justify="center" gap="xs" mih={200} data-testid="top-products-empty">
                  <Text fw={700}>Top 10 Selling Products</Text>
                  <Text c="dimmed">No sales in this period</Text>
                </Stack>
              )}
            </Paper>
          </>
        )
      )}
    </>
  );
}

/** The cards the server sent figures for, in the screen's order. */
function shownCards(data: DashboardData): [Figure, string, number][] {
  return CARDS.flatMap(([key, label]) => {
    const figure = data[key];
    return typeof figure === 'number' ? [[key, label, figure] as [Figure, string, number]] : [];
  });
}
