import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { AmountInput } from '../../components/form/AmountInput.tsx';
import { PhoneInput } from '../profile/PhoneInput.tsx';

/** The customer fields shared by create and update. */
export function CustomerFields({ form }: { form: UseFormReturn<any, any, any> }) {
  const { register } = form;
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label="Name"
        placeholder="The customer's or the business's name"
        maxLength={150}
        {...register('name')}
        error={errors.name?.message}
      />
      <PhoneInput
        label="Phone number"
        maxLength={18}
        registration={register('phone_number')}
        error={errors.phone_number?.message}
      />
      <TextInput label="Email" type="email" maxLength={150} {...register('email')} error={errors.email?.message} />
      <TextInput label="TIN" maxLength={50} {...register('tin')} error={errors.tin?.message} />
      <AmountInput
        form={form}
        name="credit_limit"
        label="Credit limit (UGX)"
        description="0: the customer may not buy on account"
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        decimalScale={0}
      />
      <AmountInput
        form={form}
        name="payment_terms_days"
        label="Payment terms (days)"
        description="Days after a sale its amount on account falls due"
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        decimalScale={0}
      />
      <Textarea
        label="Address"
        autosize
        minRows={2}
        maxLength={300}
        {...register('address')}
        error={errors.address?.message}
      />
      <Textarea
        label="Notes"
        autosize
        minRows={2}
        maxLength={1000}
        {...register('notes')}
        error={errors.notes?.message}
      />
    </SimpleGrid>
  );
}
