import { stockUpdateSchema } from '@duka/shared';
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
import { StockFields } from './StockFields.tsx';
import { STOCK_VIEWS, type StockRecord } from './stock-types.ts';

type Input = z.input<typeof stockUpdateSchema>;

/** The server refuses (409, shown in the banner) a quantity below what has left the batch. */
export function StockUpdatePage() {
  const { id } = useParams();
  const batch = useRecord<StockRecord>('/stockshow', id);
  const flow = useSaveFlow('/stocklist', { offersChoice: false });
  const save = useWrite(send('PUT', `/stockupdate/${id}`), STOCK_VIEWS);
  const form = useForm<Input, unknown, z.output<typeof stockUpdateSchema>>({
    resolver: zodResolver(stockUpdateSchema),
  });
  useEffect(() => {
    if (!batch.data) return;
    const b = batch.data;
    form.reset({
      product_id: b.product_id,
      brand_id: b.brand_id,
      measurement_id: b.measurement_id,
      supplier_id: b.supplier_id,
      quantity: b.quantity,
      unit_price: b.unit_price,
      sale_price: b.sale_price,
      min_stock_level: b.min_stock_level,
      stock_date: b.stock_date,
    });
  }, [batch.data, form]);
  if (batch.isPending) return <PageLoader />;
  const submit = form.handleSubmit(async (input) => {
    flow.clearAlerts();
    try {
      flow.succeeded((await save.mutateAsync(input)).message);
    } catch (err) {
      flow.failed(err, 'Failed to update stock. Please try again.', form.setError);
    }
  });
  return (
    <>
      <PageHeader title="Update Stock" trail={[{ label: 'Stock', to: '/stocklist' }, { label: 'Update' }]} />
      {batch.isError && <FormAlerts state={{ error: errorMessage(batch.error) }} onClose={() => batch.refetch()} />}
      <FormAlerts state={flow.alerts} onClose={flow.clearAlerts} />
      <Paper p="lg" withBorder>
        <form onSubmit={submit} noValidate>
          <StockFields form={form} />
          <FormActions saving={save.isPending} />
        </form>
      </Paper>
    </>
  );
}
