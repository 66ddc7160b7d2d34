import { formatMoney, formatQuantity, PAYMENT_LABELS, PAYMENT_METHODS, paymentLabel } from '@duka/shared';
import { Alert, Button, Group, NativeSelect, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../api/client.ts';
import { useSaveReturn } from '../../api/till.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { figures, TableHead } from '../../components/TableHead.tsx';
import { useSaleDocument } from '../sales/sale-document.tsx';

// A return against a sale: per line what was sold and already returned, the quantity coming back, the
// reason and the refund; saved, it opens the return receipt. A sale still owed on a customer's account says so: the
// return takes what is owed off the account first, and only the rest is refunded.
export function ReturnPage() {
  const { sale } = useSaleDocument();
  const navigate = useNavigate();
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [method, setMethod] = useState<string>('CASH');
  const [reference, setReference] = useState('');
  const save = useSaveReturn(sale.data ? String(sale.data.id) : undefined);
  if (sale.error) return <Alert color="red">{errorMessage(sale.error)}</Alert>;
  const s = sale.data;
  if (!s) return <PageLoader />;
  const fieldError = (name: string) => (save.error instanceof ApiError ? save.error.field(name) : undefined);
  const items = s.items
    .map((line) => ({ sale_item_id: line.id, quantity: Number(quantities[line.id] || 0) }))
    .filter((i) => i.quantity > 0);
  const submit = async () => {
    try {
      const answer = await save.mutateAsync({
        items,
        reason,
        refund_method: method as (typeof PAYMENT_METHODS)[number],
        refund_reference: reference || undefined,
      });
      navigate(`/salesreturnreceipt/${answer.data.id}`);
    } catch {
      // shown below
    }
  };
  return (
    <Stack maw={900}>
      <Title order={1} size="h2">
        Return against sale {s.sale_number} (receipt No. {s.receipt_number ?? '—'})
      </Title>
      {s.account && s.account.account_due > 0 && (
        <Alert color="blue" data-testid="return-account-due">
          UGX {formatMoney(s.account.account_due)} of this sale is still owed on the account of{' '}
          {s.account.customer.name} ({s.account.customer.customer_number}): the return is taken off the account first,
          and only what is left of it is refunded.
        </Alert>
      )}
      {s.returns.length > 0 && (
        <Paper withBorder p="md">
          <Text fw={700} size="sm" mb={4}>
            Returns already made
          </Text>
          {s.returns.map((r) => (
            <Text key={r.id} size="sm">
              Return No. {r.return_number}:{' '}
              {r.credited_amount > 0 && <>taken off the account UGX {formatMoney(r.credited_amount)}, </>}
              refund UGX {formatMoney(r.refund_amount - r.credited_amount)} ({paymentLabel(r.refund_method)})
            </Text>
          ))}
        </Paper>
      )}
      <Paper withBorder p="md">
        <Table fz="sm">
          <TableHead headings={['Item', ...figures('Price', 'Sold', 'Returned'), { label: 'Return now', w: 160 }]} />
          <Table.Tbody>
            {s.items.map((line, index) => {
              const returned = s.returned[String(line.id)] ?? 0;
              const left = Math.round((line.quantity - returned) * 1000) / 1000;
              return (
                <Table.Tr key={line.id}>
                  <Table.Td>
                    {line.product.name} — {line.brand.name} ({line.measurement.name})
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(line.unit_price)}</Table.Td>
                  <Table.Td ta="right">{formatQuantity(line.quantity)}</Table.Td>
                  <Table.Td ta="right">{formatQuantity(returned)}</Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Quantity to return of ${line.product.name}`}
                      inputMode="decimal"
                      placeholder={`up to ${formatQuantity(left)}`}
                      disabled={left <= 0}
                      value={quantities[line.id] ?? ''}
                      onChange={(e) => setQuantities({ ...quantities, [line.id]: e.currentTarget.value })}
                      error={fieldError(`items.${items.findIndex((i) => i.sale_item_id === line.id)}.quantity`)}
                      data-index={index}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {fieldError('items') && (
          <Text c="red" size="sm">
            {fieldError('items')}
          </Text>
        )}
        <Stack gap="xs" mt="md" maw={420}>
          <TextInput
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={fieldError('reason')}
          />
          <NativeSelect
            label="Refund method"
            value={method}
            onChange={(e) => setMethod(e.currentTarget.value)}
            data={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_LABELS[m] }))}
          />
          <TextInput
            label="Refund reference"
            description={method === 'MOBILE_MONEY' ? 'The transaction id of the refund' : 'Optional'}
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            error={fieldError('refund_reference')}
          />
        </Stack>
        {save.error && (
          <Alert color="red" mt="md">
            {errorMessage(save.error)}
          </Alert>
        )}
        <Group mt="md">
          <Button variant="default" onClick={() => navigate(-1)}>
            Back
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
