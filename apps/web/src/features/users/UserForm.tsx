import { GENDERS, type UserCreateInput } from '@duka/shared';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useRoleOptions } from '../../api/roles.ts';
import { FieldSelect } from '../../components/form/FieldSelect.tsx';
import { PhoneInput } from '../profile/PhoneInput.tsx';

/** The user fields shared by create and update. */
export function UserFields({ form }: { form: UseFormReturn<any, any, any> }) {
  const { control, register } = form;
  const errors = form.formState.errors as Partial<Record<keyof UserCreateInput, { message?: string }>>;
  const roles = useRoleOptions();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label="Name" {...register('name')} error={errors.name?.message} />
      <FieldSelect control={control} name="gender" label="Gender" data={[...GENDERS]} />
      <TextInput label="NIN" maxLength={14} {...register('nin')} error={errors.nin?.message} />
      <PhoneInput
        label="Phone number"
        maxLength={18}
        registration={register('phone_number')}
        error={errors.phone_number?.message}
      />
      <TextInput label="Email" type="email" {...register('email')} error={errors.email?.message} />
      <Controller
        control={control}
        name="role_id"
        render={({ field }) => (
          <Select
            label="Role"
            searchable
            data={(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
            value={field.value ? String(field.value) : null}
            onChange={(v) => field.onChange(v ? Number(v) : undefined)}
            error={errors.role_id?.message}
          />
        )}
      />
    </SimpleGrid>
  );
}
