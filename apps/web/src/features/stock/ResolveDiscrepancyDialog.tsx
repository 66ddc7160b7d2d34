import { type DiscrepancyRow, formatQuantity, missingQuantity, quantityWithUnit } from '@duka/shared';
import { Alert, Button, Group, Modal, Radio, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { useDiscrepancyBatches, useResolveDiscrepancy } from '../../api/stock.ts';

// Resolving one discrepancy: the goods really left the shop, so either a batch's count was wrong (the
// shortfall is written off the batch they came from, as a count correction) or stock arrived that was not entered.
export function ResolveDiscrepancyDialog({
  row,
  onClose,
  onResolved,
}: {
  row: DiscrepancyRow;
  onClose: () => void;
  onResolved: (message: string) => void;
}) {
  const [kind, setKind] = useState<'WRITE_OFF' | 'STOCK_RECEIVED'>('WRITE_OFF');
  const [batchId, setBatchId] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const batches = useDiscrepancyBatches(row.id);
  const resolve = useResolveDiscrepancy();

  const submit = async () => {
    setError(undefined);
    try {
      const body = kind === 'WRITE_OFF' ? { kind, batch_id: batchId ?? '', note } : { kind, note };
      const answer = await resolve.mutateAsync({ params: { id: row.id }, body });
      onResolved(answer.message);
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Modal opened onClose={onClose} title="Resolve discrepancy" centered>
      <Stack>
        <Text size="sm">
          Sale {row.sale_number} sold{' '}
          {quantityWithUnit(row.quantity, { name: row.measurement_name, plural: row.measurement_plural })} of{' '}
          {row.product_name} more than batch {row.batch_number} held
          {Number(row.returned_quantity) > 0
            ? `; ${formatQuantity(row.returned_quantity)} came back, ${formatQuantity(missingQuantity(row))} is still missing.`
            : '.'}
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Radio.Group label="What happened?" value={kind} onChange={(v) => setKind(v as typeof kind)}>
          <Stack gap="xs" mt="xs">
            <Radio value="WRITE_OFF" label="The count was wrong: write the shortfall off the batch it came from" />
            <Radio value="STOCK_RECEIVED" label="Stock was received that had not been entered" />
          </Stack>
        </Radio.Group>
        {kind === 'WRITE_OFF' && (
          <Select
            label="Batch"
            placeholder="Choose a batch"
            data={(batches.data ?? []).map((b) => ({
              value: String(b.id),
              label: `${b.batch_number} (${formatQuantity(b.balance)} left)`,
            }))}
            value={batchId}
            onChange={setBatchId}
            nothingFoundMessage="No batch of this product has stock."
          />
        )}
        <Textarea label="Note" value={note} onChange={(e) => setNote(e.currentTarget.value)} autosize minRows={2} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={resolve.isPending}>
            Resolve
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
