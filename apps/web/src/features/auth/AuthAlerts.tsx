import { Alert } from '@mantine/core';

/** The sign-in screens' banners: a success (closable when `okClosable`) and a closable error. */
export function AuthAlerts({
  status,
  onClose,
  okClosable = false,
}: {
  status: { ok?: string; error?: string };
  onClose: () => void;
  okClosable?: boolean;
}) {
  return (
    <>
      {status.ok &&
        (okClosable ? (
          <Alert color="green" withCloseButton onClose={onClose}>
            {status.ok}
          </Alert>
        ) : (
          <Alert color="green">{status.ok}</Alert>
        ))}
      {status.error && (
        <Alert color="red" withCloseButton onClose={onClose} role="alert">
          {status.error}
        </Alert>
      )}
    </>
  );
}
