import { userUpdateSchema } from '@duka/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Paper } from '@mantine/core';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { send, useRecord, useWrite } from '../../api/lists.ts';
import { FormActions } from '../../components/FormActions.tsx';
import { FormAlerts } from '../../components/FormAlerts.tsx';
import { useSaveFlow } from '../../components/form/save-flow.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { UserFields } from './UserForm.tsx';
import type { UserRow } from './UserListPage.tsx';

export function UserUpdatePage() {
  const { id } = useParams();
  const user = useRecord<UserRow>('/usershow', id);
  const flow = useSaveFlow('/userlist', { offersChoice: false });
  const save = useWrite(send('PUT', `/userupdate/${id}`), ['/userlist', '/usershow', '/rolelist']);
  const form = useForm({ resolver: zodResolver(userUpdateSchema) });
  useEffect(() => {
    if (user.data) {
      const { name, gender, nin, phone_number, email, role_id } = user.data;
      form.reset({ name, gender: gender as 'Female' | 'Male', nin, phone_number, email, role_id });
    }
  }, [user.data, form]);
  if (user.isPending) return <PageLoader />;
  const submit = form.handleSubmit(async (input) => {
    flow.clearAlerts();
    try {
      flow.succeeded((await save.mutateAsync(input)).message);
    } catch (err) {
      flow.failed(err, 'Failed to update user. Please try again.', form.setError);
    }
  });
  return (
    <>
      <PageHeader title="Update User" trail={[{ label: 'Users', to: '/userlist' }, { label: 'Update' }]} />
      {user.isError && <FormAlerts state={{ error: user.error.message }} onClose={() => user.refetch()} />}
      <FormAlerts state={flow.alerts} onClose={flow.clearAlerts} />
      <Paper p="lg" withBorder>
        <form onSubmit={submit} noValidate>
          <UserFields form={form} />
          <FormActions saving={save.isPending} />
        </form>
      </Paper>
    </>
  );
}
