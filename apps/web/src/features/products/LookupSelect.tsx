import type { SelectProps } from '@mantine/core';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { type OptionsEndpoint, useOptions } from '../../api/catalogue.ts';
import { errorMessage } from '../../api/client.ts';
import { FieldSelect } from '../../components/form/FieldSelect.tsx';

/**
 * A select over one of the id-and-name lookups (`endpoint={API.category.names}`: the categories, products,
 * measurements, suppliers) bound to a form field that holds the id as a number. A lookup that fails to load says so
 * under the field instead of leaving an empty list.
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
  endpoint: OptionsEndpoint;
  /** Runs after the user picks (not when the form is filled from the server), e.g. to clear a dependent field. */
  onPicked?: (id: number | undefined) => void;
} & Omit<SelectProps, 'data' | 'value' | 'onChange' | 'label'>) {
  const options = useOptions(endpoint);
  return (
    <FieldSelect
      control={control}
      name={name}
      label={label}
      placeholder={`Select ${label.toLowerCase()}`}
      searchable
      nothingFoundMessage="Nothing found"
      {...rest}
      numeric
      data={(options.data ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
      onPicked={(v) => onPicked?.(v ? Number(v) : undefined)}
      error={options.isError ? errorMessage(options.error) : undefined}
    />
  );
}
