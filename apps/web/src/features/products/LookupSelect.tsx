import { Select, type SelectProps } from '@mantine/core';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { errorMessage } from '../../api/client.ts';
import { useLookup } from '../../api/lists.ts';

/**
 * A select over one of the id-and-name lookups (/getcategories, /getproducts, /getmeasurements, /getsuppliers) bound
 * to a form field that holds the id as a number. A lookup that fails to load says so under the field instead of
 * leaving an empty list (PRODUCT.md §9).
 */
export function LookupSelect<Values extends FieldValues>({
  control,
  name,
  label,
  endpoint,
  onPicked,
  ...rest
}: {
  control: Control<Values, any, any>;
  name: Path<Values>;
  label: string;
  endpoint: string;
  /** Runs after the user picks (not when the form is filled from the server), e.g. to clear a dependent field. */
  onPicked?: (id: number | undefined) => void;
} & Omit<SelectProps, 'data' | 'value' | 'onChange' | 'label'>) {
  const options = useLookup(endpoint);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          label={label}
          placeholder={`Select ${label.toLowerCase()}`}
          searchable
          nothingFoundMessage="Nothing found"
          {...rest}
          data={(options.data ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
          value={field.value ? String(field.value) : null}
          onChange={(v) => {
            const id = v ? Number(v) : undefined;
            field.onChange(id);
            onPicked?.(id);
          }}
          onBlur={field.onBlur}
          error={fieldState.error?.message ?? (options.isError ? errorMessage(options.error) : undefined)}
        />
      )}
    />
  );
}
