import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { logout } from '../api/auth.ts';
import { openConfirmDialog, openDialog } from '../components/dialogs.ts';
import { count as outboxCount } from '../offline/outbox.ts';
import { clearSession, markVoluntaryLogout } from '../platform/session-storage.ts';

/** Asks "Are you sure you want to logout?", ends the session on the server and returns to the sign-in page. */
export function useLogout() {
  const navigate = useNavigate();
  const client = useQueryClient();
  return async () => {
    // Sales made offline are sent under this user's session: signing out now would strand them.
    const waiting = await outboxCount().catch(() => 0);
    if (waiting > 0) {
      void openDialog({
        title: 'Sales not yet sent',
        children: `${waiting} ${waiting === 1 ? 'sale made offline has' : 'sales made offline have'} not reached the server yet. Stay signed in until the connection returns and they are sent.`,
      });
      return;
    }
    void openConfirmDialog({
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
  };
}
