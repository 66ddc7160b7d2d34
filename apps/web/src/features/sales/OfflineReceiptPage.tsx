import { ACCOUNT_PAYMENT, formatDay, formatMoney, formatTime, PAYMENT_LABELS, quantityWithUnit } from '@duka/shared';
import { Alert, Button, Divider, Group, Stack, Table, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useOfflineReceipt } from '../../api/sales.ts';
import { useBranding } from '../../api/settings.ts';
import { offlineTotals } from '../../offline/offline-sale.ts';
import {
  PrintedPage,
  ReceiptBusinessHeader,
  ReceiptThanks,
  TotalLine,
  usePrintedBusiness,
  usePrintOnOpen,
} from './sale-document.tsx';

// The receipt of a sale made offline, drawn from its outbox entry: the customer leaves with a paper that
// says plainly it is not yet sent, so it has no receipt number yet (the server gives that when the sale arrives).
export function OfflineReceiptPage() {
  const { key = '' } = useParams();
  const { business, hasBusiness } = usePrintedBusiness();
  const branding = useBranding();
  const entry = useOfflineReceipt(key);
  usePrintOnOpen(Boolean(entry.data) && hasBusiness);
  if (entry.isPending || !hasBusiness) return null;
  const sale = entry.data;
  if (!sale)
    return (
      <Alert color="blue" title="This sale has been sent">
        It reached the server and is in the sales list with its receipt number. <Link to="/saleslist">Sales list</Link>
      </Alert>
    );
  const { body, customer } = sale.payload;
  const totals = offlineTotals(sale.payload);
  const payments = body.payments ?? [{ method: body.paymentMethod ?? 'CASH', amount: totals.total_amount }];
  const onAccount = payments.find((p) => p.method === ACCOUNT_PAYMENT)?.amount ?? 0;
  return (
    <PrintedPage pageSize="80mm auto">
      <Stack gap={4} className="receipt">
        <ReceiptBusinessHeader business={business} logo={branding.data?.logo ?? '/logo.svg'} />
        <Divider my="xs" />
        <Text component="h1" ta="center" fw={700}>
          RECEIPT
        </Text>
        <Text ta="center" fz={22} fw={800} c="red" data-testid="not-yet-sent">
          NOT YET SENT
        </Text>
        <Text ta="center" size="xs">
          Made offline: the receipt number comes when the connection returns.
        </Text>
        <Group justify="space-between">
          <Text size="xs">
            {formatDay(sale.made_at)} {formatTime(sale.made_at)}
          </Text>
          <Text size="xs">Key: {sale.key.slice(0, 8)}</Text>
        </Group>
        <Text size="xs">Cashier: {sale.payload.cashier}</Text>
        <Text size="xs" data-testid="receipt-customer">
          Customer:{' '}
          {customer
            ? `${customer.customer_number} ${customer.name} ${customer.phone_number}`
            : `${body.customerName} ${body.customerPhone}`}
        </Text>
        <Table fz="xs">
          <Table.Tbody>
            {sale.payload.lines.map((l, i) => (
              <Table.Tr key={i}>
                <Table.Td>
                  {l.name} ({l.brand}) ×{' '}
                  {quantityWithUnit(l.quantity, { name: l.measurement, plural: l.measurement_plural ?? null })}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(totals.lineTotal(l))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <TotalLine label="Subtotal" amount={formatMoney(totals.subtotal)} />
        <TotalLine label={`Discount (${body.discount ?? 0}%)`} amount={formatMoney(totals.discount_amount)} />
        <TotalLine label="Total UGX" amount={formatMoney(totals.total_amount)} strong />
        <Divider my="xs" />
        {payments
          .filter((p) => p.method !== ACCOUNT_PAYMENT)
          .map((p, i) => (
            <TotalLine key={i} label={PAYMENT_LABELS[p.method]} amount={formatMoney(p.amount)} />
          ))}
        {onAccount > 0 && (
          <Group justify="space-between" data-testid="receipt-account">
            <Text fw={700}>On account</Text>
            <Text fw={700} data-testid="receipt-on-account">
              {formatMoney(onAccount)}
            </Text>
          </Group>
        )}
        <Divider my="sm" />
        <ReceiptThanks business={business} />
        <Group justify="center" mt="sm" className="no-print">
          <Button onClick={() => window.print()}>Print</Button>
          <Button variant="default" component={Link} to="/salespos">
            Back to POS
          </Button>
        </Group>
      </Stack>
    </PrintedPage>
  );
}
