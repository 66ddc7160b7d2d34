import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { type DateFieldProps, INVALID_DATE } from './DateField.tsx';
import { DayInput } from './DayInput.tsx';

/**
 * A day input bound to a form field that holds the day as YYYY-MM-DD ('' for none). While its text is no allowed day the
 * field holds "Invalid Date", which the form's schema refuses, so nothing is saved; the field's message shows under it.
 */
export function FieldDayInput<Values extends FieldValues>({
  control,
  name,
  ...rest
}: {
  control: Control<Values, any, any>;
  name: Path<Values>;
} & Omit<DateFieldProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DayInput
          {...rest}
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          invalidValue={INVALID_DATE}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
