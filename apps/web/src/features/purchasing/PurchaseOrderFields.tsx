import { API } from 'virtual:contract-addresses';
import { formatMoney } from '@duka/shared';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { FieldDayInput } from '../../components/dates/FieldDayInput.tsx';
import { AmountInput } from '../../components/form/AmountInput.tsx';
import { LineTotalField, typedLineTotal } from '../../components/form/LineTotalField.tsx';
import { LookupSelect } from '../products/LookupSelect.tsx';
import { LineGoodsFields } from './LineGoodsFields.tsx';

/** One line as the form holds it: ids as numbers, null brand is "No brand", undefined is not chosen yet. */
export interface OrderLineValues {
  product_id: number | undefined;
  brand_id: number | null | undefined;
  measurement_id: number | undefined;
  quantity: number | string | undefined;
  unit_cost: number | string | undefined;
}

export const EMPTY_LINE: OrderLineValues = {
  product_id: undefined,
  brand_id: null,
  measurement_id: undefined,
  quantity: undefined,
  unit_cost: undefined,
};

type Form = UseFormReturn<any, any, any>;

/** round(quantity × unit cost), whole shillings: the line total the server will store. */
const lineTotal = (line: Partial<OrderLineValues> | undefined) => typedLineTotal(line?.quantity, line?.unit_cost);

/** The order's fields: supplier, expected date, notes, then its lines with a live total. */
export function PurchaseOrderFields({ form }: { form: Form }) {
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const values = (form.watch('lines') as OrderLineValues[] | undefined) ?? [];
  const total = values.reduce((sum, line) => sum + lineTotal(line), 0);
  const linesError = form.formState.errors.lines as { message?: string; root?: { message?: string } } | undefined;
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LookupSelect control={form.control} name="supplier_id" label="Supplier" endpoint={API.supplier.names} />
        <FieldDayInput control={form.control} name="expected_date" label="Expected Date" />
      </SimpleGrid>
      <Textarea
        label="Notes"
        autosize
        minRows={2}
        maxLength={1000}
        {...form.register('notes')}
        error={form.formState.errors.notes?.message as string | undefined}
      />
      <Text fw={600}>Lines</Text>
      {lines.fields.map((field, index) => (
        <OrderLine
          key={field.id}
          form={form}
          index={index}
          onRemove={lines.fields.length > 1 ? () => lines.remove(index) : undefined}
        />
      ))}
      {(linesError?.message ?? linesError?.root?.message) && (
        <Text c="red" size="sm" role="alert">
          {linesError?.message ?? linesError?.root?.message}
        </Text>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={() => lines.append({ ...EMPTY_LINE })}>
          Add line
        </Button>
        <Text fw={700} data-testid="order-total">
          Total: UGX {formatMoney(total)}
        </Text>
      </Group>
    </Stack>
  );
}

/** One line: product, its brand or "No brand", a unit of the product, quantity, unit cost and the line's total. */
function OrderLine({ form, index, onRemove }: { form: Form; index: number; onRemove?: () => void }) {
  const name = (field: keyof OrderLineValues) => `lines.${index}.${field}`;
  const line = form.watch(`lines.${index}`) as OrderLineValues | undefined;
  const label = (what: string) => `Line ${index + 1} ${what}`;
  return (
    <Paper withBorder p="sm">
      <SimpleGrid cols={{ base: 1, sm: 3, md: 6 }} verticalSpacing="xs">
        <LineGoodsFields form={form} index={index} />
        <AmountInput
          form={form}
          name={name('quantity')}
          label="Quantity"
          aria-label={label('quantity')}
          decimalScale={3}
        />
        <AmountInput
          form={form}
          name={name('unit_cost')}
          label="Unit Cost"
          aria-label={label('unit cost')}
          decimalScale={0}
        />
        <LineTotalField index={index} label="Line Total" amount={lineTotal(line)} onRemove={onRemove} />
      </SimpleGrid>
    </Paper>
  );
}
