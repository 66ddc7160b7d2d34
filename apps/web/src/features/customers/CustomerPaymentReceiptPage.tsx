import { formatDay, formatMoney, formatTime, paymentLabel } from '@duka/shared';
import { Divider, Group, Stack, Table, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useCustomerPayment } from '../../api/customers.ts';
import { useBranding } from '../../api/settings.ts';
import { figures, TableHead } from '../../components/TableHead.tsx';
import { ReceiptBusinessHeader, SaleDocumentFrame, TotalLine, usePrintedBusiness } from '../sales/sale-document.tsx';

// The receipt of a payment to a customer's account, or of its reversal, on 80 mm as the sale's receipt prints: the
// business, the number printed large, the customer, the money, the sales it settled and the advance it left, the
// customer's balance now and the cashier.
export function CustomerPaymentReceiptPage() {
  const { id } = useParams();
  const payment = useCustomerPayment(id);
  const { business, hasBusiness } = usePrintedBusiness();
  const logo = useBranding().data?.logo ?? '/logo.svg';
  const p = payment.data;
  const isReversal = p !== undefined && p.amount < 0;
  return (
    <SaleDocumentFrame kind="receipt" pageSize="80mm auto" loaded={Boolean(p) && hasBusiness} error={payment.error}>
      {p && (
        <div className="receipt" data-testid="payment-receipt">
          <ReceiptBusinessHeader business={business} logo={logo} />
          <Divider my="xs" />
          <Text component="h1" ta="center" size="sm" fw={700}>
            {isReversal ? 'PAYMENT REVERSED' : 'PAYMENT RECEIVED'}
          </Text>
          <Text ta="center" fz={28} fw={800} lh={1.1} data-testid="payment-number">
            No. {p.payment_number}
          </Text>
          <Group justify="space-between" mt={4}>
            <Text size="xs">Date: {p.payment_date}</Text>
            <Text size="xs">
              Recorded {formatDay(p.created_at)} {formatTime(p.created_at)}
            </Text>
          </Group>
          <Text size="xs">
            Customer: {p.customer.name} ({p.customer.customer_number})
          </Text>
          <Text size="xs">Phone: {p.customer.phone_number}</Text>
          <Divider my="xs" />
          <Stack gap={2}>
            <TotalLine
              label={isReversal ? 'Reversed UGX' : 'Amount UGX'}
              amount={formatMoney(Math.abs(p.amount))}
              strong
            />
            <Text size="sm">
              {paymentLabel(p.method)}
              {p.reference ? ` (ref ${p.reference})` : ''}
            </Text>
            {p.reverses && <Text size="sm">Reverses payment {p.reverses.payment_number}</Text>}
            {p.reason && <Text size="sm">Reason: {p.reason}</Text>}
            {p.reversed_by && <Text size="sm">Reversed by {p.reversed_by.payment_number}</Text>}
          </Stack>
          {p.applied.length > 0 && (
            <Table withTableBorder my="sm" fz="sm">
              <TableHead headings={[isReversal ? 'Sale owed again' : 'Sale settled', ...figures('Amount')]} />
              <Table.Tbody>
                {p.applied.map((a) => (
                  <Table.Tr key={a.sale_id}>
                    <Table.Td>{a.sale_number}</Table.Td>
                    <Table.Td ta="right">{formatMoney(Math.abs(a.amount))}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Stack gap={2} mt="xs">
            {p.unapplied > 0 && <TotalLine label="Advance kept UGX" amount={formatMoney(p.unapplied)} />}
            {p.customer.balance < 0 ? (
              <TotalLine label="Advance held now UGX" amount={formatMoney(-p.customer.balance)} strong />
            ) : (
              <TotalLine label="Balance now UGX" amount={formatMoney(p.customer.balance)} strong />
            )}
          </Stack>
          <Text size="xs" mt="xs">
            Cashier: {p.user?.name ?? 'N/A'}
          </Text>
          {!isReversal && (
            <>
              <Divider my="sm" />
              <Text ta="center" fw={700} size="sm">
                THANK YOU FOR YOUR PAYMENT!
              </Text>
            </>
          )}
        </div>
      )}
    </SaleDocumentFrame>
  );
}
