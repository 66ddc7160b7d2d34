import { deliveryNoteSchema, formatQuantity, type SaleDeliveries } from '@duka/shared';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/client.ts';
import { useCreateDeliveryNote, useSaleDeliveries } from '../../api/quotations.ts';
import { type AlertState, FormAlerts } from '../../components/FormAlerts.tsx';
import { AmountInput } from '../../components/form/AmountInput.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { figures, TableHead } from '../../components/TableHead.tsx';
import { TableScroll } from '../../components/TableScroll.tsx';

// One trip's goods out of the yard for a sale made to be collected later (`?sale_id=`): each line with what was sold,
// brought back, collected and what remains, and the quantity leaving now (all that remains unless changed; 0 or blank
// leaves the line out). The server is the judge of what remains: its refusal shows under the line it is about.

interface TripValues extends FieldValues {
  /** What leaves now, one per sale line in the sale's order (in the unit sold). */
  now: (number | string | undefined)[];
  vehicle: string;
  driver: string;
  received_by: string;
}

export function DeliveryNoteCreatePage() {
  const [search] = useSearchParams();
  const saleId = Number(search.get('sale_id')) || undefined;
  const sale = useSaleDeliveries(saleId);
  const header = (
    <PageHeader
      title="Deliver Goods"
      trail={[{ label: 'Delivery Notes', to: '/deliverynotelist' }, { label: 'Create' }]}
    />
  );
  if (!saleId)
    return (
      <>
        {header}
        <Alert color="yellow">
          Open the delivery screen from a sale made to deliver later: its receipt, or the Awaiting Delivery report.
        </Alert>
      </>
    );
  if (sale.isPending) return <PageLoader />;
  if (sale.isError)
    return (
      <>
        {header}
        <FormAlerts state={{ error: errorMessage(sale.error) }} onClose={() => sale.refetch()} />
      </>
    );
  return (
    <>
      {header}
      {/* Keyed by the sale's state: after a save or a return the form starts again from what remains. */}
      <TripForm key={JSON.stringify(sale.data.lines.map((l) => l.remaining))} sale={sale.data} />
    </>
  );
}

function TripForm({ sale }: { sale: SaleDeliveries }) {
  const navigate = useNavigate();
  const arrived = (useLocation().state as { notice?: string } | null)?.notice;
  const [alerts, setAlerts] = useState<AlertState>({ success: arrived });
  const create = useCreateDeliveryNote();
  const form = useForm<TripValues>({
    defaultValues: {
      now: sale.lines.map((l) => (l.remaining > 0 ? l.remaining : '')),
      vehicle: '',
      driver: '',
      received_by: '',
    },
  });
  const waiting = sale.lines.some((l) => l.remaining > 0);

  const submit = form.handleSubmit(async (values) => {
    setAlerts({});
    form.clearErrors();
    // The lines sent, and for each the row of the screen it came from: the server's `lines.2.quantity` is a row's.
    const rows: number[] = [];
    const lines = sale.lines.flatMap((line, row) => {
      const quantity = Number(values.now[row]) || 0;
      if (quantity <= 0) return [];
      rows.push(row);
      return [{ sale_item_id: line.sale_item_id, quantity }];
    });
    const body = {
      sale_id: sale.sale_id,
      lines,
      vehicle: values.vehicle,
      driver: values.driver,
      received_by: values.received_by,
    };
    const checked = deliveryNoteSchema.safeParse(body);
    if (!checked.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of checked.error.issues) {
        const field = issue.path.join('.');
        errors[field] = [...(errors[field] ?? []), issue.message];
      }
      const message = showUnderFields(form, errors, rows);
      setAlerts({ error: message ?? 'Check the quantities.' });
      return;
    }
    try {
      const answer = await create.mutateAsync(checked.data);
      navigate(`/deliverynoteshow/${answer.data.id}`, { replace: true, state: { notice: answer.message } });
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) showUnderFields(form, err.errors, rows);
      setAlerts({ error: errorMessage(err, 'The delivery note was not saved. Please try again.') });
    }
  });

  return (
    <>
      <FormAlerts state={alerts} onClose={() => setAlerts({})} />
      <Paper p="lg" withBorder maw={1100}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Text>
                Receipt{' '}
                <Anchor component={Link} to={`/salesreceipt/${sale.sale_id}`} fz="inherit" fw={700}>
                  No. {sale.receipt_number ?? sale.sale_id}
                </Anchor>
              </Text>
              <Text>Customer: {sale.customer_name}</Text>
              <Text>Phone: {sale.customer_phone}</Text>
            </SimpleGrid>
            {!sale.deliver_later && (
              <Alert color="yellow">This sale was not made to deliver later: its goods left with the customer.</Alert>
            )}
            {sale.deliver_later && !waiting && (
              <Alert color="green" role="status">
                Everything sold on this receipt has been collected.
              </Alert>
            )}
            <TableScroll label="Lines to deliver" minWidth={900}>
              <Table withTableBorder striped verticalSpacing="xs">
                <TableHead
                  headings={[
                    'Product',
                    'Brand',
                    'Unit',
                    ...figures('Sold', 'Returned', 'Delivered', 'Remaining'),
                    { label: 'Deliver Now', right: true, w: 170 },
                  ]}
                />
                <Table.Tbody>
                  {sale.lines.map((l, row) => (
                    <Table.Tr key={l.sale_item_id}>
                      <Table.Td>{l.product_name}</Table.Td>
                      <Table.Td>{l.brand_name}</Table.Td>
                      <Table.Td>{l.unit.name}</Table.Td>
                      <Table.Td ta="right">{formatQuantity(l.sold)}</Table.Td>
                      <Table.Td ta="right">{formatQuantity(l.returned)}</Table.Td>
                      <Table.Td ta="right">{formatQuantity(l.delivered)}</Table.Td>
                      <Table.Td ta="right" data-testid={`remaining-${row + 1}`}>
                        {formatQuantity(l.remaining)}
                      </Table.Td>
                      <Table.Td>
                        {l.remaining > 0 ? (
                          <AmountInput
                            form={form}
                            name={`now.${row}`}
                            aria-label={`Deliver now: ${l.product_name}`}
                            decimalScale={3}
                          />
                        ) : (
                          <Text ta="right" c="dimmed" size="sm">
                            Collected
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TripText form={form} name="vehicle" label="Vehicle" max={50} />
              <TripText form={form} name="driver" label="Driver" max={100} />
              <TripText form={form} name="received_by" label="Received By" max={100} />
            </SimpleGrid>
            {sale.notes.length > 0 && (
              <Text size="sm">
                Earlier trips:{' '}
                {sale.notes.map((n, i) => (
                  <span key={n.id}>
                    {i > 0 && ', '}
                    <Anchor component={Link} to={`/deliverynoteshow/${n.id}`} fz="inherit">
                      {n.delivery_number}
                    </Anchor>
                  </span>
                ))}
              </Text>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending} disabled={!sale.deliver_later || !waiting}>
                Save delivery note
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}

function TripText({
  form,
  name,
  label,
  max,
}: {
  form: UseFormReturn<TripValues>;
  name: 'vehicle' | 'driver' | 'received_by';
  label: string;
  max: number;
}) {
  return (
    <TextInput label={label} maxLength={max} {...form.register(name)} error={form.formState.errors[name]?.message} />
  );
}

/**
 * Puts each message under its field: a line's under its row's Deliver Now (`rows` maps the lines sent to the screen's
 * rows), the trip's under its own. Answers the first message that has no field on screen (no line at all).
 */
function showUnderFields(form: UseFormReturn<TripValues>, errors: Record<string, string[]>, rows: number[]) {
  let unplaced: string | undefined;
  for (const [field, messages] of Object.entries(errors)) {
    const message = messages[0];
    if (!message) continue;
    const line = field.match(/^lines\.(\d+)\./);
    const row = line ? rows[Number(line[1])] : undefined;
    if (row !== undefined) form.setError(`now.${row}`, { type: 'server', message });
    else if (field === 'vehicle' || field === 'driver' || field === 'received_by')
      form.setError(field, { type: 'server', message });
    else unplaced ??= message;
  }
  return unplaced;
}
