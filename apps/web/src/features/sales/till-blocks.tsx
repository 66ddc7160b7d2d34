import { formatDay, formatMoney, paymentLabel, type SaleShown } from '@duka/shared';
import { Group, Stack, Text } from '@mantine/core';

// Pieces of the till's printed documents, shared by the receipt and the invoice.

/** Each payment with its reference, then cash tendered and the change handed back. */
export function TillPayments({ sale }: { sale: SaleShown }) {
  const cash = sale.payments.filter((p) => p.method === 'CASH').reduce((sum, p) => sum + p.amount, 0);
  return (
    <Stack gap={2} data-testid="receipt-payments">
      {sale.payments.map((p, i) => (
        <Group key={i} justify="space-between">
          <Text size="sm">
            {paymentLabel(p.method)}
            {p.reference ? ` (ref ${p.reference})` : ''}
          </Text>
          <Text size="sm">{formatMoney(p.amount)}</Text>
        </Group>
      ))}
      {cash > 0 && (
        <>
          <Group justify="space-between">
            <Text size="sm">Cash tendered</Text>
            <Text size="sm" data-testid="receipt-tendered">
              {formatMoney(cash)}
            </Text>
          </Group>
          <Group justify="space-between">
            <Text size="sm" fw={700}>
              Change
            </Text>
            <Text size="sm" fw={700} data-testid="receipt-change">
              {formatMoney(sale.change_given)}
            </Text>
          </Group>
        </>
      )}
    </Stack>
  );
}

/** "Returned: …" under a sale that had goods brought back, each return with its number, day and refund. */
export function ReturnedLines({ sale }: { sale: SaleShown }) {
  if (sale.returns.length === 0) return null;
  return (
    <Stack gap={2} mt="xs" data-testid="receipt-returns">
      {sale.returns.map((r) => (
        <Text key={r.id} size="sm" fw={700}>
          Returned: return No. {r.return_number} on {formatDay(r.created_at)}, refund UGX {formatMoney(r.refund_amount)}{' '}
          ({paymentLabel(r.refund_method)})
        </Text>
      ))}
    </Stack>
  );
}

/** Paid or part paid, from what the sale's payments cover of its total less its refunds. */
export function paymentStatus(sale: SaleShown): 'Paid' | 'Part paid' {
  const paid = sale.payments.reduce((sum, p) => sum + p.amount, 0) - sale.change_given;
  return paid >= sale.total_amount ? 'Paid' : 'Part paid';
}
