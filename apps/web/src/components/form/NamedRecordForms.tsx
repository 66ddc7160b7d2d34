import { TextInput } from '@mantine/core';
import type { NamedRecord } from './named-entities.ts';
import { RecordFormPage, useRecordForm } from './record-form.tsx';

// Create and update forms for records that are just a name: the kit around one Name field.

export function NamedCreatePage({ entity }: { entity: NamedRecord }) {
  const kit = useRecordForm(entity.create);
  return (
    <RecordFormPage spec={entity.create} kit={kit}>
      <TextInput label="Name" {...kit.form.register('name')} error={kit.form.formState.errors.name?.message} />
    </RecordFormPage>
  );
}

export function NamedUpdatePage({ entity }: { entity: NamedRecord }) {
  const kit = useRecordForm(entity.update);
  return (
    <RecordFormPage spec={entity.update} kit={kit}>
      <TextInput label="Name" {...kit.form.register('name')} error={kit.form.formState.errors.name?.message} />
    </RecordFormPage>
  );
}
