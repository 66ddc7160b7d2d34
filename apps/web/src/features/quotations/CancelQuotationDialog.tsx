import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../api/client.ts';
import { useCancelQuotation } from '../../api/quotations.ts';

/**
 * Cancels a quotation with the reason the server keeps; a refusal (converted or cancelled meanwhile) says why.
 * `onCancelled` gets the server's message.
 */
export function CancelQuotationDialog({
  quotation,
  onClose,
  onCancelled,
}: {
  quotation: { id: number; quotation_number: string };
  onClose: () => void;
  onCancelled: (message: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<{ title: string; message: string }>();
  const cancel = useCancelQuotation();
  const missing = reason.trim() === '';
  const submit = async () => {
    setTried(true);
    setRefusal(undefined);
    if (missing) return;
    try {
      const answer = await cancel.mutateAsync({ id: quotation.id, reason: reason.trim() });
      onCancelled(answer.message);
    } catch (err) {
      const refused = err instanceof ApiError && err.status === 409;
      setRefusal({
        title: refused ? 'This quotation cannot be cancelled' : 'The quotation was not cancelled',
        message: err instanceof ApiError ? (err.field('reason') ?? err.message) : errorMessage(err),
      });
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Cancel quotation ${quotation.quotation_number}`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <Text size="sm">The quotation stays on the list as cancelled, with the reason; it can no longer be sold.</Text>
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
          error={tried && missing ? 'Say why the quotation is cancelled.' : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep quotation
          </Button>
          <Button color="red" onClick={submit} loading={cancel.isPending}>
            Cancel quotation
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
