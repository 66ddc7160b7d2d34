import { emailSettingsSchema, SMTP_ENCRYPTIONS } from '@duka/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../api/client.ts';
import { useEmailSettings, useSaveEmailSettings } from '../../api/settings.ts';
import { applyServerErrors } from '../../components/apply-server-errors.ts';
import type { AlertState } from '../../components/FormAlerts.tsx';
import { FormScreen } from '../../components/FormScreen.tsx';
import { FieldSelect } from '../../components/form/FieldSelect.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';

const ENCRYPTION_OPTIONS = SMTP_ENCRYPTIONS.map((e) => ({ value: e.value, label: e.label }));

export function EmailSettingsPage() {
  const settings = useEmailSettings();
  const save = useSaveEmailSettings();
  const [alerts, setAlerts] = useState<AlertState>({});
  const form = useForm({ resolver: zodResolver(emailSettingsSchema) });
  useEffect(() => {
    if (settings.data) {
      const { has_smtp_password: _stored, ...values } = settings.data;
      form.reset({ ...values, smtp_password: '' });
    }
  }, [settings.data, form]);

  if (settings.isPending) return <PageLoader />;
  const submit = form.handleSubmit(async (input) => {
    setAlerts({});
    form.clearErrors();
    try {
      const answer = await save.mutateAsync({ body: input });
      setAlerts({ success: answer.message || 'Email settings saved successfully!' });
    } catch (err) {
      applyServerErrors(err, form.setError);
      setAlerts({ error: errorMessage(err, 'Failed to save email settings. Please try again.') });
    }
  });
  const { errors } = form.formState;
  const hasStoredPassword = settings.data?.has_smtp_password;

  return (
    <FormScreen
      title="Email Settings"
      trail={[{ label: 'Settings' }, { label: 'Email' }]}
      loadFailure={
        settings.isError ? { message: 'Failed to fetch email settings.', retry: () => settings.refetch() } : undefined
      }
      alerts={alerts}
      onCloseAlerts={() => setAlerts({})}
      onSubmit={submit}
      saving={save.isPending}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Sender name" {...form.register('sender_name')} error={errors.sender_name?.message} />
        <TextInput
          label="Sender email"
          type="email"
          {...form.register('sender_email')}
          error={errors.sender_email?.message}
        />
        <FieldSelect
          control={form.control}
          name="smtp_auth"
          label="SMTP auth"
          data={[
            { value: 'true', label: 'Yes' },
            { value: 'false', label: 'No' },
          ]}
        />
        <TextInput label="SMTP host" {...form.register('smtp_host')} error={errors.smtp_host?.message} />
        <TextInput label="SMTP username" {...form.register('smtp_username')} error={errors.smtp_username?.message} />
        <PasswordInput
          label="SMTP password"
          placeholder={hasStoredPassword ? 'Stored — leave empty to keep it' : ''}
          autoComplete="new-password"
          {...form.register('smtp_password')}
          error={errors.smtp_password?.message}
        />
        <FieldSelect
          control={form.control}
          name="smtp_encryption"
          label="SMTP encryption"
          data={ENCRYPTION_OPTIONS}
          onPicked={(value) => {
            const port = SMTP_ENCRYPTIONS.find((e) => e.value === value)?.port;
            if (port) form.setValue('smtp_port', port);
          }}
        />
        <TextInput label="SMTP port" readOnly {...form.register('smtp_port')} error={errors.smtp_port?.message} />
      </SimpleGrid>
    </FormScreen>
  );
}
