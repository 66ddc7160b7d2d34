import { API } from 'virtual:contract-addresses';
import { type SupplierShown, supplierCreateSchema, supplierUpdateSchema } from '@duka/shared';
import { RecordFieldsPage, type RecordFormSpec } from '../../components/form/record-form.tsx';
import { SupplierFields } from './SupplierFields.tsx';

// Suppliers on the form kit: the fields are the screens' only own part.

const base = { label: 'Supplier', listLabel: 'Suppliers', list: '/supplierlist' };

const CREATE: RecordFormSpec<typeof supplierCreateSchema> = {
  ...base,
  schema: supplierCreateSchema,
  save: API.supplier.store,
  environment: true,
  empty: { name: '', phone_number: '', email: '', tin: '', address: '' },
};

const UPDATE: RecordFormSpec<typeof supplierUpdateSchema, SupplierShown> = {
  ...base,
  schema: supplierUpdateSchema,
  save: API.supplier.update,
  show: API.supplier.show,
  toValues: ({ name, phone_number, email, tin, country, address }) => ({
    name,
    phone_number,
    email,
    tin,
    country,
    address,
  }),
};

export function SupplierCreatePage() {
  return <RecordFieldsPage spec={CREATE} fields={SupplierFields} />;
}

export function SupplierUpdatePage() {
  return <RecordFieldsPage spec={UPDATE} fields={SupplierFields} />;
}
