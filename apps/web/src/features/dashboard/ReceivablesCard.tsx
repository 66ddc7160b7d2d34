import { receivablesReport } from 'virtual:list-links';
import { countOf, type DashboardData } from '@duka/shared';
import { Text } from '@mantine/core';
import { OwedCard } from './OwedCard.tsx';

// What customers owe now: the receivables report's total, and how many are past their credit limit.
export function ReceivablesCard({ owed }: { owed: NonNullable<DashboardData['receivables']> }) {
  return (
    <OwedCard label="Owed by customers" total={owed.total} report={receivablesReport} testId="card-receivables">
      {owed.over_limit_count > 0 && (
        <Text size="sm" c="red" data-testid="card-receivables-over-limit">
          {countOf(owed.over_limit_count, 'customer')} over their credit limit
        </Text>
      )}
    </OwedCard>
  );
}
