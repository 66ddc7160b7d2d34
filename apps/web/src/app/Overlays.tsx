import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';

/**
 * Where the dialogs opened with `modals.*` and the notices of `notifications.show` appear. Mounted beside the pages
 * once a user has signed in, and kept after sign-out, so "Your session has expired." stays over the sign-in page;
 * the sign-in page itself opens none, and its first load goes without their code.
 */
export function Overlays() {
  return (
    <ModalsProvider>
      <Notifications position="top-right" />
    </ModalsProvider>
  );
}
