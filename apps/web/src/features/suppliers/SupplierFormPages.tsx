import { type SupplierRecord, supplierCreateSchema, supplierUpdateSchema } from '@duka/shared';
import { RecordFieldsPage, type RecordFormSpec } from '../../components/form/record-form.tsx';
import { SupplierFields } from './SupplierFields.tsx';

// Suppliers on the form kit: the fields are the screens' only own part.

const base = { label: 'Supplier', listLabel: 'Suppliers', list: '/supplierlist', invalidates: ['/getsuppliers'] };

const CREATE: RecordFormSpec<typeof supplierCreateSchema> = {
  ...base,
  schema: supplierCreateSchema,
  save: '/supplierstore',
  environment: true,
  empty: { name: '', phone_number: '', email: '', tin: '', address: '' },
};

const UPDATE: RecordFormSpec<typeof supplierUpdateSchema, SupplierRecord> = {
  ...base,
  schema: supplierUpdateSchema,
  save: '/supplierupdate',
  show: '/suppliershow',
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
