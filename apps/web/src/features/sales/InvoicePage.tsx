import { formatMoney, invoiceNumber } from '@duka/shared';
import { Badge, Divider, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  BusinessHeader,
  FromBlock,
  ItemsTable,
  SaleDocumentFrame,
  TotalLine,
  useSaleDocument,
  VatLine,
} from './sale-document.tsx';
import { AccountLines, paymentStatus, ReturnedLines, TillPayments } from './till-blocks.tsx';

// The invoice prints on A4.
export function InvoicePage() {
  const { sale, business, hasBusiness, logo } = useSaleDocument();
  const s = sale.data;
  return (
    <SaleDocumentFrame kind="invoice" pageSize="A4" loaded={Boolean(s) && hasBusiness} error={sale.error}>
      {s && (
        <Paper p="xl" withBorder maw={820} mx="auto">
          <BusinessHeader
            business={business}
            logo={logo}
            title="INVOICE"
            number={s.receipt_number ? invoiceNumber(s.receipt_number) : s.sale_number}
            date={s.created_at}
          />
          <Group justify="space-between" mt="xs">
            <Text size="sm">Reference: {s.sale_number}</Text>
            <Badge color={paymentStatus(s) === 'Paid' ? 'green' : 'orange'} data-testid="invoice-status">
              {paymentStatus(s)}
            </Badge>
          </Group>
          <Divider my="md" />
          <SimpleGrid cols={2}>
            <FromBlock business={business} />
            <Stack gap={2}>
              <Text fw={700}>Bill To</Text>
              {s.account && <Text size="sm">Customer No. {s.account.customer.customer_number}</Text>}
              <Text size="sm">{s.account?.customer.name ?? s.customer_name}</Text>
              <Text size="sm">{s.account?.customer.phone_number ?? s.customer_phone}</Text>
              {s.customer_email && <Text size="sm">{s.customer_email}</Text>}
              {s.customer_address && <Text size="sm">{s.customer_address}</Text>}
            </Stack>
          </SimpleGrid>
          <ItemsTable items={s.items} />
          <SimpleGrid cols={2}>
            <Stack gap={2}>
              <Text fw={700}>Notes</Text>
              <Text size="sm">{s.notice || '—'}</Text>
            </Stack>
            <Stack gap={2}>
              <TotalLine label="Subtotal" amount={formatMoney(s.subtotal)} />
              <TotalLine label={`Discount (${s.discount}%)`} amount={formatMoney(s.discount_amount)} />
              <VatLine sale={s} word="Tax" />
              <TotalLine label="Shipping" amount="0" />
              <TotalLine label="Total UGX" amount={formatMoney(s.total_amount)} strong />
              <Divider my={4} />
              <TillPayments sale={s} />
              <AccountLines sale={s} />
              <ReturnedLines sale={s} />
            </Stack>
          </SimpleGrid>
          <Divider my="md" />
          <Text ta="center" fw={700}>
            THANK YOU FOR YOUR BUSINESS!
          </Text>
        </Paper>
      )}
    </SaleDocumentFrame>
  );
}
