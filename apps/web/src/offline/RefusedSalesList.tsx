import { formatDay, formatMoney, formatQuantity, formatTime } from '@duka/shared';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useMe } from '../api/auth.ts';
import { ApiError, errorMessage } from '../api/client.ts';
import { discardRefusedSale } from '../api/sales.ts';
import { openConfirmDialog } from '../components/dialogs.ts';
import { type OfflineSale, offlineTotals } from './offline-sale.ts';
import { clearRefusal, list, remove, subscribe } from './outbox.ts';

// The refused sales (RefusedSales.tsx), each with the server's reason, to send again or discard.

function useRefusedSales(): OfflineSale[] {
  const [sales, setSales] = useState<OfflineSale[]>([]);
  useEffect(
    () => subscribe(() => void list<OfflineSale['payload']>().then((all) => setSales(all.filter((s) => s.refused)))),
    [],
  );
  return sales;
}

export function RefusedSalesList() {
  const sales = useRefusedSales();
  const me = useMe();
  if (sales.length === 0) return <Text>No refused sale is left.</Text>;
  return (
    <Stack>
      <Text size="sm">
        The server will not record these sales as they are. Send one again once its cause is fixed, or discard it and
        enter the sale by hand if the customer took the goods.
      </Text>
      {sales.map((sale) => (
        <RefusedSaleCard key={sale.key} sale={sale} isMine={sale.user_id === me.data?.id} />
      ))}
    </Stack>
  );
}

function RefusedSaleCard({ sale, isMine }: { sale: OfflineSale; isMine: boolean }) {
  const totals = offlineTotals(sale.payload);
  const made = `${formatDay(sale.made_at)} ${formatTime(sale.made_at)}`;
  const confirmDiscard = () =>
    void openConfirmDialog({
      title: 'Discard this sale?',
      children: `The sale made at ${made} (UGX ${formatMoney(totals.total_amount)}) will never be recorded. If the customer took the goods, enter the sale by hand. The activity log keeps a note of the discard.`,
      labels: { confirm: 'Discard sale', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => void discard(sale, totals.total_amount),
    });
  return (
    <Paper withBorder p="sm" aria-label={`Refused sale made ${made}`}>
      <Text size="sm" fw={500}>
        Made {made} by {sale.payload.cashier} · UGX {formatMoney(totals.total_amount)}
      </Text>
      <Text size="sm">
        {sale.payload.lines.map((l) => `${l.name} (${l.brand}) × ${formatQuantity(l.quantity)}`).join(', ')}
      </Text>
      <Alert color="red" my="xs" title="Refused by the server">
        {sale.refused?.reason}
      </Alert>
      {isMine ? (
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void clearRefusal(sale.key)}>
            Send again
          </Button>
          <Button color="red" onClick={confirmDiscard}>
            Discard
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          Only {sale.payload.cashier} can send or discard this sale, once signed in on this computer.
        </Text>
      )}
    </Paper>
  );
}

async function discard(sale: OfflineSale, total: number) {
  try {
    await discardRefusedSale({
      idempotencyKey: sale.key,
      made_at: sale.made_at,
      total_amount: total,
      reason: sale.refused?.reason ?? 'Refused by the server.',
    });
    notifications.show({ color: 'green', message: 'The sale was discarded; the activity log keeps a note of it.' });
  } catch (err) {
    // The server recorded it after all (a send again that crossed the refusal): it is a sale, not a loss.
    if (!(err instanceof ApiError && err.status === 409)) {
      notifications.show({ color: 'red', message: errorMessage(err, 'The sale could not be discarded.') });
      return;
    }
    notifications.show({ color: 'blue', message: err.message });
  }
  await remove(sale.key);
}
