import { formatDay, formatMoney, formatQuantity, formatTime, paymentLabel, unitLabel } from '@duka/shared';
import { Divider, Group, Stack, Table, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useBranding } from '../../api/settings.ts';
import { useReturn } from '../../api/till.ts';
import { figures, TableHead } from '../../components/TableHead.tsx';
import { SaleDocumentFrame, TotalLine } from '../sales/sale-document.tsx';

// The return receipt: its own number, the sale it belongs to, what came back and the refund, on 80 mm. Of a sale
// still owed on a customer's account, the return first takes what is owed off the account: only the rest is handed
// back.
export function ReturnReceiptPage() {
  const { id } = useParams();
  const record = useReturn(id);
  const branding = useBranding();
  const r = record.data;
  return (
    <SaleDocumentFrame kind="returnreceipt" pageSize="80mm auto" loaded={Boolean(r)} error={record.error}>
      {r && (
        <div className="receipt" data-testid="return-receipt">
          <Stack gap={2} align="center">
            <Text fw={700}>{branding.data?.name || 'Duka'}</Text>
            <Text size="sm" fw={700}>
              RETURN
            </Text>
            <Text fz={32} fw={800} lh={1.1} data-testid="return-number">
              No. {r.return_number}
            </Text>
          </Stack>
          <Group justify="space-between" mt={4}>
            <Text size="xs">
              {formatDay(r.created_at)} {formatTime(r.created_at)}
            </Text>
            <Text size="xs">Sale: {r.sale_number}</Text>
          </Group>
          <Text size="xs">Receipt No. {r.receipt_number ?? '—'}</Text>
          <Text size="xs">Cashier: {r.user?.name ?? 'N/A'}</Text>
          <Text size="xs">Customer: {r.customer_name}</Text>
          <Table withTableBorder my="sm" fz="sm">
            <TableHead headings={['Item', ...figures('Qty', 'Refund')]} />
            <Table.Tbody>
              {r.items.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>
                    {i.product.name} — {i.brand.name} ({unitLabel(i.quantity, i.measurement)})
                  </Table.Td>
                  <Table.Td ta="right">{formatQuantity(i.quantity)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(i.refund_amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {r.credited_amount > 0 && (
            <>
              <TotalLine label="Returned value UGX" amount={formatMoney(r.refund_amount)} />
              <TotalLine label="Taken off the account" amount={formatMoney(r.credited_amount)} />
            </>
          )}
          <TotalLine label="Refund UGX" amount={formatMoney(r.refund_amount - r.credited_amount)} strong />
          <Text size="sm">
            {paymentLabel(r.refund_method)}
            {r.refund_reference ? ` (ref ${r.refund_reference})` : ''}
          </Text>
          <Text size="sm">Reason: {r.reason}</Text>
          <Divider my="sm" />
          <Text size="xs">Customer signature: ____________</Text>
        </div>
      )}
    </SaleDocumentFrame>
  );
}
