import { NumberInput, type NumberInputProps } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';

/** A number field (money, quantities) that shows thousands separators while typing; the form keeps the plain number. */
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
        <NumberInput
          thousandSeparator=","
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
