import { API } from 'virtual:contract-addresses';
import { NO_BRAND, NO_BRAND_PARAM, quantityWithUnit } from '@duka/shared';
import { Select } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useOptions, useProductUnits } from '../../api/catalogue.ts';
import { errorMessage } from '../../api/client.ts';
import { useBrandsOf } from '../../api/stock.ts';
import { FieldSelect } from '../../components/form/FieldSelect.tsx';
import { LookupSelect } from '../products/LookupSelect.tsx';

// What a line of goods is, on an order and on goods received alike: the product, its brand or "No brand", and a unit
// of the product (its base or one of its declared units; any measurement for a product that declares none).

type Form = UseFormReturn<any, any, any>;

/**
 * Line `index`'s product, brand and unit fields (three cells of the line's grid), named "Line 2 product"… for screen
 * readers. `locked`: the line stands for an order line, whose goods cannot change.
 */
export function LineGoodsFields({ form, index, locked }: { form: Form; index: number; locked?: boolean }) {
  const name = (field: string) => `lines.${index}.${field}`;
  const productId = form.watch(name('product_id')) as number | undefined;
  const brands = useBrandsOf(productId);
  const declared = useProductUnits(productId ? String(productId) : undefined).data?.data;
  const baseUnit = declared?.base;
  const units = baseUnit && declared.units.length > 0 ? [{ ...baseUnit, factor: 1 }, ...declared.units] : [];
  const measurements = useOptions(API.measurement.names);
  const unitChoices =
    units.length > 0
      ? units.map((u) => ({
          value: String(u.measurement_id),
          label: u.factor === 1 ? `${u.name} (base)` : `${u.name} (${quantityWithUnit(u.factor, baseUnit ?? u)})`,
        }))
      : (measurements.data ?? []).map((m) => ({ value: String(m.id), label: m.name }));
  const label = (what: string) => `Line ${index + 1} ${what}`;
  return (
    <>
      <LookupSelect
        control={form.control}
        name={name('product_id')}
        label="Product"
        aria-label={label('product')}
        endpoint={API.product.names}
        disabled={locked}
        // Another product has other brands and units: they are chosen again.
        onPicked={() => {
          form.setValue(name('brand_id'), null);
          form.setValue(name('measurement_id'), undefined);
        }}
      />
      <Controller
        control={form.control}
        name={name('brand_id')}
        render={({ field, fieldState }) => (
          <Select
            label="Brand"
            aria-label={label('brand')}
            searchable
            nothingFoundMessage="Nothing found"
            disabled={!productId || locked}
            data={[
              { value: NO_BRAND_PARAM, label: NO_BRAND },
              ...(brands.data ?? []).map((b) => ({ value: String(b.id), label: b.name })),
            ]}
            value={field.value ? String(field.value) : NO_BRAND_PARAM}
            onChange={(v) => field.onChange(v && v !== NO_BRAND_PARAM ? Number(v) : null)}
            onBlur={field.onBlur}
            error={fieldState.error?.message ?? (brands.isError ? errorMessage(brands.error) : undefined)}
          />
        )}
      />
      <FieldSelect
        control={form.control}
        name={name('measurement_id')}
        label="Unit"
        aria-label={label('unit')}
        placeholder={productId ? 'Select unit' : 'Select a product first'}
        searchable
        nothingFoundMessage="Nothing found"
        disabled={!productId || locked}
        numeric
        data={unitChoices}
        error={measurements.isError ? errorMessage(measurements.error) : undefined}
      />
    </>
  );
}
