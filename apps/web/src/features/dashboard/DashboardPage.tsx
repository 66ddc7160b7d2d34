import { formatMoney } from '@duka/shared';
import { Button, Group, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, errorMessage } from '../../api/client.ts';
import { toQueryString } from '../../api/lists.ts';
import { FormAlerts } from '../../components/FormAlerts.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { TopProductsChart } from './TopProductsChart.tsx';

// Stock value, profits and losses come only to holders of the Profit and Loss report.
interface Dashboard {
  period: { startDate: string; endDate: string };
  stock_value?: number;
  total_revenue: number;
  gross_profit?: number;
  net_profit?: number;
  total_loss?: number;
  chart_data: { label: string; y: number }[];
}

type Figure = 'stock_value' | 'total_revenue' | 'gross_profit' | 'net_profit' | 'total_loss';

const CARDS: [Figure, string][] = [
  ['stock_value', 'Stock Value'],
  ['total_revenue', 'Total Revenue'],
  ['gross_profit', 'Gross Profit'],
  ['net_profit', 'Net Profit'],
  ['total_loss', 'Total Loss'],
];

// The month's figures by default; another period on request.
export function DashboardPage() {
  const [draft, setDraft] = useState({ startDate: '', endDate: '' });
  const [period, setPeriod] = useState({ startDate: '', endDate: '' });
  const dashboard = useQuery({
    queryKey: ['/dashboard', period],
    queryFn: async () => (await api<{ data: Dashboard }>('GET', `/dashboard${toQueryString(period)}`)).data,
  });
  return (
    <>
      <PageHeader title="Dashboard" trail={[{ label: 'Dashboard' }]} />
      <Group align="flex-end" mb="md">
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
        <Button variant="default" onClick={() => setPeriod(draft)}>
          Apply
        </Button>
        {dashboard.data && (
          <Text c="dimmed" size="sm">
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
      {dashboard.isPending ? (
        <PageLoader />
      ) : (
        dashboard.data && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3, lg: 5 }} mb="md">
              {shownCards(dashboard.data).map(([key, label, figure]) => (
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
              <TopProductsChart points={dashboard.data.chart_data} />
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
