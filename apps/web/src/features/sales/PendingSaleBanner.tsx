import { formatMoney, paymentLabel } from '@duka/shared';
import { Alert, Button, Group, Text } from '@mantine/core';
import { confirmAction } from '../../components/confirm.ts';
import type { PendingSale } from './pending-sale.ts';

interface Props {
  sale: PendingSale;
  /** Why this page has no answer, when it knows; after a reload it does not. */
  reason?: string;
  onSend: () => void;
  onDiscard: () => void;
}

// Never "the sale failed": without an answer nobody knows, and sending again under the same key is always safe.
export function PendingSaleBanner({ sale, reason, onSend, onDiscard }: Props) {
  const count = sale.body.items.length;
  const discard = async () => {
    const sure = await confirmAction(
      'Discard this sale without sending it again? If it did reach the server it stays recorded: check the sales list before selling these items again.',
      { confirmLabel: 'Discard' },
    );
    if (sure) onDiscard();
  };
  return (
    <Alert color="yellow" mb="md" title="This sale is not confirmed yet" role="alert">
      <Text size="sm">
        {reason ?? 'The page was closed or reloaded before the server answered.'} The sale is kept on this till and may
        already be recorded: Send again finishes it and never records it twice.
      </Text>
      <Text size="sm" mt={4}>
        {count} {count === 1 ? 'item' : 'items'} for {sale.body.customerName}, paid by{' '}
        {sale.body.payments
          ? sale.body.payments.map((p) => `${paymentLabel(p.method)} ${formatMoney(p.amount)}`).join(' + ')
          : paymentLabel(sale.body.paymentMethod ?? 'CASH')}
        .
      </Text>
      <Group mt="sm">
        <Button size="xs" onClick={onSend}>
          Send again
        </Button>
        <Button size="xs" variant="default" onClick={discard}>
          Discard
        </Button>
      </Group>
    </Alert>
  );
}
