import '@mantine/notifications/styles.css';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { Shell } from './Shell.tsx';

/**
 * Everything only a signed-in user sees, in one chunk loaded after sign-in (issue 12: the sign-in page's first load
 * stays small): the shell with its menu, the offline till's local database, and the confirm dialogs and notices
 * that only the signed-in screens open.
 */
export function SignedInShell() {
  return (
    <ModalsProvider>
      <Notifications position="top-right" />
      <Shell />
    </ModalsProvider>
  );
}
