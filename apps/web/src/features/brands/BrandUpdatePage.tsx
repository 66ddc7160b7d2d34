import { brandUpdateSchema } from '@duka/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Paper, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { errorMessage } from '../../api/client.ts';
import { send, useRecord, useWrite } from '../../api/lists.ts';
import { FormActions } from '../../components/FormActions.tsx';
import { FormAlerts } from '../../components/FormAlerts.tsx';
import { useSaveFlow } from '../../components/form/save-flow.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { LookupSelect } from '../products/LookupSelect.tsx';

type Input = z.input<typeof brandUpdateSchema>;

/** A saved brand belongs to exactly one product, so the update form has a single product select. */
export function BrandUpdatePage() {
  const { id } = useParams();
  const brand = useRecord<{ name: string; product_id: number }>('/brandshow', id);
  const flow = useSaveFlow('/brandlist', { offersChoice: false });
  const save = useWrite(send('PUT', `/brandupdate/${id}`), ['/brandlist', '/brandshow', '/getbrandsbyproduct']);
  const form = useForm<Input, unknown, z.output<typeof brandUpdateSchema>>({
    resolver: zodResolver(brandUpdateSchema),
    defaultValues: { name: '' } as Input,
  });
  useEffect(() => {
    if (brand.data) form.reset({ name: brand.data.name, product_id: brand.data.product_id });
  }, [brand.data, form]);
  if (brand.isPending) return <PageLoader />;
  const submit = form.handleSubmit(async (input) => {
    flow.clearAlerts();
    try {
      flow.succeeded((await save.mutateAsync(input)).message);
    } catch (err) {
      flow.failed(err, 'Failed to update brand. Please try again.', form.setError);
    }
  });
  return (
    <>
      <PageHeader title="Update Brand" trail={[{ label: 'Brands', to: '/brandlist' }, { label: 'Update' }]} />
      {brand.isError && <FormAlerts state={{ error: errorMessage(brand.error) }} onClose={() => brand.refetch()} />}
      <FormAlerts state={flow.alerts} onClose={flow.clearAlerts} />
      <Paper p="lg" withBorder maw={640}>
        <form onSubmit={submit} noValidate>
          <TextInput label="Name" {...form.register('name')} error={form.formState.errors.name?.message} />
          <LookupSelect control={form.control} name="product_id" label="Product" endpoint="/getproducts" mt="md" />
          <FormActions saving={save.isPending} />
        </form>
      </Paper>
    </>
  );
}
