import { ACCOUNT_PAYMENT, formatMoney, PAYMENT_LABELS, PAYMENT_METHODS, type SalePaymentInput } from '@duka/shared';
import { ActionIcon, Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { GroupedNumberInput } from '../../components/form/GroupedNumberInput.tsx';
import {
  type AccountTender,
  overCreditMessage,
  type PaymentRow,
  paymentsSummary,
  REASON_NEEDED,
  withRestOnAccount,
} from './payments.ts';
import { useSelectOnFocus } from './select-on-focus.ts';

type SaleMethod = SalePaymentInput['method'];

interface Props {
  opened: boolean;
  total: number;
  itemCount: number;
  payment: string;
  /** The chosen customer's account, when the seller may put the sale on it; undefined: money only. */
  account?: AccountTender;
  /** The payments taken, and the reason given to go past the customer's credit (an override holder's). */
  onConfirm: (payments: SalePaymentInput[], overrideReason?: string) => void;
  onClose: () => void;
  /** Another sale than the cart's (a quotation converted): its title, what it sells, its confirm button's words. */
  wording?: { title: string; caption: string; confirm: string };
  /** More choices shown under the payments (a quotation's Deliver later). */
  children?: ReactNode;
  /** Why the server refused the sale, shown while the step stays open to correct it. */
  refusal?: string;
  /** The sale is on its way: the confirm button waits. */
  busy?: boolean;
}

// The payment step that F9 and Ctrl+Enter open. It opens with the total in the amount field, focused and
// selected: Enter sells for exactly that, typing the cash handed over shows the change. More payments split the sale
// (the new one takes what is still due); Mobile Money asks for the SMS's transaction id. For a customer who may buy
// on account, "Rest on account" puts what the deposit leaves on their account, within their available credit. Esc goes
// back to the cart. The figures here are a preview: the server checks the payments against its own total and the
// customer's credit.
export function PaymentDialog({
  opened,
  total,
  itemCount,
  payment,
  account,
  onConfirm,
  onClose,
  wording,
  children,
  refusal,
  busy,
}: Props) {
  const [rows, setRows] = useState<PaymentRow[]>([]);
  const [tried, setTried] = useState(false);
  const [reason, setReason] = useState('');
  const selectOnFocus = useSelectOnFocus<HTMLInputElement>();
  useEffect(() => {
    if (!opened) return;
    setRows([{ method: payment, amount: total, reference: '', isRest: payment === ACCOUNT_PAYMENT }]);
    setTried(false);
    setReason('');
  }, [opened, payment, total]);
  // Without a customer's account (cleared meanwhile), an account row is no payment the sale can take.
  const methods: SaleMethod[] = account ? [...PAYMENT_METHODS, ACCOUNT_PAYMENT] : [...PAYMENT_METHODS];
  const summary = paymentsSummary(rows, total, account, reason);
  const hasAccountRow = rows.some((r) => r.method === ACCOUNT_PAYMENT);
  const change = (next: (all: PaymentRow[]) => PaymentRow[]) => setRows((all) => withRestOnAccount(next(all), total));
  const set = (index: number, patch: Partial<PaymentRow>) =>
    change((all) => all.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const addPayment = () =>
    change((all) => [...all, { method: 'MOBILE_MONEY', amount: Math.max(0, summary.due), reference: '' }]);
  const restOnAccount = () =>
    change((all) => [...all, { method: ACCOUNT_PAYMENT, amount: 0, reference: '', isRest: true }]);

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
      summary.isOverCredit ? reason.trim() : undefined,
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={wording?.title ?? 'Take payment'}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          confirm();
        }}
      >
        <Stack>
          <Text size="sm">{wording?.caption ?? `${itemCount} ${itemCount === 1 ? 'line' : 'lines'} in the cart`}</Text>
          <Text fz={32} fw={700} data-testid="payment-total">
            UGX {formatMoney(total)}
          </Text>
          {account && (
            <Text size="sm" data-testid="payment-available-credit">
              {account.name}: UGX {formatMoney(account.available)} of credit available
            </Text>
          )}
          {rows.map((row, index) => {
            const n = rows.length > 1 ? ` ${index + 1}` : '';
            const needsReference = row.method === 'MOBILE_MONEY' && !row.reference.trim();
            return (
              <Group key={index} align="flex-start" gap="xs" wrap="nowrap">
                <Select
                  label={`Paid by${n}`}
                  w={150}
                  data={methods.map((m) => ({ value: m, label: PAYMENT_LABELS[m] }))}
                  value={row.method}
                  // An account row takes what the other payments leave, until its amount is typed.
                  onChange={(v) => set(index, { method: v ?? 'CASH', isRest: v === ACCOUNT_PAYMENT })}
                  allowDeselect={false}
                />
                <GroupedNumberInput
                  label={`Amount${n}`}
                  w={160}
                  min={0}
                  allowDecimal={false}
                  allowNegative={false}
                  // Rubbed out, the field stays empty for what is typed next: a 0 put back would end up after it.
                  value={row.amount === 0 ? '' : row.amount}
                  onChange={(v) => set(index, { amount: Number(v) || 0, isRest: false })}
                  data-autofocus={index === 0 || undefined}
                  {...selectOnFocus}
                />
                {row.method !== 'CASH' && row.method !== ACCOUNT_PAYMENT && (
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
                    onClick={() => change((all) => all.filter((_, i) => i !== index))}
                  >
                    ×
                  </ActionIcon>
                )}
              </Group>
            );
          })}
          <Group justify="space-between">
            <Group gap="xs">
              <Button variant="subtle" size="compact-sm" onClick={addPayment}>
                Add payment (split)
              </Button>
              {account && !hasAccountRow && (
                <Button variant="subtle" size="compact-sm" onClick={restOnAccount}>
                  Rest on account
                </Button>
              )}
            </Group>
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
          {account && summary.isOverCredit && (
            <Alert color="orange" data-testid="payment-over-credit">
              <Stack gap="xs">
                <Text size="sm">{overCreditMessage(account, summary.onAccount)}</Text>
                {account.canOverride && (
                  <TextInput
                    label="Reason to go past the credit limit"
                    value={reason}
                    onChange={(e) => setReason(e.currentTarget.value)}
                    maxLength={500}
                    error={tried && summary.needsCredit ? REASON_NEEDED : undefined}
                  />
                )}
              </Stack>
            </Alert>
          )}
          {tried && summary.problem && !summary.needsCredit && (
            <Text c="red" size="sm" role="alert">
              {summary.problem}
            </Text>
          )}
          {children}
          {refusal && (
            <Alert color="red" role="alert" data-testid="payment-refusal">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Back (Esc)
            </Button>
            <Button type="submit" loading={busy}>
              {wording?.confirm ?? 'Confirm sale (Enter)'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
