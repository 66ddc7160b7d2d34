import type { NumberInputProps } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { GroupedNumberInput } from './GroupedNumberInput.tsx';

/** A number field (money, quantities) of a form: thousands grouped unless being typed into; the form keeps the number. */
export function AmountInput({
  form,
  name,
  ...rest
}: { form: UseFormReturn<any, any, any>; name: string } & Omit<
  NumberInputProps,
  'form' | 'name' | 'value' | 'onChange'
>) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <GroupedNumberInput
          allowNegative={false}
          hideControls
          {...rest}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
