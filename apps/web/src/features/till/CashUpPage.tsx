import { formatDay } from '@duka/shared';
import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../api/client.ts';
import { cashierName, useCashiers, useCashUpDay, useSaveCashUp } from '../../api/till.ts';
import { usePermissions } from '../../app/permissions.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { CashFigures, MethodTable } from './cashup-figures.tsx';

const amount = (v: string | number) => (typeof v === 'number' ? v : Number(String(v).replace(/,/g, '')) || 0);

// Manage Sales → Cash-up (issue 13): the signed-in cashier's day, the float and the counted cash, saved once. A holder
// of salesCashUpAll picks any cashier's day (the server checks the key again).
export function CashUpPage() {
  const mayPick = usePermissions().can('salesCashUpAll');
  const cashiers = useCashiers(mayPick);
  const [userId, setUserId] = useState<number | undefined>();
  const [date, setDate] = useState(formatDay(new Date()));
  const [float, setFloat] = useState<string | number>('');
  const [counted, setCounted] = useState<string | number>('');
  const [note, setNote] = useState('');
  const day = useCashUpDay(date, amount(float), userId);
  const save = useSaveCashUp();
  const error = save.error instanceof ApiError ? save.error : undefined;
  const c = day.data;
  return (
    <Stack maw={560}>
      <Title order={1} size="h2">
        Cash-up
      </Title>
      <Group align="flex-end">
        <TextInput type="date" label="Day" value={date} onChange={(e) => setDate(e.currentTarget.value)} w={200} />
        {mayPick && (
          <Select
            label="Cashier"
            w={260}
            searchable
            data={(cashiers.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
            value={userId ? String(userId) : typeof c?.cashier === 'object' && c.cashier ? String(c.cashier.id) : null}
            onChange={(value) => setUserId(value ? Number(value) : undefined)}
            allowDeselect={false}
          />
        )}
      </Group>
      {day.error && <Alert color="red">{errorMessage(day.error)}</Alert>}
      {!c && !day.error && <PageLoader />}
      {c && (
        <Card withBorder>
          <Text fw={700} mb="xs">
            {cashierName(c)} · {c.sales_count ?? ''} sales, {c.returns_count ?? ''} returns
          </Text>
          {c.saved && (
            <Alert color="blue" mb="sm">
              This cash-up is saved and cannot change. Sales made after it count in the next one.{' '}
              <Link to={`/salescashupreport/${c.id}`}>Z-report</Link>
            </Alert>
          )}
          {!c.saved && (
            <Stack gap="xs" mb="sm">
              <NumberInput
                label="Opening float (UGX)"
                value={float}
                onChange={setFloat}
                min={0}
                allowDecimal={false}
                thousandSeparator=","
                error={error?.field('opening_float')}
              />
              <NumberInput
                label="Counted cash (UGX)"
                value={counted}
                onChange={setCounted}
                min={0}
                allowDecimal={false}
                thousandSeparator=","
                error={error?.field('counted_cash')}
              />
              <Textarea label="Note" value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={1000} />
            </Stack>
          )}
          <CashFigures c={c} />
          {!c.saved && counted !== '' && (
            <Text size="sm" mt={4} data-testid="cashup-live-difference">
              Difference: {(amount(counted) - c.expected_cash).toLocaleString('en-US')}
            </Text>
          )}
          <MethodTable c={c} />
          {save.error && !(error && Object.keys(error.errors).length > 0) && (
            <Alert color="red">{errorMessage(save.error)}</Alert>
          )}
          {!c.saved && (
            <Group>
              <Button
                loading={save.isPending}
                onClick={() =>
                  save.mutate({
                    date,
                    user_id: userId,
                    opening_float: amount(float),
                    counted_cash: counted === '' ? (undefined as unknown as number) : amount(counted),
                    note: note || undefined,
                  })
                }
              >
                Save
              </Button>
            </Group>
          )}
        </Card>
      )}
    </Stack>
  );
}
