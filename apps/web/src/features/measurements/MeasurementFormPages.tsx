import { API } from 'virtual:contract-addresses';
import { type MeasurementShown, measurementCreateSchema, measurementUpdateSchema, pluralOfUnit } from '@duka/shared';
import { TextInput } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { RecordFieldsPage, type RecordFormSpec } from '../../components/form/record-form.tsx';

// Measurements: a name and, for a unit English gets wrong, the shop's own plural. Left blank, the plural is made by
// the shared rule (unitLabel), which the field's placeholder shows as the name is typed.

const base = {
  label: 'Measurement',
  list: '/measurementlist',
  // The stock form's select reads the units from their own lookup; the POS from the stock's units of a brand.
  refreshes: ['stock'],
  width: 640,
};

export const MEASUREMENT_CREATE: RecordFormSpec<typeof measurementCreateSchema> = {
  ...base,
  schema: measurementCreateSchema,
  save: API.measurement.store,
  environment: true,
  empty: { name: '', plural: '' },
};

const UPDATE: RecordFormSpec<typeof measurementUpdateSchema, MeasurementShown> = {
  ...base,
  schema: measurementUpdateSchema,
  save: API.measurement.update,
  show: API.measurement.show,
  toValues: ({ name, plural }) => ({ name, plural: plural ?? '' }),
};

function MeasurementFields({ form }: { form: UseFormReturn<any, any, any> }) {
  const name: string = form.watch('name') ?? '';
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  return (
    <>
      <TextInput
        label="Name"
        description="For one: Bag, Box, kg"
        {...form.register('name')}
        error={errors.name?.message}
      />
      <TextInput
        label="Plural (optional)"
        description="Only when the usual English plural is wrong; kg, m, L and other abbreviations never change"
        placeholder={name.trim() ? pluralOfUnit(name) : 'Bags'}
        mt="md"
        {...form.register('plural')}
        error={errors.plural?.message}
      />
    </>
  );
}

export const MeasurementCreatePage = () => <RecordFieldsPage spec={MEASUREMENT_CREATE} fields={MeasurementFields} />;
export const MeasurementUpdatePage = () => <RecordFieldsPage spec={UPDATE} fields={MeasurementFields} />;
