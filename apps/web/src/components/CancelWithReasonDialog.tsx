import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ApiError, errorMessage } from '../api/client.ts';

/**
 * Cancels a document (an order, a quotation) with the reason the server keeps; a refusal (a 409: it moved on
 * meanwhile) says why. `what` names the document in the dialog's words ("order"), `note` says what cancelling leaves
 * behind; `onCancelled` gets the server's message.
 */
export function CancelWithReasonDialog({
  what,
  number,
  note,
  cancel,
  pending,
  onClose,
  onCancelled,
}: {
  what: string;
  number: string;
  note: string;
  cancel: (reason: string) => Promise<{ message: string }>;
  pending: boolean;
  onClose: () => void;
  onCancelled: (message: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<{ title: string; message: string }>();
  const missing = reason.trim() === '';
  const submit = async () => {
    setTried(true);
    setRefusal(undefined);
    if (missing) return;
    try {
      onCancelled((await cancel(reason.trim())).message);
    } catch (err) {
      const refused = err instanceof ApiError && err.status === 409;
      setRefusal({
        title: refused ? `This ${what} cannot be cancelled` : `The ${what} was not cancelled`,
        message: err instanceof ApiError ? (err.field('reason') ?? err.message) : errorMessage(err),
      });
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Cancel ${what} ${number}`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <Text size="sm">{note}</Text>
        {refusal && (
          <Alert color="red" role="alert" title={refusal.title}>
            {refusal.message}
          </Alert>
        )}
        <Textarea
          label="Reason"
          data-autofocus
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={tried && missing ? `Say why the ${what} is cancelled.` : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep {what}
          </Button>
          <Button color="red" onClick={submit} loading={pending}>
            Cancel {what}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
