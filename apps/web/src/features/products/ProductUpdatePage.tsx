import { productUpdateSchema } from '@duka/shared';
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
import { LookupSelect } from './LookupSelect.tsx';
import { ProductCodeFields } from './ProductCodeFields.tsx';

type Input = z.input<typeof productUpdateSchema>;

/** Name, category, barcode and SKU; the breadcrumb leads back to the products (the seeds' pointed at the categories). */
export function ProductUpdatePage() {
  const { id } = useParams();
  const product = useRecord<{ name: string; category_id: number; barcode: string | null; sku: string | null }>(
    '/productshow',
    id,
  );
  const flow = useSaveFlow('/productlist', { offersChoice: false });
  const save = useWrite(send('PUT', `/productupdate/${id}`), ['/productlist', '/productshow', '/getproducts']);
  const form = useForm<Input, unknown, z.output<typeof productUpdateSchema>>({
    resolver: zodResolver(productUpdateSchema),
    defaultValues: { name: '', barcode: '', sku: '' } as Input,
  });
  useEffect(() => {
    if (product.data) {
      const { name, category_id, barcode, sku } = product.data;
      form.reset({ name, category_id, barcode: barcode ?? '', sku: sku ?? '' });
    }
  }, [product.data, form]);
  if (product.isPending) return <PageLoader />;
  const submit = form.handleSubmit(async (input) => {
    flow.clearAlerts();
    try {
      flow.succeeded((await save.mutateAsync(input)).message);
    } catch (err) {
      flow.failed(err, 'Failed to update product. Please try again.', form.setError);
    }
  });
  return (
    <>
      <PageHeader title="Update Product" trail={[{ label: 'Products', to: '/productlist' }, { label: 'Update' }]} />
      {product.isError && (
        <FormAlerts state={{ error: errorMessage(product.error) }} onClose={() => product.refetch()} />
      )}
      <FormAlerts state={flow.alerts} onClose={flow.clearAlerts} />
      <Paper p="lg" withBorder maw={640}>
        <form onSubmit={submit} noValidate>
          <TextInput label="Name" {...form.register('name')} error={form.formState.errors.name?.message} />
          <LookupSelect control={form.control} name="category_id" label="Category" endpoint="/getcategories" mt="md" />
          <ProductCodeFields register={form.register} errors={form.formState.errors} />
          <FormActions saving={save.isPending} />
        </form>
      </Paper>
    </>
  );
}
