import { type ChangePasswordInput, changePasswordSchema } from '@duka/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Checkbox, Paper, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useMe } from '../../api/auth.ts';
import { errorMessage } from '../../api/client.ts';
import { useChangePassword } from '../../api/profile.ts';
import { applyServerErrors } from '../../components/apply-server-errors.ts';
import { FormActions } from '../../components/FormActions.tsx';
import { type AlertState, FormAlerts } from '../../components/FormAlerts.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

export function ChangePasswordPage() {
  const me = useMe();
  const navigate = useNavigate();
  const change = useChangePassword();
  const [show, setShow] = useState(false);
  const [alerts, setAlerts] = useState<AlertState>({});
  const mustChange = me.data?.must_change_password;
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { current_password: '', new_password: '', new_password_confirmation: '' },
  });

  const submit = form.handleSubmit(async (input) => {
    setAlerts({});
    try {
      const answer = await change.mutateAsync({ body: input });
      form.reset();
      setAlerts({ success: answer.message || 'Password changed successfully!' });
      if (mustChange) setTimeout(() => navigate('/home'), 1000);
    } catch (err) {
      applyServerErrors(err, form.setError);
      setAlerts({ error: errorMessage(err, 'Failed to change password. Please try again.') });
    }
  });
  const { errors } = form.formState;
  const type = show ? 'text' : 'password';

  return (
    <>
      <PageHeader title="Change Password" trail={[{ label: 'Settings' }]} />
      {mustChange && (
        <Alert color="yellow" mb="md" title="Choose a new password">
          Your password is temporary or has expired. Choose a new one to continue.
        </Alert>
      )}
      <FormAlerts state={alerts} onClose={() => setAlerts({})} />
      <Paper p="lg" withBorder maw={520}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label="Current password"
              type={type}
              autoComplete="current-password"
              {...form.register('current_password')}
              error={errors.current_password?.message}
            />
            <TextInput
              label="New password"
              type={type}
              autoComplete="new-password"
              {...form.register('new_password')}
              error={errors.new_password?.message}
            />
            <TextInput
              label="Confirm new password"
              type={type}
              autoComplete="new-password"
              {...form.register('new_password_confirmation')}
              error={errors.new_password_confirmation?.message}
            />
            <Checkbox label="Show Passwords" checked={show} onChange={(e) => setShow(e.currentTarget.checked)} />
          </Stack>
          <FormActions saving={change.isPending} />
        </form>
      </Paper>
    </>
  );
}
