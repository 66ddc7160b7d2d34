import { API } from 'virtual:contract-addresses';
import {
  ADJUSTMENT_REASONS,
  formatDay,
  formatQuantity,
  inexactQuantity,
  quantityWithUnit,
  stockAdjustmentSchema,
  toBaseQuantity,
  unitEquation,
} from '@duka/shared';
import { Select, SimpleGrid, Textarea } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useProductUnits } from '../../api/catalogue.ts';
import { errorMessage } from '../../api/client.ts';
import { useBatchesWithStock } from '../../api/stock.ts';
import { FieldDayInput } from '../../components/dates/FieldDayInput.tsx';
import { AmountInput } from '../../components/form/AmountInput.tsx';
import { FieldSelect } from '../../components/form/FieldSelect.tsx';
import { RecordFormPage, type RecordFormSpec, useRecordForm } from '../../components/form/record-form.tsx';

// A write-off is a fact to record once, then seen in its list: no after-save choice.
const WRITE_OFF: RecordFormSpec<typeof stockAdjustmentSchema> = {
  label: 'Stock write-off',
  title: 'Write Off Stock',
  listLabel: 'Stock Write-offs',
  list: '/stockadjustmentlist',
  schema: stockAdjustmentSchema,
  // A write-off refreshes everything about stock (the batch's balance, the levels, the write-off form's batches, the
  // reports and dashboard) and the write-offs (the contract's resources).
  save: API.stock.writeOff,
  noChoice: true,
  empty: () => ({ adjustment_date: formatDay(new Date()), note: '' }),
  failure: 'Failed to write off stock. Please try again.',
};

/**
 * Writes stock off one batch. Only batches with something left are offered, each with its balance; the server still
 * refuses (409, shown in the banner) more than is left, since a sale may have taken it meanwhile.
 */
export function StockAdjustmentCreatePage() {
  const kit = useRecordForm(WRITE_OFF);
  return (
    <RecordFormPage spec={WRITE_OFF} kit={kit}>
      <WriteOffFields form={kit.form} />
    </RecordFormPage>
  );
}

function WriteOffFields({ form }: { form: UseFormReturn<any, any, any> }) {
  const batches = useBatchesWithStock();
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  const chosen = batches.data?.find((b) => b.id === Number(form.watch('batch_id')));
  // A batch of a product with other units may be written off in one of them (2 Boxes of a batch counted in kg).
  const declared = useProductUnits(chosen ? String(chosen.product_id) : undefined).data?.data;
  const base = chosen ? { name: chosen.measurement_name, plural: null } : undefined;
  const units =
    chosen && base && declared && declared.units.length > 0
      ? [{ measurement_id: chosen.measurement_id, ...base, factor: 1 }, ...declared.units]
      : [];
  const [unitId, quantity] = form.watch(['measurement_id', 'quantity']);
  const entered = units.find((u) => u.measurement_id === Number(unitId));
  const baseQuantity = entered ? toBaseQuantity(Number(quantity) || 0, entered.factor) : null;
  const equation =
    entered && base && entered.factor !== 1 && Number(quantity) > 0
      ? baseQuantity === null
        ? inexactQuantity(Number(quantity), entered, entered.factor)
        : unitEquation(Number(quantity), entered, baseQuantity, base)
      : undefined;
  return (
    <>
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
              onChange={(v) => {
                field.onChange(v ? Number(v) : undefined);
                // Another batch may be of a product without that unit: its base again.
                form.setValue('measurement_id', undefined);
              }}
              error={errors.batch_id?.message ?? (batches.isError ? errorMessage(batches.error) : undefined)}
            />
          )}
        />
        <FieldSelect
          control={form.control}
          name="reason"
          label="Reason"
          placeholder="Select reason"
          data={ADJUSTMENT_REASONS.map((r) => ({ value: r.value, label: r.label }))}
        />
        {units.length > 0 && base && (
          <FieldSelect
            control={form.control}
            name="measurement_id"
            label="Unit"
            placeholder={base.name}
            numeric
            data={units.map((u) => ({
              value: String(u.measurement_id),
              label: u.factor === 1 ? u.name : `${u.name} (${quantityWithUnit(u.factor, base)})`,
            }))}
          />
        )}
        <AmountInput
          form={form}
          name="quantity"
          label="Quantity"
          description={
            chosen
              ? [equation, `At most ${quantityWithUnit(chosen.balance, base ?? '')} left in this batch`]
                  .filter(Boolean)
                  .join('. ')
              : undefined
          }
          // The hint goes under the input so the field lines up with the date beside it.
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          decimalScale={3}
        />
        <FieldDayInput
          control={form.control}
          name="adjustment_date"
          label="Date"
          maxDate={formatDay(new Date())}
          tooLate="The date cannot be in the future."
        />
      </SimpleGrid>
      <Textarea label="Note" mt="md" autosize minRows={2} {...form.register('note')} error={errors.note?.message} />
    </>
  );
}
