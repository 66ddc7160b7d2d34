import { countOf, type DashboardData, formatMoney, receivablesReport } from '@duka/shared';
import { Anchor, Group, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';

// What customers owe now, whatever the period: the receivables report's total, for those who may open the report
// (the server sends the figure to them alone), with the way to it.
export function ReceivablesCard({ owed }: { owed: NonNullable<DashboardData['receivables']> }) {
  return (
    <Paper p="md" withBorder mb="md" data-testid="card-receivables">
      <Group justify="space-between" align="flex-end">
        <div>
          <Text size="sm" c="dimmed">
            Owed by customers
          </Text>
          <Text fw={700} size="xl" data-testid="card-receivables-total">
            UGX {formatMoney(owed.total)}
          </Text>
          {owed.over_limit_count > 0 && (
            <Text size="sm" c="red" data-testid="card-receivables-over-limit">
              {countOf(owed.over_limit_count, 'customer')} over their credit limit
            </Text>
          )}
        </div>
        <Anchor component={Link} to={receivablesReport.path}>
          Open the {receivablesReport.title}
        </Anchor>
      </Group>
    </Paper>
  );
}
