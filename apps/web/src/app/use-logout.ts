import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { logout } from '../api/auth.ts';
import { clearSession, markVoluntaryLogout } from './session-storage.ts';

/** Asks "Are you sure you want to logout?", ends the session on the server and returns to the sign-in page. */
export function useLogout() {
  const navigate = useNavigate();
  const client = useQueryClient();
  return () =>
    modals.openConfirmModal({
      title: 'Logout',
      children: 'Are you sure you want to logout?',
      labels: { confirm: 'Logout', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        // Whatever the server answers, the user asked to leave: the local session ends too.
        await logout().catch(() => undefined);
        clearSession();
        markVoluntaryLogout();
        client.clear();
        navigate('/', { replace: true });
      },
    });
}
