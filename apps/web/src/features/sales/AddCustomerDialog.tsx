import { type CustomerChoice, customerCreateSchema, DEFAULT_PAYMENT_TERMS_DAYS } from '@duka/shared';
import { NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../api/client.ts';
import { useAddCustomer } from '../../api/customers-pos.ts';
import { NewRecordDialog } from '../../components/DialogForm.tsx';
import { GroupedNumberInput } from '../../components/form/GroupedNumberInput.tsx';
import { withLeadingZero } from '../profile/phone.ts';

// The till's "+ New" customer dialog (CustomerPicker.tsx), fetched when it is first opened: it checks with the
// customer form's schema, which the till does not otherwise load.

type CustomerField = 'name' | 'phone_number' | 'credit_limit' | 'payment_terms_days';

/**
 * A new customer added at the till: the customer form's rules (customerCreateSchema) on the four fields a cashier asks for,
 * saved with the customers' own call; the new customer is then the sale's.
 */
export function AddCustomerDialog({
  start,
  onClose,
  onAdded,
}: {
  start: { name: string; phone_number: string };
  onClose: () => void;
  onAdded: (customer: CustomerChoice) => void;
}) {
  const [values, setValues] = useState({
    ...start,
    credit_limit: 0 as number | string,
    payment_terms_days: DEFAULT_PAYMENT_TERMS_DAYS as number | string,
  });
  const [errors, setErrors] = useState<Partial<Record<CustomerField, string>>>({});
  const [failure, setFailure] = useState<string>();
  const add = useAddCustomer();
  const set = (patch: Partial<typeof values>) => setValues((v) => ({ ...v, ...patch }));

  const save = async () => {
    setFailure(undefined);
    const parsed = customerCreateSchema.safeParse({
      ...values,
      credit_limit: values.credit_limit === '' ? undefined : values.credit_limit,
      payment_terms_days: values.payment_terms_days === '' ? undefined : values.payment_terms_days,
    });
    if (!parsed.success) {
      const found: Partial<Record<CustomerField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as CustomerField;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const answer = await add.mutateAsync(parsed.data);
      const { credit_limit, phone_number } = parsed.data;
      onAdded({
        id: answer.data.id,
        customer_number: answer.data.customer_number,
        name: answer.data.name,
        phone_number,
        balance: 0,
        credit_limit,
        available_credit: credit_limit,
      });
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) setErrors({ phone_number: err.message });
      else if (err instanceof ApiError && err.status === 422)
        setErrors(Object.fromEntries(Object.entries(err.errors).map(([field, messages]) => [field, messages[0]])));
      else if (err instanceof ApiError && err.status === 0)
        setFailure('No connection: a customer can be added once the connection returns.');
      else setFailure(errorMessage(err, 'The customer could not be added. Please try again.'));
    }
  };

  return (
    <NewRecordDialog
      title="New customer"
      failure={failure}
      saving={add.isPending}
      saveLabel="Save customer"
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <TextInput
        label="Name"
        data-autofocus
        maxLength={150}
        value={values.name}
        onChange={(e) => set({ name: e.currentTarget.value })}
        error={errors.name}
      />
      <TextInput
        label="Phone number"
        inputMode="numeric"
        maxLength={18}
        value={values.phone_number}
        onChange={(e) => set({ phone_number: withLeadingZero(e.currentTarget.value) })}
        error={errors.phone_number}
      />
      <SimpleGrid cols={2}>
        <GroupedNumberInput
          label="Credit limit (UGX)"
          description="0: no buying on account"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          allowNegative={false}
          allowDecimal={false}
          hideControls
          value={values.credit_limit}
          onChange={(v) => set({ credit_limit: v })}
          error={errors.credit_limit}
        />
        <NumberInput
          label="Payment terms (days)"
          description="Days until a sale on account is due"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          allowNegative={false}
          allowDecimal={false}
          hideControls
          value={values.payment_terms_days}
          onChange={(v) => set({ payment_terms_days: v })}
          error={errors.payment_terms_days}
        />
      </SimpleGrid>
    </NewRecordDialog>
  );
}
