import { userCreateSchema } from '@duka/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Code, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { send, useWrite } from '../../api/lists.ts';
import { FormActions } from '../../components/FormActions.tsx';
import { FormAlerts } from '../../components/FormAlerts.tsx';
import { AfterSaveChoice } from '../../components/form/AfterSaveChoice.tsx';
import { DEFAULT_ENVIRONMENT, EnvironmentChoice } from '../../components/form/EnvironmentChoice.tsx';
import { useSaveFlow } from '../../components/form/save-flow.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { UserFields } from './UserForm.tsx';

const EMPTY = { name: '', nin: '', phone_number: '', email: '', environment: DEFAULT_ENVIRONMENT };

export function UserCreatePage() {
  const flow = useSaveFlow('/userlist', { offersChoice: true });
  const save = useWrite(send('POST', '/userstore'), ['/userlist', '/rolelist']);
  const form = useForm<z.input<typeof userCreateSchema>, unknown, z.output<typeof userCreateSchema>>({
    resolver: zodResolver(userCreateSchema),
    defaultValues: EMPTY as z.input<typeof userCreateSchema>,
  });
  const submit = form.handleSubmit(async (input) => {
    flow.clearAlerts();
    try {
      const answer = await save.mutateAsync(input);
      const {
        temporary_password: password,
        email,
        mailed,
      } = answer.data as { temporary_password: string; email: string; mailed: boolean };
      // The temporary password is shown this once; the user must change it at first sign-in.
      modals.open({
        title: 'User created',
        closeOnClickOutside: false,
        children: (
          <Stack>
            <Text size="sm">
              {mailed
                ? `This temporary password has been e-mailed to ${email}.`
                : `No mail server is configured, so nothing was e-mailed: hand ${email} this temporary password in person.`}{' '}
              It must be changed at first sign-in and is not shown again:
            </Text>
            <Code block fz="lg" data-testid="temporary-password">
              {password}
            </Code>
          </Stack>
        ),
        onClose: () => flow.succeeded(answer.message, () => form.reset({ ...EMPTY, environment: input.environment })),
      });
    } catch (err) {
      flow.failed(err, 'Failed to create user. Please try again.', form.setError);
    }
  });
  return (
    <>
      <PageHeader title="Create User" trail={[{ label: 'Users', to: '/userlist' }, { label: 'Create' }]} />
      <FormAlerts state={flow.alerts} onClose={flow.clearAlerts} />
      <Paper p="lg" withBorder>
        <form onSubmit={submit} noValidate>
          <UserFields form={form} />
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
