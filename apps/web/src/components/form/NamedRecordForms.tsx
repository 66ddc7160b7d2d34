import { TextInput } from '@mantine/core';
import { NAMED_RECORDS, type NamedWord } from './named-entities.ts';
import { RecordFormPage, useRecordForm } from './record-form.tsx';

// Create and update forms for records that are just a name: the kit around one Name field. The router names the
// record by its word, so the forms' contracts load with this screen, not with the router.

export function NamedCreatePage({ entity: word }: { entity: NamedWord }) {
  const entity = NAMED_RECORDS[word];
  const kit = useRecordForm(entity.create);
  return (
    <RecordFormPage spec={entity.create} kit={kit}>
      <TextInput label="Name" {...kit.form.register('name')} error={kit.form.formState.errors.name?.message} />
    </RecordFormPage>
  );
}

export function NamedUpdatePage({ entity: word }: { entity: NamedWord }) {
  const entity = NAMED_RECORDS[word];
  const kit = useRecordForm(entity.update);
  return (
    <RecordFormPage spec={entity.update} kit={kit}>
      <TextInput label="Name" {...kit.form.register('name')} error={kit.form.formState.errors.name?.message} />
    </RecordFormPage>
  );
}
