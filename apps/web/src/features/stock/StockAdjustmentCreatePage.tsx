import { ADJUSTMENT_REASONS, formatDay, formatQuantity, stockAdjustmentSchema } from '@duka/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { NumberInput, Paper, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../api/client.ts';
import { send, useLookup, useWrite } from '../../api/lists.ts';
import { FormActions } from '../../components/FormActions.tsx';
import { FormAlerts } from '../../components/FormAlerts.tsx';
import { useSaveFlow } from '../../components/form/save-flow.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { STOCK_VIEWS } from './stock-types.ts';

type Input = z.input<typeof stockAdjustmentSchema>;
interface BatchOption {
  id: number;
  batch_number: string;
  product_name: string;
  balance: number;
}

/**
 * Writes stock off one batch. Only batches with something left are offered, each with its balance; the server still
 * refuses (409, shown in the banner) more than is left, since a sale may have taken it meanwhile.
 */
export function StockAdjustmentCreatePage() {
  const batches = useLookup<BatchOption>('/getstockbatches');
  const flow = useSaveFlow('/stockadjustmentlist', { offersChoice: false });
  const save = useWrite(send('POST', '/stockadjustmentstore'), STOCK_VIEWS);
  const form = useForm<Input, unknown, z.output<typeof stockAdjustmentSchema>>({
    resolver: zodResolver(stockAdjustmentSchema),
    defaultValues: { adjustment_date: formatDay(new Date()), note: '' } as Input,
  });
  const errors = form.formState.errors;
  const chosen = batches.data?.find((b) => b.id === Number(form.watch('batch_id')));
  const submit = form.handleSubmit(async (input) => {
    flow.clearAlerts();
    try {
      flow.succeeded((await save.mutateAsync(input)).message);
    } catch (err) {
      flow.failed(err, 'Failed to write off stock. Please try again.', form.setError);
    }
  });
  return (
    <>
      <PageHeader
        title="Write Off Stock"
        trail={[{ label: 'Stock Write-offs', to: '/stockadjustmentlist' }, { label: 'Create' }]}
      />
      <FormAlerts state={flow.alerts} onClose={flow.clearAlerts} />
      <Paper p="lg" withBorder>
        <form onSubmit={submit} noValidate>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={form.control}
              name="batch_id"
              render={({ field }) => (
                <Select
                  label="Batch"
                  placeholder="Select batch"
                  searchable
                  nothingFoundMessage="No batch has stock left"
                  data={(batches.data ?? []).map((b) => ({
                    value: String(b.id),
                    label: `${b.product_name} · ${b.batch_number} (balance ${formatQuantity(b.balance)})`,
                  }))}
                  value={field.value ? String(field.value) : null}
                  onChange={(v) => field.onChange(v ? Number(v) : undefined)}
                  error={errors.batch_id?.message ?? (batches.isError ? errorMessage(batches.error) : undefined)}
                />
              )}
            />
            <Controller
              control={form.control}
              name="reason"
              render={({ field }) => (
                <Select
                  label="Reason"
                  placeholder="Select reason"
                  data={ADJUSTMENT_REASONS.map((r) => ({ value: r.value, label: r.label }))}
                  value={field.value ?? null}
                  onChange={(v) => field.onChange(v ?? undefined)}
                  error={errors.reason?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="quantity"
              render={({ field }) => (
                <NumberInput
                  label="Quantity"
                  description={chosen ? `At most ${formatQuantity(chosen.balance)} left in this batch` : undefined}
                  // The hint goes under the input so the field lines up with the date beside it.
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  thousandSeparator=","
                  decimalScale={3}
                  allowNegative={false}
                  hideControls
                  value={(field.value as number | string | undefined) ?? ''}
                  onChange={field.onChange}
                  error={errors.quantity?.message}
                />
              )}
            />
            <TextInput
              label="Date"
              type="date"
              max={formatDay(new Date())}
              {...form.register('adjustment_date')}
              error={errors.adjustment_date?.message}
            />
          </SimpleGrid>
          <Textarea label="Note" mt="md" autosize minRows={2} {...form.register('note')} error={errors.note?.message} />
          <FormActions saving={save.isPending} />
        </form>
      </Paper>
    </>
  );
}
