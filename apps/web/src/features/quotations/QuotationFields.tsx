import { formatMoney, saleTotals } from '@duka/shared';
import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { usePermissions } from '../../api/permissions.ts';
import { FieldDayInput } from '../../components/dates/FieldDayInput.tsx';
import { AmountInput } from '../../components/form/AmountInput.tsx';
import { LineTotalField, typedLineTotal } from '../../components/form/LineTotalField.tsx';
import { LineGoodsFields } from '../purchasing/LineGoodsFields.tsx';
import { QuotationCustomerFields } from './QuotationCustomerFields.tsx';

/** One line as the form holds it: ids as numbers, null brand is "No brand"; a blank price is today's. */
export interface QuotationLineValues {
  product_id: number | undefined;
  brand_id: number | null | undefined;
  measurement_id: number | undefined;
  quantity: number | string | undefined;
  unit_price: number | string | undefined;
}

export const EMPTY_QUOTATION_LINE: QuotationLineValues = {
  product_id: undefined,
  brand_id: null,
  measurement_id: undefined,
  quantity: undefined,
  unit_price: undefined,
};

type Form = UseFormReturn<any, any, any>;

const isPriced = (line: QuotationLineValues | undefined) =>
  line?.unit_price !== undefined && line.unit_price !== '' && line.unit_price !== null;

/**
 * The quotation's fields: its customer, how long it holds, its discount and notes, then its lines. A total shows
 * while every line has a price typed; lines left at today's price are priced by the server when saved.
 */
export function QuotationFields({ form }: { form: Form }) {
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const values = (form.watch('lines') as QuotationLineValues[] | undefined) ?? [];
  const discount = Math.min(100, Math.max(0, Number(form.watch('discount')) || 0));
  const allPriced = values.length > 0 && values.every(isPriced);
  const totals = saleTotals(
    values.map((l) => ({ quantity: Number(l.quantity) || 0, unit_price: Number(l.unit_price) || 0 })),
    discount,
  );
  const errors = form.formState.errors as Record<string, { message?: string; root?: { message?: string } }>;
  const linesError = errors.lines?.message ?? errors.lines?.root?.message;
  return (
    <Stack>
      <QuotationCustomerFields form={form} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FieldDayInput control={form.control} name="valid_until" label="Valid Until" />
        <Controller
          control={form.control}
          name="discount"
          render={({ field, fieldState }) => (
            <NumberInput
              label="Discount (%)"
              min={0}
              max={100}
              decimalScale={2}
              clampBehavior="none"
              allowNegative={false}
              hideControls
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
      <Textarea
        label="Notes"
        autosize
        minRows={2}
        maxLength={1000}
        {...form.register('notes')}
        error={errors.notes?.message}
      />
      <Text fw={600}>Lines</Text>
      {lines.fields.map((field, index) => (
        <QuotationLine
          key={field.id}
          form={form}
          index={index}
          onRemove={lines.fields.length > 1 ? () => lines.remove(index) : undefined}
        />
      ))}
      {linesError && (
        <Text c="red" size="sm" role="alert">
          {linesError}
        </Text>
      )}
      <Group justify="space-between" align="flex-start">
        <Button variant="default" onClick={() => lines.append({ ...EMPTY_QUOTATION_LINE })}>
          Add line
        </Button>
        <Text fw={700} data-testid="quotation-total" ta="right">
          {allPriced
            ? `Total: UGX ${formatMoney(totals.total_amount)}`
            : "Lines without a price are quoted at today's price when saved"}
        </Text>
      </Group>
    </Stack>
  );
}

/**
 * One line: product, brand, unit (LineGoodsFields, as on a purchase order), quantity and unit price. Only a holder of
 * quotationPriceEdit types a price; for anyone else the field stays read-only and the server quotes today's price.
 */
function QuotationLine({ form, index, onRemove }: { form: Form; index: number; onRemove?: () => void }) {
  const { can } = usePermissions();
  const mayPrice = can('quotationPriceEdit');
  const name = (field: keyof QuotationLineValues) => `lines.${index}.${field}`;
  const line = form.watch(`lines.${index}`) as QuotationLineValues | undefined;
  const label = (what: string) => `Line ${index + 1} ${what}`;
  const priceError = (form.getFieldState(name('unit_price'), form.formState).error?.message ?? undefined) as
    | string
    | undefined;
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
        {mayPrice ? (
          <AmountInput
            form={form}
            name={name('unit_price')}
            label="Unit Price"
            aria-label={label('unit price')}
            placeholder="Today's price"
            decimalScale={0}
          />
        ) : (
          <TextInput
            label="Unit Price"
            aria-label={label('unit price')}
            readOnly
            variant="filled"
            placeholder="Today's price"
            value=""
            error={priceError}
          />
        )}
        <LineTotalField
          index={index}
          label="Line Total"
          amount={isPriced(line) ? typedLineTotal(line?.quantity, line?.unit_price) : null}
          placeholder="When saved"
          onRemove={onRemove}
        />
      </SimpleGrid>
    </Paper>
  );
}
