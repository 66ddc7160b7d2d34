import { API } from 'virtual:contract-addresses';
import { type ProductShown, productCreateSchema, productUpdateSchema } from '@duka/shared';
import { TextInput } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { useParams } from 'react-router';
import { RecordFieldsPage, type RecordFormSpec } from '../../components/form/record-form.tsx';
import { LookupSelect } from './LookupSelect.tsx';
import { ProductCodeFields } from './ProductCodeFields.tsx';
import { ProductUnitsSection } from './ProductUnitsSection.tsx';

// Name, category, barcode and SKU on the form kit; the crumb leads back to the products (the original client's
// pointed at the categories).

const base = {
  label: 'Product',
  listLabel: 'Products',
  list: '/productlist',
  width: 640,
};

/** Also the stock form's in-place "+ New" product. */
export const PRODUCT_CREATE: RecordFormSpec<typeof productCreateSchema> = {
  ...base,
  schema: productCreateSchema,
  save: API.product.store,
  environment: true,
  empty: { name: '', barcode: '', sku: '' },
  // The next product is often of the same kind.
  keep: ['category_id'],
};

const UPDATE: RecordFormSpec<typeof productUpdateSchema, ProductShown> = {
  ...base,
  schema: productUpdateSchema,
  save: API.product.update,
  show: API.product.show,
  toValues: ({ name, category_id, barcode, sku }) => ({ name, category_id, barcode: barcode ?? '', sku: sku ?? '' }),
};

function ProductFields({ form }: { form: UseFormReturn<any, any, any> }) {
  return (
    <>
      <TextInput label="Name" {...form.register('name')} error={form.formState.errors.name?.message as string} />
      <LookupSelect control={form.control} name="category_id" label="Category" endpoint={API.category.names} mt="md" />
      <ProductCodeFields register={form.register} errors={form.formState.errors} />
    </>
  );
}

export function ProductCreatePage() {
  return <RecordFieldsPage spec={PRODUCT_CREATE} fields={ProductFields} />;
}

/** The product's fields, and below them its units (saved on their own). */
export function ProductUpdatePage() {
  const { id } = useParams();
  return (
    <>
      <RecordFieldsPage spec={UPDATE} fields={ProductFields} />
      <ProductUnitsSection productId={id} />
    </>
  );
}
