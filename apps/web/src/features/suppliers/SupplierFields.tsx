import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { useCountries } from '../../api/catalogue.ts';
import { errorMessage } from '../../api/client.ts';
import { FieldSelect } from '../../components/form/FieldSelect.tsx';
import { PhoneInput } from '../profile/PhoneInput.tsx';

/**
 * The supplier fields shared by create and update. Each field is validated against its own rule (the original
 * client's update form checked them in a shifted order).
 */
export function SupplierFields({ form }: { form: UseFormReturn<any, any, any> }) {
  const { control, register } = form;
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  // Only the public countries are offered; the server refuses any other.
  const countries = useCountries();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label="Name"
        placeholder="Enter the supplier's full name"
        {...register('name')}
        error={errors.name?.message}
      />
      <PhoneInput
        label="Phone number"
        maxLength={18}
        registration={register('phone_number')}
        error={errors.phone_number?.message}
      />
      <TextInput label="Email" type="email" {...register('email')} error={errors.email?.message} />
      <TextInput label="TIN" {...register('tin')} error={errors.tin?.message} />
      <FieldSelect
        control={control}
        name="country"
        label="Country"
        placeholder="Select country"
        data={(countries.data ?? []).map((c) => c.country)}
        error={countries.isError ? errorMessage(countries.error) : undefined}
      />
      <Textarea label="Address" autosize minRows={2} {...register('address')} error={errors.address?.message} />
    </SimpleGrid>
  );
}
