import { formatDay, stockCreateSchema } from '@duka/shared';
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
import { StockFields } from './StockFields.tsx';
import { STOCK_VIEWS } from './stock-types.ts';

type Input = z.input<typeof stockCreateSchema>;

// Stock usually arrives the day it is recorded: the date starts at today in the shop's time zone.
const blank = () => ({ stock_date: formatDay(new Date()), environment: DEFAULT_ENVIRONMENT }) as Input;

export function StockCreatePage() {
  const flow = useSaveFlow('/stocklist', { offersChoice: true });
  const save = useWrite(send('POST', '/stockstore'), STOCK_VIEWS);
  const form = useForm<Input, unknown, z.output<typeof stockCreateSchema>>({
    resolver: zodResolver(stockCreateSchema),
    defaultValues: blank(),
  });
  const submit = form.handleSubmit(async (input) => {
    flow.clearAlerts();
    try {
      const answer = await save.mutateAsync(input);
      flow.succeeded(answer.message, () => form.reset({ ...blank(), environment: input.environment }));
    } catch (err) {
      flow.failed(err, 'An error occurred during submission.', form.setError);
    }
  });
  return (
    <>
      <PageHeader title="Create Stock" trail={[{ label: 'Stock', to: '/stocklist' }, { label: 'Create' }]} />
      <FormAlerts state={flow.alerts} onClose={flow.clearAlerts} />
      <Paper p="lg" withBorder>
        <form onSubmit={submit} noValidate>
          <StockFields form={form} />
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
