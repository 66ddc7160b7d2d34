import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { overlaysShown } from '../platform/overlays-gate.ts';

/**
 * Where the dialogs opened with `modals.*` and the notices of `notifications.show` appear. Mounted beside the pages
 * once a user has signed in, and kept after sign-out, so "Your session has expired." stays over the sign-in page;
 * the sign-in page itself opens none, and its first load goes without their code.
 */
export function Overlays() {
  // After the providers' own effects (a child's run first): their listeners are there.
  useEffect(overlaysShown, []);
  return (
    <ModalsProvider>
      <Notifications position="top-right" />
    </ModalsProvider>
  );
}
