import { API } from 'virtual:contract-addresses';
import {
  type CustomerRecord,
  customerCreateSchema,
  customerUpdateSchema,
  DEFAULT_PAYMENT_TERMS_DAYS,
} from '@duka/shared';
import { RecordFieldsPage, type RecordFormSpec } from '../../components/form/record-form.tsx';
import { CustomerFields } from './CustomerFields.tsx';

// Customers on the form kit: the fields are the screens' only own part.

// The one refusal of a save (409) is a phone number another live customer has: said under the phone field.
const base = { label: 'Customer', listLabel: 'Customers', list: '/customerlist', conflictField: 'phone_number' };

const CREATE: RecordFormSpec<typeof customerCreateSchema> = {
  ...base,
  schema: customerCreateSchema,
  save: API.customer.store,
  empty: {
    name: '',
    phone_number: '',
    email: '',
    tin: '',
    address: '',
    credit_limit: 0,
    payment_terms_days: DEFAULT_PAYMENT_TERMS_DAYS,
    notes: '',
  },
};

const UPDATE: RecordFormSpec<typeof customerUpdateSchema, CustomerRecord> = {
  ...base,
  schema: customerUpdateSchema,
  save: API.customer.update,
  show: API.customer.show,
  toValues: (c) => ({
    name: c.name,
    phone_number: c.phone_number,
    email: c.email ?? '',
    tin: c.tin ?? '',
    address: c.address ?? '',
    credit_limit: c.credit_limit,
    payment_terms_days: c.payment_terms_days,
    notes: c.notes ?? '',
  }),
};

export function CustomerCreatePage() {
  return <RecordFieldsPage spec={CREATE} fields={CustomerFields} />;
}

export function CustomerUpdatePage() {
  return <RecordFieldsPage spec={UPDATE} fields={CustomerFields} />;
}
