import { countOf, SESSION_CHECK_INTERVAL_MS, SESSION_WARNING_MINUTES } from '@duka/shared';
import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { checkSession } from '../api/auth.ts';
import { ApiError } from '../api/client.ts';
import { openDialog } from '../components/dialogs.ts';
import { clearSession } from '../platform/session-storage.ts';

/** A message in a dialog, once the dialogs are there to show it. */
const say = (text: string) => openDialog({ title: 'Session', children: <Text>{text}</Text> });

// Every 5 minutes: warn when fewer than 5 minutes remain; when the server says the session has ended, say so and sign out
// (no confirmation, and not marked as a voluntary logout).
export function SessionMonitor() {
  const navigate = useNavigate();
  const client = useQueryClient();
  useEffect(() => {
    const timer = setInterval(async () => {
      // Only the server saying 401 ends the session; a dropped connection or a restart waits for the next check.
      const remaining = await checkSession()
        .then((s) => s.remaining_time_in_minutes)
        .catch((err) => (err instanceof ApiError && err.status === 401 ? 0 : undefined));
      if (remaining === undefined) return;
      if (remaining <= 0) {
        clearInterval(timer);
        clearSession();
        client.clear();
        navigate('/', { replace: true });
        await say('Your session has expired.');
      } else if (remaining < SESSION_WARNING_MINUTES) {
        await say(`Your session will expire in ${countOf(remaining, 'minute')}.`);
      }
    }, SESSION_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [navigate, client]);
  return null;
}
