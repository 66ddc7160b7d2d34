import type { LoginInput } from '@duka/shared';
import { Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { login, refreshSession } from '../../api/auth.ts';
import { ApiError } from '../../api/client.ts';
import { AuthCard } from '../../components/AuthCard.tsx';
import { applyServerErrors } from '../../components/apply-server-errors.ts';
import { saveToken, saveTwoFactor } from '../../platform/session-storage.ts';
import { AuthAlerts } from './AuthAlerts.tsx';
import { useCaptcha } from './captcha.ts';

/**
 * The sign-in schema's check, fetched when the form is first checked: with zod it is 28 KB gzip, which the sign-in
 * page fetched and ran before it showed.
 */
const checkLogin: Resolver<LoginInput> = async (...args) => (await import('./login-check.ts')).checkLogin(...args);
/** Fetched as the visitor starts typing, so the first check need not wait for it. */
const fetchCheck = () => void import('./login-check.ts');

export function LoginPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const captcha = useCaptcha();
  const [showPassword, setShowPassword] = useState(false);
  const [status, setStatus] = useState<{ ok?: string; error?: string }>({});
  const form = useForm<LoginInput>({ resolver: checkLogin, defaultValues: { email: '', password: '' } });
  const sending = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (input) => {
    setStatus({});
    if (!captcha.solved) {
      setStatus({ error: 'Please solve the CAPTCHA correctly.' });
      return;
    }
    try {
      const answer = await login(input);
      const { data } = answer;
      if (answer.message === '2FA required.' && 'user' in data) {
        saveTwoFactor({ userId: data.user.id, email: input.email });
        setStatus({ ok: 'Redirecting to 2FA verification...' });
        setTimeout(() => navigate('/twofa'), 500);
      } else if ('token' in data && data.token) {
        saveToken(data.token);
        await refreshSession(client);
        setStatus({ ok: 'Login successful. Redirecting...' });
        setTimeout(() => navigate(data.must_change_password ? '/usersettings' : '/home'), 500);
      } else {
        setStatus({ error: 'Authentication token missing. Please try again.' });
      }
    } catch (err) {
      if (!applyServerErrors(err, form.setError)) {
        const message =
          err instanceof ApiError
            ? err.message ||
              (err.status === 401
                ? 'Unauthorized. Please check your credentials.'
                : 'An error occurred. Please try again later.')
            : 'An error occurred. Please try again later.';
        setStatus({ error: message });
      }
    } finally {
      form.reset({ email: '', password: '' }, { keepErrors: true });
      captcha.reset();
    }
  });

  return (
    <AuthCard title="Sign in">
      <form onSubmit={submit} onInput={fetchCheck} noValidate>
        <Stack>
          <AuthAlerts status={status} onClose={() => setStatus({})} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            autoFocus
            {...form.register('email')}
            error={form.formState.errors.email?.message}
          />
          <TextInput
            label="Password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            {...form.register('password')}
            error={form.formState.errors.password?.message}
          />
          <Checkbox
            label="Show password"
            checked={showPassword}
            onChange={(e) => setShowPassword(e.currentTarget.checked)}
          />
          <Group align="flex-end" gap="xs">
            <TextInput
              label={`What is ${captcha.question.a} + ${captcha.question.b}?`}
              inputMode="numeric"
              value={captcha.answer}
              onChange={(e) => captcha.setAnswer(e.currentTarget.value)}
              error={captcha.error}
              style={{ flex: 1 }}
            />
            <Button variant="default" onClick={captcha.reset}>
              Reset
            </Button>
          </Group>
          <Button type="submit" disabled={!captcha.solved || sending} loading={sending} fullWidth>
            Login
          </Button>
          <Group justify="space-between">
            <Anchor component={Link} to="/faqpublic" size="sm">
              FAQs
            </Anchor>
            <Anchor component={Link} to="/forgotpassword" size="sm">
              Lost password?
            </Anchor>
          </Group>
          <Text size="xs" c="dimmed" ta="center">
            Solve the sum to enable the Login button.
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
