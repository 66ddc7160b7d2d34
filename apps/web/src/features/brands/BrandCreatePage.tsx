import { brandCreateSchema } from '@duka/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { MultiSelect, Paper, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../api/client.ts';
import { send, useLookup, useWrite } from '../../api/lists.ts';
import { FormActions } from '../../components/FormActions.tsx';
import { FormAlerts } from '../../components/FormAlerts.tsx';
import { AfterSaveChoice } from '../../components/form/AfterSaveChoice.tsx';
import { DEFAULT_ENVIRONMENT, EnvironmentChoice } from '../../components/form/EnvironmentChoice.tsx';
import { useSaveFlow } from '../../components/form/save-flow.ts';
import { PageHeader } from '../../components/PageHeader.tsx';

type Input = z.input<typeof brandCreateSchema>;

/** One brand name for several products at once: the server makes one brand record per product. */
export function BrandCreatePage() {
  const products = useLookup('/getproducts');
  const flow = useSaveFlow('/brandlist', { offersChoice: true });
  const save = useWrite(send('POST', '/brandstore'), ['/brandlist', '/getbrandsbyproduct']);
  const form = useForm<Input, unknown, z.output<typeof brandCreateSchema>>({
    resolver: zodResolver(brandCreateSchema),
    defaultValues: { name: '', product_ids: [], environment: DEFAULT_ENVIRONMENT } as unknown as Input,
  });
  const submit = form.handleSubmit(async (input) => {
    flow.clearAlerts();
    try {
      const answer = await save.mutateAsync(input);
      flow.succeeded(answer.message, () => form.reset({ name: '', product_ids: [], environment: input.environment }));
    } catch (err) {
      flow.failed(err, 'Failed to create brand. Please try again.', form.setError);
    }
  });
  return (
    <>
      <PageHeader title="Create Brand" trail={[{ label: 'Brands', to: '/brandlist' }, { label: 'Create' }]} />
      <FormAlerts state={flow.alerts} onClose={flow.clearAlerts} />
      <Paper p="lg" withBorder maw={640}>
        <form onSubmit={submit} noValidate>
          <TextInput label="Name" {...form.register('name')} error={form.formState.errors.name?.message} />
          <Controller
            control={form.control}
            name="product_ids"
            render={({ field, fieldState }) => (
              <MultiSelect
                label="Products"
                placeholder="Select products"
                searchable
                mt="md"
                data={(products.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
                value={((field.value as unknown[]) ?? []).map(String)}
                onChange={(values) => field.onChange(values.map(Number))}
                error={fieldState.error?.message ?? (products.isError ? errorMessage(products.error) : undefined)}
              />
            )}
          />
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
