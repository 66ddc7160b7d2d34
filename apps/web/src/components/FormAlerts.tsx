import { Alert } from '@mantine/core';

export interface AlertState {
  success?: string;
  error?: string;
}

/** The dismissible success and error banners every form shows. */
export function FormAlerts({ state, onClose }: { state: AlertState; onClose: () => void }) {
  return (
    <>
      {state.success && (
        <Alert color="green" mb="md" withCloseButton closeButtonLabel="Dismiss" onClose={onClose} role="status">
          {state.success}
        </Alert>
      )}
      {state.error && (
        <Alert color="red" mb="md" withCloseButton closeButtonLabel="Dismiss" onClose={onClose} role="alert">
          {state.error}
        </Alert>
      )}
    </>
  );
}
