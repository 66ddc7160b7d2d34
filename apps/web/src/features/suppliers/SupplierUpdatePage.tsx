import { type SupplierRecord, supplierUpdateSchema } from '@duka/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Paper } from '@mantine/core';
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
import { SupplierFields } from './SupplierFields.tsx';

type Input = z.input<typeof supplierUpdateSchema>;

export function SupplierUpdatePage() {
  const { id } = useParams();
  const supplier = useRecord<SupplierRecord>('/suppliershow', id);
  const flow = useSaveFlow('/supplierlist', { offersChoice: false });
  const save = useWrite(send('PUT', `/supplierupdate/${id}`), ['/supplierlist', '/suppliershow', '/getsuppliers']);
  const form = useForm<Input, unknown, z.output<typeof supplierUpdateSchema>>({
    resolver: zodResolver(supplierUpdateSchema),
    mode: 'onTouched',
  });
  useEffect(() => {
    if (supplier.data) {
      const { name, phone_number, email, tin, country, address } = supplier.data;
      form.reset({ name, phone_number, email, tin, country, address });
    }
  }, [supplier.data, form]);
  if (supplier.isPending) return <PageLoader />;
  const submit = form.handleSubmit(async (input) => {
    flow.clearAlerts();
    try {
      flow.succeeded((await save.mutateAsync(input)).message);
    } catch (err) {
      flow.failed(err, 'Failed to update supplier. Please try again.', form.setError);
    }
  });
  return (
    <>
      <PageHeader title="Update Supplier" trail={[{ label: 'Suppliers', to: '/supplierlist' }, { label: 'Update' }]} />
      {supplier.isError && (
        <FormAlerts state={{ error: errorMessage(supplier.error) }} onClose={() => supplier.refetch()} />
      )}
      <FormAlerts state={flow.alerts} onClose={flow.clearAlerts} />
      <Paper p="lg" withBorder>
        <form onSubmit={submit} noValidate>
          <SupplierFields form={form} />
          <FormActions saving={save.isPending} />
        </form>
      </Paper>
    </>
  );
}
