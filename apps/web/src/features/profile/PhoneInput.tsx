import { TextInput, type TextInputProps } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { withLeadingZero } from './phone.ts';

/** A phone number field on a registered form field: numeric keypad, the leading 0 put in front while typing. */
export function PhoneInput({ registration, ...props }: TextInputProps & { registration: UseFormRegisterReturn }) {
  return (
    <TextInput
      inputMode="numeric"
      {...props}
      {...registration}
      onChange={(e) => {
        e.currentTarget.value = withLeadingZero(e.currentTarget.value);
        return registration.onChange(e);
      }}
    />
  );
}
