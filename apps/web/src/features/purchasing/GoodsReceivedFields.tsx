import { API } from 'virtual:contract-addresses';
import {
  formatDay,
  formatMoney,
  GOODS_RECEIVED_PAYMENT_LABELS,
  GOODS_RECEIVED_PAYMENTS,
  PAYMENT_LABELS,
  PAYMENT_METHODS,
  type PurchaseOrderShown,
  quantityWithUnit,
} from '@duka/shared';
import { Anchor, Button, Group, Paper, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { Controller, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { Link } from 'react-router';
import { FieldDayInput } from '../../components/dates/FieldDayInput.tsx';
import { AmountInput } from '../../components/form/AmountInput.tsx';
import { FieldSelect } from '../../components/form/FieldSelect.tsx';
import { LineTotalField } from '../../components/form/LineTotalField.tsx';
import { LookupSelect } from '../products/LookupSelect.tsx';
import { EMPTY_RECEIPT_LINE, lineValue, type ReceiptLineValues } from './goods-received-values.ts';
import { LineGoodsFields } from './LineGoodsFields.tsx';

type Form = UseFormReturn<any, any, any>;
type Message = { message?: string } | undefined;

const METHOD_CHOICES = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_LABELS[m] }));

/**
 * Goods received: the supplier (the order's, when received against one), the day and the supplier's invoice, the
 * lines with their live values, then the landed costs and how the goods are settled.
 */
export function GoodsReceivedFields({ form, order }: { form: Form; order?: PurchaseOrderShown }) {
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const values = (form.watch('lines') as ReceiptLineValues[] | undefined) ?? [];
  const goodsValue = values.reduce((sum, line) => sum + lineValue(line), 0);
  const landedCosts = Number(form.watch('landed_costs')) || 0;
  const payment = form.watch('payment') as string;
  const errors = form.formState.errors as Record<string, Message & { root?: Message }>;
  const linesError = errors.lines?.message ?? errors.lines?.root?.message;
  // A method for costs that are no longer there would be stored with nothing to pay.
  useEffect(() => {
    if (landedCosts <= 0 && form.getValues('landed_costs_method')) form.setValue('landed_costs_method', undefined);
  }, [landedCosts, form]);
  return (
    <Stack>
      {order && (
        <Text>
          Against purchase order{' '}
          <Anchor component={Link} to={`/purchaseordershow/${order.id}`} fz="inherit">
            {order.po_number}
          </Anchor>
          {errors.purchase_order_id?.message && (
            <Text span c="red" size="sm" role="alert" ml="sm">
              {errors.purchase_order_id.message}
            </Text>
          )}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <LookupSelect
          control={form.control}
          name="supplier_id"
          label="Supplier"
          endpoint={API.supplier.names}
          // The goods of an order come from its supplier.
          disabled={Boolean(order)}
        />
        <FieldDayInput
          control={form.control}
          name="received_date"
          label="Received Date"
          maxDate={formatDay(new Date())}
          tooLate="The received date cannot be in the future."
        />
        <TextInput
          label="Supplier Invoice Number"
          maxLength={100}
          {...form.register('supplier_invoice_number')}
          error={errors.supplier_invoice_number?.message}
        />
      </SimpleGrid>
      <Text fw={600}>Lines</Text>
      {lines.fields.map((field, index) => (
        <ReceiptLine
          key={field.id}
          form={form}
          index={index}
          order={order}
          onRemove={lines.fields.length > 1 ? () => lines.remove(index) : undefined}
        />
      ))}
      {linesError && (
        <Text c="red" size="sm" role="alert">
          {linesError}
        </Text>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={() => lines.append({ ...EMPTY_RECEIPT_LINE })}>
          Add line
        </Button>
        <Text fw={700} data-testid="goods-value">
          Goods value: UGX {formatMoney(goodsValue)}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <AmountInput
          form={form}
          name="landed_costs"
          label="Landed Costs"
          description="Transport and offloading, spread over the lines by value"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          decimalScale={0}
        />
        {landedCosts > 0 && (
          <FieldSelect
            control={form.control}
            name="landed_costs_method"
            label="Landed Costs Paid By"
            placeholder="Select payment method"
            data={METHOD_CHOICES}
          />
        )}
      </SimpleGrid>
      <Controller
        control={form.control}
        name="payment"
        render={({ field, fieldState }) => (
          <Radio.Group
            label="Payment"
            value={field.value}
            onChange={(v) => {
              field.onChange(v);
              // Goods on credit are paid later, from the supplier's account: no method or reference now.
              if (v === 'CREDIT') {
                form.setValue('payment_method', undefined);
                form.setValue('payment_reference', '');
              }
            }}
            error={fieldState.error?.message}
          >
            <Group mt="xs">
              {GOODS_RECEIVED_PAYMENTS.map((p) => (
                <Radio key={p} value={p} label={GOODS_RECEIVED_PAYMENT_LABELS[p]} />
              ))}
            </Group>
          </Radio.Group>
        )}
      />
      {payment === 'PAID' && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <FieldSelect
            control={form.control}
            name="payment_method"
            label="Payment Method"
            placeholder="Select payment method"
            data={METHOD_CHOICES}
          />
          <TextInput
            label="Payment Reference"
            description="A mobile-money transaction id, receipt or cheque number"
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            maxLength={100}
            {...form.register('payment_reference')}
            error={errors.payment_reference?.message}
          />
        </SimpleGrid>
      )}
      <Text fw={700} ta="right" data-testid="receipt-total">
        Goods and landed costs: UGX {formatMoney(goodsValue + landedCosts)}
      </Text>
    </Stack>
  );
}

/**
 * One line: the goods (fixed when it stands for an order line), quantity and unit cost in the unit received, the sale
 * price per that unit, the minimum stock level and the line's value.
 */
function ReceiptLine({
  form,
  index,
  order,
  onRemove,
}: {
  form: Form;
  index: number;
  order?: PurchaseOrderShown;
  onRemove?: () => void;
}) {
  const name = (field: keyof ReceiptLineValues) => `lines.${index}.${field}`;
  const line = form.watch(`lines.${index}`) as ReceiptLineValues | undefined;
  const orderLine = order?.lines.find((l) => l.id === line?.purchase_order_line_id);
  const lineErrors = (form.formState.errors.lines as Record<string, Record<string, Message>> | undefined)?.[index];
  const label = (what: string) => `Line ${index + 1} ${what}`;
  return (
    <Paper withBorder p="sm">
      {orderLine && (
        <Text size="sm" c="dimmed" mb="xs">
          Ordered {quantityWithUnit(orderLine.ordered, orderLine.unit)}; still to come:{' '}
          {quantityWithUnit(orderLine.remaining, orderLine.unit)}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} verticalSpacing="xs">
        <LineGoodsFields form={form} index={index} locked={Boolean(orderLine)} />
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
        <AmountInput
          form={form}
          name={name('sale_price')}
          label="Sale Price"
          aria-label={label('sale price')}
          decimalScale={0}
        />
        <AmountInput
          form={form}
          name={name('min_stock_level')}
          label="Minimum Stock Level"
          aria-label={label('minimum stock level')}
          decimalScale={3}
        />
        <LineTotalField index={index} label="Line Value" amount={lineValue(line)} onRemove={onRemove} />
      </SimpleGrid>
      {lineErrors?.purchase_order_line_id?.message && (
        <Text c="red" size="sm" role="alert" mt="xs">
          {lineErrors.purchase_order_line_id.message}
        </Text>
      )}
    </Paper>
  );
}
