import { formatMoney } from '@duka/shared';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { api, errorMessage } from '../../api/client.ts';
import { AmountInput } from '../../components/form/AmountInput.tsx';
import { LookupSelect } from '../products/LookupSelect.tsx';

/** The brands of one product: asked for only once a product is chosen (part 2 §2.6). */
function useBrandsOf(productId: number | undefined) {
  return useQuery({
    queryKey: ['/getbrandsbyproduct', productId],
    queryFn: async () =>
      (await api<{ data: { id: number; name: string }[] }>('GET', `/getbrandsbyproduct/${productId}`)).data,
    enabled: Boolean(productId),
  });
}

/** The batch fields shared by create and update. */
export function StockFields({ form }: { form: UseFormReturn<any, any, any> }) {
  const productId = form.watch('product_id') as number | undefined;
  const brands = useBrandsOf(productId);
  const [quantity, unitPrice] = form.watch(['quantity', 'unit_price']);
  // Shown as the server will store it: round(quantity × unit price), whole shillings (PRODUCT.md §4).
  const totalCost = Math.round((Number(quantity) || 0) * (Number(unitPrice) || 0));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <LookupSelect
        control={form.control}
        name="product_id"
        label="Product"
        endpoint="/getproducts"
        // Another product's brand would be refused by the server: the brand is chosen again.
        onPicked={() => form.setValue('brand_id', undefined)}
      />
      <Controller
        control={form.control}
        name="brand_id"
        render={({ field, fieldState }) => (
          <Select
            label="Brand"
            placeholder={productId ? 'Select brand' : 'Select a product first'}
            searchable
            nothingFoundMessage="This product has no brands yet"
            disabled={!productId}
            data={(brands.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
            value={field.value ? String(field.value) : null}
            onChange={(v) => field.onChange(v ? Number(v) : undefined)}
            onBlur={field.onBlur}
            error={fieldState.error?.message ?? (brands.isError ? errorMessage(brands.error) : undefined)}
          />
        )}
      />
      <LookupSelect control={form.control} name="measurement_id" label="Measurement" endpoint="/getmeasurements" />
      <LookupSelect control={form.control} name="supplier_id" label="Supplier" endpoint="/getsuppliers" />
      <AmountInput form={form} name="quantity" label="Quantity" decimalScale={3} />
      <AmountInput form={form} name="unit_price" label="Unit Price" decimalScale={0} />
      <TextInput
        label="Total Cost"
        readOnly
        variant="filled"
        value={formatMoney(totalCost)}
        styles={{ input: { textAlign: 'right' } }}
      />
      <AmountInput form={form} name="sale_price" label="Sale Price" decimalScale={0} />
      <AmountInput form={form} name="min_stock_level" label="Minimum Stock Level" decimalScale={3} />
      <TextInput
        label="Stock Date"
        type="date"
        {...form.register('stock_date')}
        error={(form.formState.errors.stock_date?.message as string | undefined) ?? undefined}
      />
    </SimpleGrid>
  );
}
