import { formatMoney, PAYMENT_LABELS, PAYMENT_METHODS } from '@duka/shared';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';

interface Props {
  opened: boolean;
  total: number;
  itemCount: number;
  payment: string;
  onPayment: (method: string) => void;
  onConfirm: () => void;
  onClose: () => void;
}

// The payment step that F9 and Ctrl+Enter open: the total, how it is paid, and Confirm focused so Enter makes the
// sale. Esc goes back to the cart.
export function PaymentDialog({ opened, total, itemCount, payment, onPayment, onConfirm, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Take payment" centered>
      <Stack>
        <Text size="sm">
          {itemCount} {itemCount === 1 ? 'line' : 'lines'} in the cart
        </Text>
        <Text fz={32} fw={700} data-testid="payment-total">
          UGX {formatMoney(total)}
        </Text>
        <Select
          label="Paid by"
          data={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_LABELS[m] }))}
          value={payment}
          onChange={(v) => onPayment(v ?? 'CASH')}
          allowDeselect={false}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Back (Esc)
          </Button>
          <Button data-autofocus onClick={onConfirm}>
            Confirm sale (Enter)
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
