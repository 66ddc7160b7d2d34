import { Select, type SelectProps } from '@mantine/core';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

/**
 * A select bound to a form field that holds the chosen value as text, or as a number with `numeric` (an id); undefined
 * when none is chosen. The field's message shows under it, else `error` (e.g. why its options failed to load).
 * `onPicked` runs after the user picks, not when the form is filled from the server.
 */
export function FieldSelect<Values extends FieldValues>({
  control,
  name,
  error,
  numeric,
  onPicked,
  ...rest
}: {
  control: Control<Values, any, any>;
  name: Path<Values>;
  error?: string;
  numeric?: boolean;
  onPicked?: (value: string | null) => void;
} & Omit<SelectProps, 'value' | 'onChange' | 'onBlur' | 'error'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          {...rest}
          value={field.value ? String(field.value) : null}
          onChange={(v) => {
            field.onChange(v ? (numeric ? Number(v) : v) : undefined);
            onPicked?.(v);
          }}
          onBlur={field.onBlur}
          error={fieldState.error?.message ?? error}
        />
      )}
    />
  );
}
