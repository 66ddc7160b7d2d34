import { formatDay, formatMoney } from '@duka/shared';
import { Alert, Button, Card, Group, Modal, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../api/client.ts';
import { usePermissions } from '../../api/permissions.ts';
import { cashierName, useCashiers, useCashUpDay, useSaveCashUp } from '../../api/till.ts';
import { DayInput } from '../../components/dates/DayInput.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { BigDifference, CashFigures, CountFields, countedWords, MethodTable, shillingsOf } from './cashup-figures.tsx';
import { SavedCashUps } from './SavedCashUps.tsx';

// Manage Sales → Cash-up: the signed-in cashier's day, the float and the counted cash. Saved cash-ups never
// change; the day may be cashed up again (the next shift) once something was sold or returned after the last one.
// The difference is shown large, and a save with a difference asks to confirm first. A holder of salesCashUpAll picks
// any cashier's day (the server checks the key again); a holder of salesCashUpRecount records recounts.
export function CashUpPage() {
  const mayPick = usePermissions().can('salesCashUpAll');
  const cashiers = useCashiers(mayPick);
  const [userId, setUserId] = useState<number | undefined>();
  const [date, setDate] = useState(formatDay(new Date()));
  const [float, setFloat] = useState<string | number>('');
  const [counted, setCounted] = useState<string | number>('');
  const [note, setNote] = useState('');
  const day = useCashUpDay(date, shillingsOf(float), userId);
  const save = useSaveCashUp();
  const error = save.error instanceof ApiError ? save.error : undefined;
  const c = day.data;
  const [confirming, setConfirming] = useState(false);
  // The live difference, from the expected cash the server computed; asked to confirm when it is not 0.
  const difference = c && counted !== '' ? shillingsOf(counted) - c.expected_cash : null;
  const submit = () =>
    save.mutate(
      {
        date,
        user_id: userId,
        opening_float: shillingsOf(float),
        counted_cash: counted === '' ? (undefined as unknown as number) : shillingsOf(counted),
        note: note || undefined,
        // The difference confirmed was against this: the server refuses the save if its figures moved since.
        expected_cash: c?.expected_cash,
      },
      {
        // Ready for the next cash-up of the day.
        onSuccess: () => {
          setFloat('');
          setCounted('');
          setNote('');
        },
        onError: () => void day.refetch(),
      },
    );
  return (
    <Stack maw={560}>
      <Title order={1} size="h2">
        Cash-up
      </Title>
      <Group align="flex-end">
        <DayInput
          label="Day"
          value={date}
          maxDate={formatDay(new Date())}
          tooLate="The cash-up day cannot be in the future."
          // The day shown stays until another valid day is typed or picked.
          onChange={(day) => day && setDate(day)}
          w={200}
        />
        {mayPick && (
          <Select
            label="Cashier"
            w={260}
            searchable
            data={(cashiers.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
            value={userId ? String(userId) : c ? String(c.cashier.id) : null}
            onChange={(value) => setUserId(value ? Number(value) : undefined)}
            allowDeselect={false}
          />
        )}
      </Group>
      {day.error && <Alert color="red">{errorMessage(day.error)}</Alert>}
      {!c && !day.error && <PageLoader />}
      {c && <SavedCashUps saved={c.cash_ups} />}
      {c && !c.can_save && (
        <Alert color="gray" data-testid="cashup-nothing-new">
          Nothing was sold, returned, paid on account or paid out after this day's last cash-up. What comes later can be
          cashed up here again.
        </Alert>
      )}
      {c?.can_save && (
        <Card withBorder data-testid="cashup-open">
          <Text fw={700} mb="xs">
            {cashierName(c)} · {countedWords(c)}
          </Text>
          {c.cash_ups.length > 0 && (
            <Text size="sm" mb="xs">
              The next cash-up of the day: what was sold or returned after the last one.
            </Text>
          )}
          <Stack gap="xs" mb="sm">
            <CountFields
              float={float}
              onFloat={setFloat}
              counted={counted}
              onCounted={setCounted}
              errorOf={(field) => error?.field(field)}
            />
            <Textarea label="Note" value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={1000} />
          </Stack>
          <CashFigures c={c} />
          {difference !== null && (
            <Stack gap={0} mt="xs">
              <Text size="sm">Difference (counted − expected)</Text>
              <BigDifference difference={difference} testId="cashup-live-difference" />
            </Stack>
          )}
          <MethodTable c={c} />
          {save.error && !(error && Object.keys(error.errors).length > 0) && (
            <Alert color="red">{errorMessage(save.error)}</Alert>
          )}
          <Group>
            <Button loading={save.isPending} onClick={() => (difference ? setConfirming(true) : submit())}>
              Save
            </Button>
          </Group>
          <Modal opened={confirming} onClose={() => setConfirming(false)} title="Save this cash-up?" centered>
            <Stack gap="xs">
              <BigDifference difference={difference ?? 0} testId="cashup-confirm-difference" />
              <Text size="sm">
                Counted {formatMoney(shillingsOf(counted))} against {formatMoney(c.expected_cash)} UGX expected. A saved
                cash-up cannot change: only a manager can record a recount beside it.
              </Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setConfirming(false)}>
                  Count again
                </Button>
                <Button
                  color="red"
                  onClick={() => {
                    setConfirming(false);
                    submit();
                  }}
                >
                  Save with this difference
                </Button>
              </Group>
            </Stack>
          </Modal>
        </Card>
      )}
    </Stack>
  );
}
