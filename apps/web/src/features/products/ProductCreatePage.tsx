import { productCreateSchema } from '@duka/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Paper, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { send, useWrite } from '../../api/lists.ts';
import { FormActions } from '../../components/FormActions.tsx';
import { FormAlerts } from '../../components/FormAlerts.tsx';
import { AfterSaveChoice } from '../../components/form/AfterSaveChoice.tsx';
import { DEFAULT_ENVIRONMENT, EnvironmentChoice } from '../../components/form/EnvironmentChoice.tsx';
import { useSaveFlow } from '../../components/form/save-flow.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { LookupSelect } from './LookupSelect.tsx';
import { ProductCodeFields } from './ProductCodeFields.tsx';

type Input = z.input<typeof productCreateSchema>;

export function ProductCreatePage() {
  const flow = useSaveFlow('/productlist', { offersChoice: true });
  const save = useWrite(send('POST', '/productstore'), ['/productlist', '/getproducts']);
  const form = useForm<Input, unknown, z.output<typeof productCreateSchema>>({
    resolver: zodResolver(productCreateSchema),
    defaultValues: { name: '', barcode: '', sku: '', environment: DEFAULT_ENVIRONMENT } as Input,
  });
  const submit = form.handleSubmit(async (input) => {
    flow.clearAlerts();
    try {
      const answer = await save.mutateAsync(input);
      // "Save and stay": a fresh form, keeping the category and environment for the next product of the same kind.
      flow.succeeded(answer.message, () => form.reset({ ...input, name: '', barcode: '', sku: '' }));
    } catch (err) {
      flow.failed(err, 'Failed to create product. Please try again.', form.setError);
    }
  });
  return (
    <>
      <PageHeader title="Create Product" trail={[{ label: 'Products', to: '/productlist' }, { label: 'Create' }]} />
      <FormAlerts state={flow.alerts} onClose={flow.clearAlerts} />
      <Paper p="lg" withBorder maw={640}>
        <form onSubmit={submit} noValidate>
          <TextInput label="Name" {...form.register('name')} error={form.formState.errors.name?.message} />
          <LookupSelect control={form.control} name="category_id" label="Category" endpoint="/getcategories" mt="md" />
          <ProductCodeFields register={form.register} errors={form.formState.errors} />
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
