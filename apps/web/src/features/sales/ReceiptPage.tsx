import { formatMoney, PAYMENT_LABELS, PAYMENT_METHODS } from '@duka/shared';
import { Divider, Radio, Group as RadioRow, Stack, Text } from '@mantine/core';
import {
  BusinessHeader,
  FromBlock,
  ItemsTable,
  SaleDocumentFrame,
  TotalLine,
  useSaleDocument,
  VatLine,
} from './sale-document.tsx';

// The receipt fits 80 mm paper.
export function ReceiptPage() {
  const { sale, business, logo } = useSaleDocument();
  const s = sale.data;
  return (
    <SaleDocumentFrame kind="receipt" pageSize="80mm auto" loaded={Boolean(s)} error={sale.error}>
      {s && (
        <div className="receipt">
          <BusinessHeader business={business} logo={logo} title="RECEIPT" number={s.sale_number} date={s.created_at} />
          <Divider my="sm" />
          <FromBlock business={business} />
          <Text size="sm" fw={700} mt="xs">
            Sold To
          </Text>
          <Text size="sm">{s.customer_name}</Text>
          <Text size="sm">{s.customer_phone}</Text>
          <ItemsTable items={s.items} />
          <Radio.Group value={s.payment_method} label="Payment method" size="xs">
            <RadioRow gap="xs" mt={4}>
              {PAYMENT_METHODS.map((m) => (
                <Radio key={m} value={m} label={PAYMENT_LABELS[m]} readOnly />
              ))}
            </RadioRow>
          </Radio.Group>
          <Stack gap={2} mt="sm">
            <TotalLine label="Subtotal" amount={formatMoney(s.subtotal)} />
            <TotalLine label={`Discount (${s.discount}%)`} amount={formatMoney(s.discount_amount)} />
            <VatLine sale={s} word="VAT" />
            <TotalLine label="Total UGX" amount={formatMoney(s.total_amount)} strong />
          </Stack>
          <Divider my="sm" />
          <Text ta="center" fw={700} size="sm">
            THANK YOU FOR YOUR PURCHASE!
          </Text>
          {business.business_legal_disclaimer && (
            <Text ta="center" size="xs" c="dimmed" mt={4}>
              {business.business_legal_disclaimer}
            </Text>
          )}
        </div>
      )}
    </SaleDocumentFrame>
  );
}
