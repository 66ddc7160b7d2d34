import { API } from 'virtual:contract-addresses';
import {
  formatQuantity,
  type ProductUnits,
  type ProductUnitsInput,
  productUnitsUpdateSchema,
  quantityWithUnit,
  unitLabel,
} from '@duka/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, CloseButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { type UseFormReturn, useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useOptions, useProductUnits, useSaveProductUnits } from '../../api/catalogue.ts';
import { ApiError, errorMessage } from '../../api/client.ts';
import { applyServerErrors } from '../../components/apply-server-errors.ts';
import { type AlertState, FormAlerts } from '../../components/FormAlerts.tsx';
import { AmountInput } from '../../components/form/AmountInput.tsx';
import { LookupSelect } from './LookupSelect.tsx';

// A product's units on its screen: the base unit stock is counted in (Bag) and other units that each hold a number of
// base units (Tonne = 20 Bag), with an optional bulk discount. The till sells in any of them; the server refuses
// (409, shown under Base unit) a base other than the one the product's batches are counted in.

type Values = z.input<typeof productUnitsUpdateSchema>;

const schemaResolver = zodResolver(productUnitsUpdateSchema);

/** An emptied bulk discount is none (the schema's default 0), not a wrong percent. */
const withoutBlankDiscounts = (values: Values): Values => ({
  ...values,
  units: values.units?.map((u) =>
    String(u.bulk_discount_percent ?? '').trim() === '' ? { ...u, bulk_discount_percent: undefined } : u,
  ),
});

const toValues = (shown: ProductUnits): Values => ({
  base_measurement_id: shown.base?.measurement_id as number,
  units: shown.units.map((u) => ({
    measurement_id: u.measurement_id,
    factor: u.factor,
    bulk_discount_percent: u.bulk_discount_percent,
  })),
});

export function ProductUnitsSection({ productId }: { productId: string | undefined }) {
  const shown = useProductUnits(productId);
  const save = useSaveProductUnits();
  const [alerts, setAlerts] = useState<AlertState>({});
  const form = useForm<Values, unknown, ProductUnitsInput>({
    resolver: (values, context, options) => schemaResolver(withoutBlankDiscounts(values), context, options),
    mode: 'onTouched',
    defaultValues: { units: [] },
  });
  const rows = useFieldArray({ control: form.control, name: 'units' });
  useEffect(() => {
    if (shown.data) form.reset(toValues(shown.data.data));
  }, [shown.data, form]);

  const submit = form.handleSubmit(async (input) => {
    setAlerts({});
    try {
      const answer = await save.mutateAsync({ params: { id: Number(productId) }, body: input });
      form.reset(toValues(answer.data));
      setAlerts({ success: answer.message });
    } catch (err) {
      applyServerErrors(err, form.setError);
      // A conflict is about the base: the product's batches are counted in another unit.
      if (err instanceof ApiError && err.status === 409)
        form.setError('base_measurement_id', { type: 'server', message: err.message });
      setAlerts({ error: errorMessage(err, 'Failed to save the units. Please try again.') });
    }
  });

  return (
    <Paper p="lg" withBorder maw={640} mt="lg" component="section" aria-labelledby="product-units-title">
      <Title order={3} size="h4" id="product-units-title">
        Units
      </Title>
      <Text size="sm" c="dark.3" mb="sm">
        Stock is counted in the base unit. Another unit holds a number of base units (a Tonne holds 20 Bags) and may
        sell at a bulk discount.
      </Text>
      {shown.isError && <FormAlerts state={{ error: errorMessage(shown.error) }} onClose={() => shown.refetch()} />}
      <FormAlerts state={alerts} onClose={() => setAlerts({})} />
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <LookupSelect
            control={form.control}
            name="base_measurement_id"
            label="Base unit"
            endpoint={API.measurement.names}
            maw={300}
          />
          {rows.fields.map((row, i) => (
            <UnitRow key={row.id} form={form} index={i} onRemove={() => rows.remove(i)} />
          ))}
          <Group justify="space-between">
            <Button
              variant="default"
              onClick={() => rows.append({ measurement_id: undefined as never, factor: '' as never })}
              disabled={!form.watch('base_measurement_id')}
            >
              Add unit
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!productId || shown.isPending}>
              Save units
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** One other unit: which measurement, how many base units it holds and its bulk discount, with its equation. */
function UnitRow({
  form,
  index,
  onRemove,
}: {
  form: UseFormReturn<Values, unknown, ProductUnitsInput>;
  index: number;
  onRemove: () => void;
}) {
  const measurements = useOptions(API.measurement.names);
  const nameOf = (id: unknown) => measurements.data?.find((m) => m.id === Number(id))?.name;
  const [baseId, unitId, factor, discount] = form.watch([
    'base_measurement_id',
    `units.${index}.measurement_id`,
    `units.${index}.factor`,
    `units.${index}.bulk_discount_percent`,
  ]);
  const base = nameOf(baseId) ?? 'base unit';
  const bases = unitLabel(2, base);
  const unit = nameOf(unitId);
  const n = index + 1;
  return (
    <div>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <LookupSelect
          control={form.control}
          name={`units.${index}.measurement_id`}
          label={`Unit ${n}`}
          endpoint={API.measurement.names}
          style={{ flex: 1 }}
        />
        <AmountInput
          form={form as never}
          name={`units.${index}.factor`}
          label={`${bases} in one`}
          aria-label={`Unit ${n}: how many ${bases} in one`}
          decimalScale={3}
          w={130}
        />
        <AmountInput
          form={form as never}
          name={`units.${index}.bulk_discount_percent`}
          label="Bulk discount %"
          placeholder="0"
          aria-label={`Unit ${n}: bulk discount %`}
          decimalScale={2}
          w={130}
        />
        <CloseButton aria-label={`Remove unit ${n}`} mt={28} c="red.8" onClick={onRemove} />
      </Group>
      {unit && Number(factor) > 0 && (
        <Text size="xs" c="dark.3" mt={2}>
          1 {unit} = {quantityWithUnit(Number(factor), base)}
          {Number(discount) > 0 ? `, sold at ${formatQuantity(Number(discount))} % off` : ''}
        </Text>
      )}
    </div>
  );
}
