import { type CashUpRecord, formatMoney, formatTime } from '@duka/shared';
import { Alert, Button, Card, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../api/client.ts';
import { usePermissions } from '../../api/permissions.ts';
import { useRecountCashUp } from '../../api/till.ts';
import { BigDifference, CashFigures, CountFields, countedWords, shillingsOf } from './cashup-figures.tsx';

/** The cash-ups saved for a day, each with its recounts, oldest first. */
export function SavedCashUps({ saved }: { saved: CashUpRecord[] }) {
  const mayRecount = usePermissions().can('salesCashUpRecount');
  const firsts = saved.filter((c) => !c.recount_of);
  return (
    <>
      {firsts.map((first) => (
        <SavedCashUpCard
          key={first.id}
          counts={[first, ...saved.filter((c) => c.recount_of === first.id)]}
          mayRecount={mayRecount}
        />
      ))}
    </>
  );
}

/**
 * One saved cash-up: what it counted, the count in force (its last recount, else the first) with its difference
 * large, every count when it was recounted, and the Recount button for a holder of salesCashUpRecount.
 */
function SavedCashUpCard({ counts, mayRecount }: { counts: CashUpRecord[]; mayRecount: boolean }) {
  const [recounting, setRecounting] = useState(false);
  const first = counts[0] as CashUpRecord;
  const latest = counts.at(-1) as CashUpRecord;
  return (
    <Card withBorder data-testid={`cashup-saved-${first.id}`}>
      <Group justify="space-between" mb={4}>
        <Text fw={700}>
          Cash-up No. {first.id} · {countedWords(first)}
        </Text>
        <Link to={`/salescashupreport/${first.id}`}>Z-report</Link>
      </Group>
      <BigDifference difference={latest.difference} testId="cashup-saved-difference" />
      <CashFigures c={latest} />
      {counts.length > 1 && (
        <Stack gap={2} mt="xs" data-testid="cashup-counts">
          <Text size="sm" fw={700}>
            Counts
          </Text>
          {counts.map((c) => (
            <Text size="sm" key={c.id}>
              {c.recount_of ? `Recount No. ${c.id}` : `First count No. ${c.id}`} at {formatTime(c.created_at)} by{' '}
              {c.saved_by ?? 'N/A'}: counted {formatMoney(c.counted_cash)}, difference {formatMoney(c.difference)}
              {c.reason ? ` (${c.reason})` : ''}
            </Text>
          ))}
        </Stack>
      )}
      <Alert color="blue" mt="sm">
        This cash-up is saved and cannot change. Sales made after it count in the next cash-up.
      </Alert>
      {mayRecount && (
        <Group mt="sm">
          <Button variant="light" onClick={() => setRecounting(true)}>
            Recount
          </Button>
        </Group>
      )}
      {recounting && <RecountDialog first={first} latest={latest} onClose={() => setRecounting(false)} />}
    </Card>
  );
}

/** A manager's recount: the cash counted again (and the float, if it was wrong), with the reason; saved beside. */
function RecountDialog({ first, latest, onClose }: { first: CashUpRecord; latest: CashUpRecord; onClose: () => void }) {
  const [float, setFloat] = useState<string | number>(latest.opening_float);
  const [counted, setCounted] = useState<string | number>('');
  const [reason, setReason] = useState('');
  const recount = useRecountCashUp();
  const error = recount.error instanceof ApiError ? recount.error : undefined;
  const expected = latest.expected_cash - latest.opening_float + shillingsOf(float);
  return (
    <Modal opened onClose={onClose} title={`Recount cash-up No. ${first.id}`} centered>
      <Stack gap="xs">
        <Text size="sm">
          Counted {formatMoney(latest.counted_cash)} against {formatMoney(latest.expected_cash)} UGX expected. The
          recount is saved beside the first count, which stays as it was.
        </Text>
        <CountFields
          float={float}
          onFloat={setFloat}
          counted={counted}
          onCounted={setCounted}
          errorOf={(field) => error?.field(field)}
        />
        <Textarea
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={300}
          error={error?.field('reason')}
        />
        {counted !== '' && <BigDifference difference={shillingsOf(counted) - expected} testId="recount-difference" />}
        {recount.error && !(error && Object.keys(error.errors).length > 0) && (
          <Alert color="red" role="alert">
            {errorMessage(recount.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={recount.isPending}
            onClick={() =>
              recount.mutate(
                {
                  id: first.id,
                  opening_float: shillingsOf(float),
                  counted_cash: counted === '' ? (undefined as unknown as number) : shillingsOf(counted),
                  reason,
                },
                { onSuccess: onClose },
              )
            }
          >
            Save recount
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
