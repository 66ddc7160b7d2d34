import { formatMoney, PAYMENT_LABELS, PAYMENT_METHODS, type SalePaymentInput } from '@duka/shared';
import { ActionIcon, Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { type PaymentRow, paymentsSummary } from './payments.ts';
import { useSelectOnFocus } from './select-on-focus.ts';

interface Props {
  opened: boolean;
  total: number;
  itemCount: number;
  payment: string;
  onConfirm: (payments: SalePaymentInput[]) => void;
  onClose: () => void;
}

// The payment step that F9 and Ctrl+Enter open. It opens with the total in the amount field, focused and
// selected: Enter sells for exactly that, typing the cash handed over shows the change. More payments split the sale
// (the new one takes what is still due); Mobile Money asks for the SMS's transaction id. Esc goes back to the cart.
// The figures here are a preview: the server checks the payments against its own total.
export function PaymentDialog({ opened, total, itemCount, payment, onConfirm, onClose }: Props) {
  const [rows, setRows] = useState<PaymentRow[]>([]);
  const [tried, setTried] = useState(false);
  const selectOnFocus = useSelectOnFocus<HTMLInputElement>();
  useEffect(() => {
    if (!opened) return;
    setRows([{ method: payment, amount: total, reference: '' }]);
    setTried(false);
  }, [opened, payment, total]);
  const summary = paymentsSummary(rows, total);
  const set = (index: number, patch: Partial<PaymentRow>) =>
    setRows((all) => all.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const addPayment = () =>
    setRows((all) => [...all, { method: 'MOBILE_MONEY', amount: Math.max(0, summary.due), reference: '' }]);

  const confirm = () => {
    setTried(true);
    if (!summary.isReady) return;
    onConfirm(
      rows
        .filter((r) => r.amount > 0)
        .map((r) => ({
          method: r.method as SalePaymentInput['method'],
          amount: r.amount,
          reference: r.reference.trim() || undefined,
        })),
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Take payment" centered size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          confirm();
        }}
      >
        <Stack>
          <Text size="sm">
            {itemCount} {itemCount === 1 ? 'line' : 'lines'} in the cart
          </Text>
          <Text fz={32} fw={700} data-testid="payment-total">
            UGX {formatMoney(total)}
          </Text>
          {rows.map((row, index) => {
            const n = rows.length > 1 ? ` ${index + 1}` : '';
            const needsReference = row.method === 'MOBILE_MONEY' && !row.reference.trim();
            return (
              <Group key={index} align="flex-start" gap="xs" wrap="nowrap">
                <Select
                  label={`Paid by${n}`}
                  w={150}
                  data={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_LABELS[m] }))}
                  value={row.method}
                  onChange={(v) => set(index, { method: v ?? 'CASH' })}
                  allowDeselect={false}
                />
                <NumberInput
                  label={`Amount${n}`}
                  w={160}
                  min={0}
                  allowDecimal={false}
                  allowNegative={false}
                  thousandSeparator=","
                  value={row.amount}
                  onChange={(v) => set(index, { amount: Number(v) || 0 })}
                  data-autofocus={index === 0 || undefined}
                  {...selectOnFocus}
                />
                {row.method !== 'CASH' && (
                  <TextInput
                    label={row.method === 'MOBILE_MONEY' ? `Transaction id${n}` : `Reference${n}`}
                    style={{ flex: 1 }}
                    value={row.reference}
                    onChange={(e) => set(index, { reference: e.currentTarget.value })}
                    error={tried && needsReference ? 'Mobile Money needs the transaction id from the SMS.' : undefined}
                  />
                )}
                {rows.length > 1 && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={28}
                    aria-label={`Remove payment${n}`}
                    onClick={() => setRows((all) => all.filter((_, i) => i !== index))}
                  >
                    ×
                  </ActionIcon>
                )}
              </Group>
            );
          })}
          <Group justify="space-between">
            <Button variant="subtle" size="compact-sm" onClick={addPayment}>
              Add payment (split)
            </Button>
            {summary.due > 0 ? (
              <Text fw={700} c="red" data-testid="payment-due">
                Still due: UGX {formatMoney(summary.due)}
              </Text>
            ) : (
              <Text fz={24} fw={700} data-testid="payment-change">
                Change: UGX {formatMoney(summary.change)}
              </Text>
            )}
          </Group>
          {tried && summary.problem && (
            <Text c="red" size="sm" role="alert">
              {summary.problem}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Back (Esc)
            </Button>
            <Button type="submit">Confirm sale (Enter)</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
