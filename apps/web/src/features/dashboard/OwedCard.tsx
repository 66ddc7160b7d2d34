import type { ListLink } from 'virtual:list-links';
import { formatMoney } from '@duka/shared';
import { Anchor, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

// What is owed now, whatever the period (by customers to the shop, by the shop to its suppliers): a report's total,
// for those who may open the report (the server sends the figure to them alone), with the way to it. `children` say
// more under the figure.
export function OwedCard({
  label,
  total,
  report,
  testId,
  children,
}: {
  label: string;
  total: number;
  report: ListLink;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Paper p="md" withBorder mb="md" data-testid={testId}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text fw={700} size="xl" data-testid={`${testId}-total`}>
            UGX {formatMoney(total)}
          </Text>
          {children}
        </div>
        <Anchor component={Link} to={report.path}>
          Open the {report.title}
        </Anchor>
      </Group>
    </Paper>
  );
}
