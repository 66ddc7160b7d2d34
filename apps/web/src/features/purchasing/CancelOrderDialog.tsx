import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../api/client.ts';
import { useCancelPurchaseOrder } from '../../api/purchasing.ts';

/**
 * Cancels an order with the reason the server keeps; a refusal (received in full, cancelled already) says why.
 * `onCancelled` gets the server's message.
 */
export function CancelOrderDialog({
  order,
  onClose,
  onCancelled,
}: {
  order: { id: number; po_number: string };
  onClose: () => void;
  onCancelled: (message: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<{ title: string; message: string }>();
  const cancel = useCancelPurchaseOrder();
  const missing = reason.trim() === '';
  const submit = async () => {
    setTried(true);
    setRefusal(undefined);
    if (missing) return;
    try {
      const answer = await cancel.mutateAsync({ id: order.id, reason: reason.trim() });
      onCancelled(answer.message);
    } catch (err) {
      const refused = err instanceof ApiError && err.status === 409;
      setRefusal({
        title: refused ? 'This order cannot be cancelled' : 'The order was not cancelled',
        message: err instanceof ApiError ? (err.field('reason') ?? err.message) : errorMessage(err),
      });
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Cancel order ${order.po_number}`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <Text size="sm">
          The order stays on the list as cancelled, with the reason; goods already received stay in stock.
        </Text>
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
          error={tried && missing ? 'Say why the order is cancelled.' : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep order
          </Button>
          <Button color="red" onClick={submit} loading={cancel.isPending}>
            Cancel order
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
