import { modals } from '@mantine/modals';
import { whenOverlaysShown } from '../platform/overlays-gate.ts';

// Mantine's `modals.open` and `modals.openConfirmModal`, once the dialogs' code has mounted
// (platform/overlays-gate.ts): a dialog opened before is an event no one hears, and the dialogs come only once the
// screen has shown.

export async function openDialog(props: Parameters<typeof modals.open>[0]): Promise<void> {
  await whenOverlaysShown();
  modals.open(props);
}

export async function openConfirmDialog(props: Parameters<typeof modals.openConfirmModal>[0]): Promise<void> {
  await whenOverlaysShown();
  modals.openConfirmModal(props);
}
