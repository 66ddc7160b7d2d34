import { formatDay, formatMoney, formatTime } from '@duka/shared';
import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { usePermissions } from '../../api/permissions.ts';
import { useSaleDeliveries } from '../../api/quotations.ts';
import {
  ItemsTable,
  ReceiptBusinessHeader,
  ReceiptThanks,
  SaleDocumentFrame,
  TotalLine,
  useSaleDocument,
  VatLine,
} from './sale-document.tsx';
import { AccountLines, accountCustomer, ReturnedLines, TillPayments } from './till-blocks.tsx';

// The receipt fits 80 mm paper: the receipt number printed large, the business name once, the time and
// the cashier, each payment with its reference, cash tendered and change; returns made against it below.
export function ReceiptPage() {
  const { sale, business, hasBusiness, logo } = useSaleDocument();
  const { can } = usePermissions();
  const s = sale.data;
  // A sale made to deliver later: its goods wait in the yard until delivery notes take them.
  const deliveries = useSaleDeliveries(s?.id, { enabled: can('deliveryNoteAdd') });
  const isWaiting = Boolean(deliveries.data?.deliver_later && deliveries.data.lines.some((l) => l.remaining > 0));
  return (
    <SaleDocumentFrame kind="receipt" pageSize="80mm auto" loaded={Boolean(s) && hasBusiness} error={sale.error}>
      {s && (
        <div className="receipt">
          <ReceiptBusinessHeader business={business} logo={logo} />
          <Divider my="xs" />
          {/* The screen's one h1, printed as the small caption it always was. */}
          <Text component="h1" ta="center" size="sm" fw={700}>
            RECEIPT
          </Text>
          <Text ta="center" fz={36} fw={800} lh={1.1} data-testid="receipt-number">
            No. {s.receipt_number ?? '—'}
          </Text>
          <Group justify="space-between" mt={4}>
            <Text size="xs">
              {formatDay(s.created_at)} {formatTime(s.created_at)}
            </Text>
            <Text size="xs">Ref: {s.sale_number}</Text>
          </Group>
          <Text size="xs">Cashier: {s.user?.name ?? 'N/A'}</Text>
          <Text size="xs" data-testid="receipt-customer">
            Customer: {accountCustomer(s) ?? `${s.customer_name} ${s.customer_phone}`}
          </Text>
          <ItemsTable items={s.items} />
          <Stack gap={2}>
            <TotalLine label="Subtotal" amount={formatMoney(s.subtotal)} />
            <TotalLine label={`Discount (${s.discount}%)`} amount={formatMoney(s.discount_amount)} />
            <VatLine sale={s} word="VAT" />
            <TotalLine label="Total UGX" amount={formatMoney(s.total_amount)} strong />
          </Stack>
          <Divider my="xs" />
          <TillPayments sale={s} />
          <AccountLines sale={s} />
          <ReturnedLines sale={s} />
          <Group gap="xs" mt="xs" className="no-print">
            {can('salesReturn') && (
              <Button component={Link} to={`/salesreturn/${s.id}`} variant="light" size="xs">
                Return goods
              </Button>
            )}
            {isWaiting && (
              <Button component={Link} to={`/deliverynotecreate?sale_id=${s.id}`} size="xs">
                Deliver goods
              </Button>
            )}
          </Group>
          <Divider my="sm" />
          <ReceiptThanks business={business} />
        </div>
      )}
    </SaleDocumentFrame>
  );
}
