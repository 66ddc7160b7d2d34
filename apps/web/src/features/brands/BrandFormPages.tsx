import { API } from 'virtual:contract-addresses';
import { type BrandShown, brandCreateSchema, brandUpdateSchema } from '@duka/shared';
import { MultiSelect, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useProductNames } from '../../api/catalogue.ts';
import { errorMessage } from '../../api/client.ts';
import { RecordFormPage, type RecordFormSpec, useRecordForm } from '../../components/form/record-form.tsx';
import { LookupSelect } from '../products/LookupSelect.tsx';

// Brands on the form kit. One brand name is created for several products at once (the server makes one brand record
// per product), so the create form picks many products and the update form, for a single record, one.

const base = {
  label: 'Brand',
  listLabel: 'Brands',
  list: '/brandlist',
  width: 640,
};

/** Also the stock form's in-place "+ New" brand (for the chosen product). */
export const BRAND_CREATE: RecordFormSpec<typeof brandCreateSchema> = {
  ...base,
  schema: brandCreateSchema,
  save: API.brand.store,
  environment: true,
  empty: { name: '', product_ids: [] },
};

const UPDATE: RecordFormSpec<typeof brandUpdateSchema, BrandShown> = {
  ...base,
  schema: brandUpdateSchema,
  save: API.brand.update,
  show: API.brand.show,
  toValues: ({ name, product_id }) => ({ name, product_id }),
};

export function BrandCreatePage() {
  const kit = useRecordForm(BRAND_CREATE);
  const products = useProductNames();
  const { form } = kit;
  return (
    <RecordFormPage spec={BRAND_CREATE} kit={kit}>
      <TextInput label="Name" {...form.register('name')} error={form.formState.errors.name?.message} />
      <Controller
        control={form.control}
        name="product_ids"
        render={({ field, fieldState }) => (
          <MultiSelect
            label="Products"
            placeholder="Select products"
            searchable
            mt="md"
            data={(products.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
            value={((field.value as unknown[]) ?? []).map(String)}
            onChange={(values) => field.onChange(values.map(Number))}
            error={fieldState.error?.message ?? (products.isError ? errorMessage(products.error) : undefined)}
          />
        )}
      />
    </RecordFormPage>
  );
}

export function BrandUpdatePage() {
  const kit = useRecordForm(UPDATE);
  const { form } = kit;
  return (
    <RecordFormPage spec={UPDATE} kit={kit}>
      <TextInput label="Name" {...form.register('name')} error={form.formState.errors.name?.message} />
      <LookupSelect control={form.control} name="product_id" label="Product" endpoint={API.product.names} mt="md" />
    </RecordFormPage>
  );
}
