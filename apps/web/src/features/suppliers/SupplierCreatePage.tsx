import { supplierCreateSchema } from '@duka/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Paper } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { send, useWrite } from '../../api/lists.ts';
import { FormActions } from '../../components/FormActions.tsx';
import { FormAlerts } from '../../components/FormAlerts.tsx';
import { AfterSaveChoice } from '../../components/form/AfterSaveChoice.tsx';
import { DEFAULT_ENVIRONMENT, EnvironmentChoice } from '../../components/form/EnvironmentChoice.tsx';
import { useSaveFlow } from '../../components/form/save-flow.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SupplierFields } from './SupplierFields.tsx';

type Input = z.input<typeof supplierCreateSchema>;
const EMPTY = {
  name: '',
  phone_number: '',
  email: '',
  tin: '',
  address: '',
  environment: DEFAULT_ENVIRONMENT,
} as Input;

export function SupplierCreatePage() {
  const flow = useSaveFlow('/supplierlist', { offersChoice: true });
  const save = useWrite(send('POST', '/supplierstore'), ['/supplierlist', '/getsuppliers']);
  const form = useForm<Input, unknown, z.output<typeof supplierCreateSchema>>({
    resolver: zodResolver(supplierCreateSchema),
    // The seeds re-check on input, blur and change: a corrected field clears its message at once.
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const submit = form.handleSubmit(async (input) => {
    flow.clearAlerts();
    try {
      const answer = await save.mutateAsync(input);
      flow.succeeded(answer.message, () => form.reset({ ...EMPTY, environment: input.environment }));
    } catch (err) {
      flow.failed(err, 'Failed to create supplier. Please try again.', form.setError);
    }
  });
  return (
    <>
      <PageHeader title="Create Supplier" trail={[{ label: 'Suppliers', to: '/supplierlist' }, { label: 'Create' }]} />
      <FormAlerts state={flow.alerts} onClose={flow.clearAlerts} />
      <Paper p="lg" withBorder>
        <form onSubmit={submit} noValidate>
          <SupplierFields form={form} />
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
