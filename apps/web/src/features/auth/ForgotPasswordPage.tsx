import { countOf, forgotPasswordSchema, PASSWORD_RESET_COOLDOWN_S } from '@duka/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { forgotPassword } from '../../api/auth.ts';
import { errorMessage } from '../../api/client.ts';
import { AuthCard } from '../../components/AuthCard.tsx';
import { applyServerErrors } from '../../components/apply-server-errors.ts';
import { AuthAlerts } from './AuthAlerts.tsx';
import { useCountdown } from './use-countdown.ts';

export function ForgotPasswordPage() {
  const cooldown = useCountdown();
  const [status, setStatus] = useState<{ ok?: string; error?: string }>({});
  const form = useForm<{ email: string }>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const submit = form.handleSubmit(async ({ email }) => {
    if (cooldown.left > 0) {
      setStatus({ error: `Please wait ${countOf(cooldown.left, 'second')} before reset password.` });
      return;
    }
    setStatus({});
    try {
      const answer = await forgotPassword(email);
      setStatus({ ok: answer.message || 'New password sent successfully!' });
      cooldown.start(PASSWORD_RESET_COOLDOWN_S);
    } catch (err) {
      if (!applyServerErrors(err, form.setError))
        setStatus({ error: errorMessage(err, 'An error occurred. Please try again.') });
    }
  });

  return (
    <AuthCard title="Reset password">
      <form onSubmit={submit} noValidate>
        <Stack>
          <AuthAlerts status={status} onClose={() => setStatus({})} okClosable />
          <TextInput
            label="Email"
            type="email"
            {...form.register('email')}
            error={form.formState.errors.email?.message}
          />
          {cooldown.left > 0 ? (
            <Text ta="center" c="dimmed">
              Reset Password in {countOf(cooldown.left, 'second')}
            </Text>
          ) : (
            <Button type="submit" loading={form.formState.isSubmitting} fullWidth>
              Reset Password
            </Button>
          )}
          <Anchor component={Link} to="/" size="sm" ta="center">
            Back to sign in
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
