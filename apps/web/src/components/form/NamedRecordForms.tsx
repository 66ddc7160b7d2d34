import { roleCreateSchema, roleUpdateSchema } from '@duka/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Paper, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { send, useRecord, useWrite } from '../../api/lists.ts';
import { FormActions } from '../FormActions.tsx';
import { FormAlerts } from '../FormAlerts.tsx';
import { PageHeader } from '../PageHeader.tsx';
import { PageLoader } from '../PageLoader.tsx';
import { AfterSaveChoice } from './AfterSaveChoice.tsx';
import { DEFAULT_ENVIRONMENT, EnvironmentChoice } from './EnvironmentChoice.tsx';
import { useSaveFlow } from './save-flow.ts';

// Create and update forms for records that are just a name (roles, categories, measurements): one form, many
// entities.

export interface NamedEntity {
  /** "Role" */
  label: string;
  /** "/rolelist": the screen and the list call share the path. */
  list: string;
  /** "/rolestore" */
  store: string;
  /** "/roleupdate": PUT {update}/{id} */
  update: string;
  /** "/roleshow": GET {show}/{id} */
  show: string;
  /** Lookups other forms read (e.g. "/getmeasurements"), refreshed after a save so their selects offer the change. */
  lookups?: string[];
}

export function NamedCreatePage({ entity }: { entity: NamedEntity }) {
  const flow = useSaveFlow(entity.list, { offersChoice: true });
  const save = useWrite(send<{ name: string; environment: string }>('POST', entity.store), [
    entity.list,
    ...(entity.lookups ?? []),
  ]);
  const form = useForm({
    resolver: zodResolver(roleCreateSchema),
    defaultValues: { name: '', environment: DEFAULT_ENVIRONMENT },
  });
  const submit = form.handleSubmit(async (input) => {
    flow.clearAlerts();
    try {
      const answer = await save.mutateAsync(input);
      flow.succeeded(answer.message, () => form.reset({ name: '', environment: input.environment }));
    } catch (err) {
      flow.failed(err, `Failed to create ${entity.label.toLowerCase()}. Please try again.`, form.setError);
    }
  });
  return (
    <>
      <PageHeader
        title={`Create ${entity.label}`}
        trail={[{ label: entity.label, to: entity.list }, { label: 'Create' }]}
      />
      <FormAlerts state={flow.alerts} onClose={flow.clearAlerts} />
      <Paper p="lg" withBorder maw={640}>
        <form onSubmit={submit} noValidate>
          <TextInput label="Name" {...form.register('name')} error={form.formState.errors.name?.message} />
          <Controller
            control={form.control}
            name="environment"
            render={({ field, fieldState }) => (
              <EnvironmentChoice value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
            )}
          />
          <AfterSaveChoice value={flow.afterSave} onChange={flow.setAfterSave} />
          <FormActions saving={save.isPending} />
        </form>
      </Paper>
    </>
  );
}

export function NamedUpdatePage({ entity }: { entity: NamedEntity }) {
  const { id } = useParams();
  const record = useRecord<{ name: string }>(entity.show, id);
  const flow = useSaveFlow(entity.list, { offersChoice: false });
  const save = useWrite(send<{ name: string }>('PUT', `${entity.update}/${id}`), [
    entity.list,
    entity.show,
    ...(entity.lookups ?? []),
  ]);
  const form = useForm({ resolver: zodResolver(roleUpdateSchema), defaultValues: { name: '' } });
  useEffect(() => {
    if (record.data) form.reset({ name: record.data.name });
  }, [record.data, form]);
  if (record.isPending) return <PageLoader />;
  const submit = form.handleSubmit(async (input) => {
    flow.clearAlerts();
    try {
      flow.succeeded((await save.mutateAsync(input)).message);
    } catch (err) {
      flow.failed(err, `Failed to update ${entity.label.toLowerCase()}. Please try again.`, form.setError);
    }
  });
  return (
    <>
      <PageHeader
        title={`Update ${entity.label}`}
        trail={[{ label: entity.label, to: entity.list }, { label: 'Update' }]}
      />
      {record.isError && <FormAlerts state={{ error: record.error.message }} onClose={() => record.refetch()} />}
      <FormAlerts state={flow.alerts} onClose={flow.clearAlerts} />
      <Paper p="lg" withBorder maw={640}>
        <form onSubmit={submit} noValidate>
          <TextInput label="Name" {...form.register('name')} error={form.formState.errors.name?.message} />
          <FormActions saving={save.isPending} />
        </form>
      </Paper>
    </>
  );
}
