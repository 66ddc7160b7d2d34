import { openConfirmDialog } from './dialogs.ts';

/** A yes/no question before a destructive action; resolves true when confirmed. */
export function confirmAction(message: string, { title = 'Please confirm', confirmLabel = 'Yes', danger = true } = {}) {
  return new Promise<boolean>((resolve) => {
    void openConfirmDialog({
      title,
      children: message,
      labels: { confirm: confirmLabel, cancel: 'Cancel' },
      confirmProps: { color: danger ? 'red' : 'blue' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
