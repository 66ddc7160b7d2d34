import { ACCOUNT_PAYMENT, formatDay, formatMoney, paymentLabel, type SaleShown } from '@duka/shared';
import { Group, Stack, Text } from '@mantine/core';

// Pieces of the till's printed documents, shared by the receipt and the invoice.

/** What the money payments took, change given back: the part of the sale not put on account. */
const paidInMoney = (sale: SaleShown) =>
  sale.payments.filter((p) => p.method !== ACCOUNT_PAYMENT).reduce((sum, p) => sum + p.amount, 0) - sale.change_given;

/**
 * Each money payment with its reference, then cash tendered and the change handed back. The part put on account is
 * AccountLines'.
 */
export function TillPayments({ sale }: { sale: SaleShown }) {
  const cash = sale.payments.filter((p) => p.method === 'CASH').reduce((sum, p) => sum + p.amount, 0);
  return (
    <Stack gap={2} data-testid="receipt-payments">
      {sale.payments
        .filter((p) => p.method !== ACCOUNT_PAYMENT)
        .map((p, i) => (
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

/** A customer's balance as a document prints it: what they owe, or the advance the shop holds. */
const balanceText = (balance: number) =>
  balance < 0 ? `Advance UGX ${formatMoney(-balance)}` : `UGX ${formatMoney(balance)}`;

/** The debt book's customer of a sale: their number, name and phone. */
export const accountCustomer = (sale: SaleShown) =>
  sale.account
    ? `${sale.account.customer.customer_number} ${sale.account.customer.name} ${sale.account.customer.phone_number}`
    : undefined;

/** A sale for a customer of the debt book: what was paid in money, what went on their account, their balance after. */
export function AccountLines({ sale }: { sale: SaleShown }) {
  if (!sale.account) return null;
  const { on_account, balance_after } = sale.account;
  return (
    <Stack gap={2} mt={4} data-testid="receipt-account">
      <Group justify="space-between">
        <Text size="sm">Paid</Text>
        <Text size="sm" data-testid="receipt-paid">
          {formatMoney(paidInMoney(sale))}
        </Text>
      </Group>
      <Group justify="space-between">
        <Text size="sm" fw={700}>
          On account
        </Text>
        <Text size="sm" fw={700} data-testid="receipt-on-account">
          {formatMoney(on_account)}
        </Text>
      </Group>
      {balance_after !== null && (
        <Group justify="space-between">
          <Text size="sm">Balance after this sale</Text>
          <Text size="sm" data-testid="receipt-balance-after">
            {balanceText(balance_after)}
          </Text>
        </Group>
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
          Returned: return No. {r.return_number} on {formatDay(r.created_at)}, refund UGX{' '}
          {formatMoney(r.refund_amount - r.credited_amount)} ({paymentLabel(r.refund_method)})
          {r.credited_amount > 0 && `, UGX ${formatMoney(r.credited_amount)} taken off the account`}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * Paid, part paid or on account: from what the money payments cover of the total, and for a sale on account from
 * what of it is still owed (payments to the account settle it later).
 */
export function paymentStatus(sale: SaleShown): 'Paid' | 'Part paid' | 'On account' {
  const paid = paidInMoney(sale);
  if (paid >= sale.total_amount || (sale.account && sale.account.account_due === 0)) return 'Paid';
  return paid > 0 ? 'Part paid' : 'On account';
}
