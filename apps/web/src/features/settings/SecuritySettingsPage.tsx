import { SECURITY_DEFAULTS, securitySettingsSchema } from '@duka/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Radio, SimpleGrid, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { errorMessage } from '../../api/client.ts';
import { useSaveSecuritySettings, useSecuritySettings } from '../../api/settings.ts';
import { applyServerErrors } from '../../components/apply-server-errors.ts';
import type { AlertState } from '../../components/FormAlerts.tsx';
import { FormScreen } from '../../components/FormScreen.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';

const SWITCHES = [
  ['security_settings_lowercase', 'Lower case'],
  ['security_settings_uppercase', 'Upper case'],
  ['security_settings_numbers', 'Numbers'],
  ['security_settings_symbols', 'Symbols'],
] as const;

const NUMBERS = [
  ['security_settings_length', 'Password Length (minimum 8)'],
  ['security_settings_expiry', 'Password Expiry (months)'],
  ['dormant_account_expiry', 'Account Expiry (days without sign-in)'],
  ['security_settings_login_attempt', 'Login Attempts'],
  ['security_settings_history_counts', 'History Counts'],
  ['sales_return_days', 'Return Window (days after the sale)'],
] as const;

export function SecuritySettingsPage() {
  const settings = useSecuritySettings();
  const save = useSaveSecuritySettings();
  const [alerts, setAlerts] = useState<AlertState>({});
  const form = useForm({ resolver: zodResolver(securitySettingsSchema), defaultValues: { ...SECURITY_DEFAULTS } });
  useEffect(() => {
    if (settings.data) form.reset(settings.data);
  }, [settings.data, form]);

  if (settings.isPending) return <PageLoader />;
  const submit = form.handleSubmit(async (input) => {
    setAlerts({});
    try {
      const answer = await save.mutateAsync({ body: input });
      setAlerts({ success: answer.message || 'Security settings saved successfully!' });
    } catch (err) {
      applyServerErrors(err, form.setError);
      setAlerts({ error: errorMessage(err, 'Failed to save security settings. Please try again.') });
    }
  });
  const yesNo = (name: (typeof SWITCHES)[number][0] | 'security_settings_2fa', label: string) => (
    <Controller
      key={name}
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <Radio.Group label={label} value={field.value} onChange={field.onChange} error={fieldState.error?.message}>
          <Group mt={4}>
            <Radio value="Yes" label="Yes" />
            <Radio value="No" label="No" />
          </Group>
        </Radio.Group>
      )}
    />
  );

  return (
    <FormScreen
      title="Security Settings"
      trail={[{ label: 'Settings' }, { label: 'Security' }]}
      loadFailure={
        settings.isError
          ? { message: 'Failed to fetch security settings.', retry: () => settings.refetch() }
          : undefined
      }
      alerts={alerts}
      onCloseAlerts={() => setAlerts({})}
      onSubmit={submit}
      saving={save.isPending}
    >
      <Title order={4}>Authentication</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} my="sm">
        {yesNo('security_settings_2fa', 'Two-factor authentication (code by e-mail)')}
      </SimpleGrid>
      <Title order={4} mt="md">
        Password Strength
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 4 }} my="sm">
        {SWITCHES.map(([name, label]) => yesNo(name, label))}
      </SimpleGrid>
      <Title order={4} mt="md">
        Other settings
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} my="sm">
        {NUMBERS.map(([name, label]) => (
          <TextInput
            key={name}
            label={label}
            inputMode="numeric"
            {...form.register(name)}
            error={form.formState.errors[name]?.message}
          />
        ))}
      </SimpleGrid>
    </FormScreen>
  );
}
