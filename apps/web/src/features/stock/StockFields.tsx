import { API } from 'virtual:contract-addresses';
import {
  DEFAULT_ENVIRONMENT,
  formatMoney,
  inexactQuantity,
  NO_BRAND,
  NO_BRAND_PARAM,
  perBaseUnit,
  quantityWithUnit,
  toBaseQuantity,
  unitEquation,
} from '@duka/shared';
import { Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { type SelectOption, useProductUnits } from '../../api/catalogue.ts';
import { errorMessage } from '../../api/client.ts';
import { useAllBrands, useBrandsOf } from '../../api/stock.ts';
import { FieldDayInput } from '../../components/dates/FieldDayInput.tsx';
import { AmountInput } from '../../components/form/AmountInput.tsx';
import { FieldSelect } from '../../components/form/FieldSelect.tsx';
import { QuickCreate } from '../../components/form/QuickCreate.tsx';
import { BRAND_CREATE } from '../brands/BrandFormPages.tsx';
import { MEASUREMENT_CREATE } from '../measurements/MeasurementFormPages.tsx';
import { LookupSelect } from '../products/LookupSelect.tsx';
import { PRODUCT_CREATE } from '../products/ProductFormPages.tsx';

/**
 * The brand choices: "No brand" (sand, ballast), the product's own brands, then every other brand name: receiving
 * under one links it to the product (the server makes the product's brand of that name), so a new product never
 * waits for a brand to list it.
 */
function brandChoices(own: readonly SelectOption[], all: readonly SelectOption[]) {
  const ownNames = new Set(own.map((b) => b.name.toLowerCase()));
  const others = all.filter((b) => !ownNames.has(b.name.toLowerCase()));
  const item = (b: SelectOption) => ({ value: String(b.id), label: b.name });
  return [
    { group: 'Without a brand', items: [{ value: NO_BRAND_PARAM, label: NO_BRAND }] },
    ...(own.length ? [{ group: "This product's brands", items: own.map(item) }] : []),
    ...(others.length ? [{ group: 'Other brands', items: others.map(item) }] : []),
  ];
}

/** A select with its "+ New" action beside it. */
function WithNew({ select, action }: { select: ReactNode; action: ReactNode }) {
  return (
    <Group align="flex-end" gap={4} wrap="nowrap">
      <div style={{ flex: 1 }}>{select}</div>
      {action}
    </Group>
  );
}

/** The batch fields shared by create and update. */
export function StockFields({ form }: { form: UseFormReturn<any, any, any> }) {
  const productId = form.watch('product_id') as number | undefined;
  const brands = useBrandsOf(productId);
  const allBrands = useAllBrands();
  // What the create form's Environment says; the update form has none, and a record made there is a real one.
  const environment = (form.watch('environment') as string | undefined) ?? DEFAULT_ENVIRONMENT;
  const [quantity, unitPrice, salePrice] = form.watch(['quantity', 'unit_price', 'sale_price']);
  // Shown as the server will store it: round(quantity × unit price), whole shillings.
  const totalCost = Math.round((Number(quantity) || 0) * (Number(unitPrice) || 0));
  // A product with declared units is received in its base or one of them; stock is kept in the base.
  const declared = useProductUnits(productId ? String(productId) : undefined).data?.data;
  const baseUnit = declared?.base ?? { name: '', plural: null };
  const units = declared?.base && declared.units.length > 0 ? [{ ...declared.base, factor: 1 }, ...declared.units] : [];
  const measurementId = Number(form.watch('measurement_id'));
  const received = units.find((u) => u.measurement_id === measurementId);
  const baseQuantity = received ? toBaseQuantity(Number(quantity) || 0, received.factor) : null;
  const equation =
    received && received.factor !== 1 && Number(quantity) > 0
      ? baseQuantity === null
        ? inexactQuantity(Number(quantity), received, received.factor)
        : unitEquation(Number(quantity), received, baseQuantity, baseUnit)
      : undefined;
  // Prices are typed per unit received; the batch keeps them per base unit, as the server turns them (perBaseUnit).
  const perUnit = (price: unknown) =>
    received && received.factor !== 1
      ? `Per ${received.name}: ${formatMoney(perBaseUnit(Number(price) || 0, received.factor))} per ${baseUnit.name}`
      : undefined;
  const pick = (field: string) => (id: number) =>
    form.setValue(field, id, { shouldValidate: true, shouldDirty: true, shouldTouch: true });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <WithNew
        select={
          <LookupSelect
            control={form.control}
            name="product_id"
            label="Product"
            endpoint={API.product.names}
            // Another product's brands are offered anew: the brand is chosen again.
            onPicked={() => form.setValue('brand_id', undefined)}
          />
        }
        action={
          <QuickCreate
            spec={PRODUCT_CREATE}
            permission="productAdd"
            noun="product"
            fixed={{ environment, barcode: '', sku: '' }}
            fields={(dialog) => (
              <LookupSelect
                control={dialog.control}
                name="category_id"
                label="Category"
                endpoint={API.category.names}
              />
            )}
            onCreated={(id) => {
              pick('product_id')(id);
              form.setValue('brand_id', undefined);
            }}
          />
        }
      />
      <WithNew
        select={
          <Controller
            control={form.control}
            name="brand_id"
            render={({ field, fieldState }) => (
              <Select
                label="Brand"
                placeholder={productId ? 'Select brand' : 'Select a product first'}
                searchable
                nothingFoundMessage="Nothing found"
                disabled={!productId}
                data={brandChoices(brands.data ?? [], allBrands.data ?? [])}
                // null is "No brand"; undefined is no choice yet.
                value={field.value === null ? NO_BRAND_PARAM : field.value ? String(field.value) : null}
                onChange={(v) => field.onChange(v === NO_BRAND_PARAM ? null : v ? Number(v) : undefined)}
                onBlur={field.onBlur}
                error={
                  fieldState.error?.message ??
                  (brands.isError ? errorMessage(brands.error) : undefined) ??
                  (allBrands.isError ? errorMessage(allBrands.error) : undefined)
                }
              />
            )}
          />
        }
        action={
          <QuickCreate
            spec={BRAND_CREATE}
            permission="brandAdd"
            noun="brand"
            fixed={{ environment, product_ids: productId ? [productId] : [] }}
            disabledReason={productId ? undefined : 'Select a product first'}
            onCreated={pick('brand_id')}
          />
        }
      />
      <WithNew
        select={
          units.length > 0 ? (
            <FieldSelect
              control={form.control}
              name="measurement_id"
              label="Measurement"
              placeholder="Select measurement"
              numeric
              data={units.map((u) => ({
                value: String(u.measurement_id),
                label: u.factor === 1 ? `${u.name} (base)` : `${u.name} (${quantityWithUnit(u.factor, baseUnit)})`,
              }))}
            />
          ) : (
            <LookupSelect
              control={form.control}
              name="measurement_id"
              label="Measurement"
              endpoint={API.measurement.names}
            />
          )
        }
        action={
          <QuickCreate
            spec={MEASUREMENT_CREATE}
            permission="measurementAdd"
            noun="measurement"
            fixed={{ environment }}
            onCreated={pick('measurement_id')}
          />
        }
      />
      <LookupSelect control={form.control} name="supplier_id" label="Supplier" endpoint={API.supplier.names} />
      <AmountInput
        form={form}
        name="quantity"
        label="Quantity"
        decimalScale={3}
        description={equation}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      <AmountInput
        form={form}
        name="unit_price"
        label="Unit Price"
        decimalScale={0}
        description={perUnit(unitPrice)}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      <TextInput
        label="Total Cost"
        readOnly
        variant="filled"
        value={formatMoney(totalCost)}
        styles={{ input: { textAlign: 'right' } }}
      />
      <AmountInput
        form={form}
        name="sale_price"
        label="Sale Price"
        decimalScale={0}
        description={perUnit(salePrice)}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      <AmountInput form={form} name="min_stock_level" label="Minimum Stock Level" decimalScale={3} />
      <FieldDayInput control={form.control} name="stock_date" label="Stock Date" />
    </SimpleGrid>
  );
}
