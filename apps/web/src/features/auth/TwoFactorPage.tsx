import { countOf, OTP_RESEND_COOLDOWN_S } from '@duka/shared';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { refreshSession, resendOtp, verifyOtp } from '../../api/auth.ts';
import { errorMessage } from '../../api/client.ts';
import { AuthCard } from '../../components/AuthCard.tsx';
import { clearTwoFactor, readTwoFactor, saveToken } from '../../platform/session-storage.ts';
import { AuthAlerts } from './AuthAlerts.tsx';
import { useCountdown } from './use-countdown.ts';

export function TwoFactorPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const pending = readTwoFactor();
  // The code was mailed a moment ago by the sign-in step: a resend makes sense only after the cooldown.
  const cooldown = useCountdown(OTP_RESEND_COOLDOWN_S);
  const [otp, setOtp] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok?: string; error?: string }>({});
  if (!pending) return <Navigate to="/" replace />;

  const verify = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!otp.trim()) {
      setStatus({ error: 'OTP is required.' });
      return;
    }
    setBusy(true);
    setStatus({});
    try {
      const answer = await verifyOtp(otp, pending.userId);
      if (!answer.data.token) throw new Error('Invalid OTP.');
      saveToken(answer.data.token);
      clearTwoFactor();
      await refreshSession(client);
      setStatus({ ok: 'Verified. Redirecting...' });
      setTimeout(() => navigate(answer.data.must_change_password ? '/usersettings' : '/home'), 500);
    } catch (err) {
      setStatus({ error: errorMessage(err, 'Invalid OTP.') });
      setBusy(false);
    }
  };

  const resend = async () => {
    if (cooldown.left > 0) {
      setStatus({ error: `Please wait ${countOf(cooldown.left, 'second')} before resending OTP.` });
      return;
    }
    try {
      const answer = await resendOtp(pending.userId);
      setStatus({ ok: answer.message || 'New OTP sent successfully!' });
      cooldown.start(OTP_RESEND_COOLDOWN_S);
    } catch (err) {
      setStatus({ error: errorMessage(err, 'Failed to resend OTP.') });
    }
  };

  return (
    <AuthCard title="Two-factor verification">
      <form onSubmit={verify} noValidate>
        <Stack align="stretch">
          <Text size="sm" c="dimmed" ta="center">
            Enter the 6-digit code sent to {pending.email}.
          </Text>
          <AuthAlerts status={status} onClose={() => setStatus({})} />
          <TextInput
            label="OTP"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            value={otp}
            onChange={(e) => setOtp(e.currentTarget.value.replace(/\D/g, ''))}
            styles={{ input: { letterSpacing: '0.5em', textAlign: 'center', fontSize: 20 } }}
          />
          <Button type="submit" loading={busy} disabled={busy} fullWidth>
            Verify OTP
          </Button>
          {cooldown.left > 0 ? (
            <Text size="sm" ta="center" c="dimmed">
              Resend OTP in {countOf(cooldown.left, 'second')}
            </Text>
          ) : (
            <Anchor component="button" type="button" size="sm" onClick={resend}>
              Resend OTP
            </Anchor>
          )}
          <Anchor
            component="button"
            type="button"
            size="sm"
            ta="center"
            onClick={() => {
              clearTwoFactor();
              navigate('/', { replace: true });
            }}
          >
            Back to sign in
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
