import { type CashUpDay, type CashUpRecord, countOf, formatMoney, formatTime, paymentLabel } from '@duka/shared';
import { Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { GroupedNumberInput } from '../../components/form/GroupedNumberInput.tsx';
import { figures, TableHead } from '../../components/TableHead.tsx';

// The cash-up's figures, the same on the screen and on the printed Z-report.

/** A cashier's day still to count, or a saved cash-up. */
type CashUp = CashUpDay | CashUpRecord;

const Line = ({
  label,
  amount,
  testId,
  strong,
}: {
  label: string;
  amount: number;
  testId: string;
  strong?: boolean;
}) => (
  <Group justify="space-between" wrap="nowrap">
    <Text size="sm" fw={strong ? 700 : 400}>
      {label}
    </Text>
    <Text size="sm" fw={strong ? 700 : 400} data-testid={`cashup-${testId}`}>
      {formatMoney(amount)}
    </Text>
  </Group>
);

export function CashFigures({ c }: { c: CashUp }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        From {formatTime(c.opened_at)} to {formatTime(c.closed_at)}
      </Text>
      <Line label="Opening float" amount={c.opening_float} testId="float" />
      {/* Cash for customers' accounts is cash taken too (the method table shows it apart). */}
      <Line label="+ Cash taken" amount={c.cash_taken} testId="cash-taken" />
      <Line label="− Change given" amount={c.change_given} testId="change" />
      <Line label="− Cash refunds" amount={c.cash_refunds} testId="refunds" />
      {/* Cash paid to suppliers out of the drawer, less what reversals put back (0 on a cash-up saved before). */}
      <Line label="− Paid out to suppliers" amount={c.cash_paid_out} testId="paid-out" />
      {/* The server's figure, never worked out here: float + cash taken − change − refunds − paid out. */}
      <Line label="Expected cash" amount={c.expected_cash} testId="expected" strong />
      {c.counted_cash !== null && <Line label="Counted cash" amount={c.counted_cash} testId="counted" />}
      {c.difference !== null && <Line label="Difference" amount={c.difference} testId="difference" strong />}
    </Stack>
  );
}

export function MethodTable({ c }: { c: CashUp }) {
  return (
    <Table withTableBorder fz="xs" my="sm" data-testid="cashup-methods">
      <TableHead headings={['Method', ...figures('Sales', 'Amount', 'Returns', 'Refunds', 'Account payments')]} />
      <Table.Tbody>
        {c.by_method.map((m) => (
          <Table.Tr key={m.method}>
            <Table.Td>{paymentLabel(m.method)}</Table.Td>
            <Table.Td ta="right">{m.sales_count}</Table.Td>
            <Table.Td ta="right">{formatMoney(m.sales_amount)}</Table.Td>
            <Table.Td ta="right">{m.returns_count}</Table.Td>
            <Table.Td ta="right">{formatMoney(m.refunds)}</Table.Td>
            {/* Absent on a cash-up saved before the debt book. */}
            <Table.Td ta="right">{formatMoney(m.account_payments ?? 0)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** What a cash-up counted, in words: "3 sales, 1 return", and the day's payments to suppliers from the till if any. */
export const countedWords = (c: Pick<CashUp, 'sales_count' | 'returns_count'> & { supplier_payments_count?: number }) =>
  [
    countOf(c.sales_count, 'sale'),
    countOf(c.returns_count, 'return'),
    ...(c.supplier_payments_count ? [countOf(c.supplier_payments_count, 'supplier payment')] : []),
  ].join(', ');

/**
 * The difference between the counted and the expected cash, large and in words as well as colour: short (red), over
 * (orange) or balanced (green).
 */
export function BigDifference({ difference, testId }: { difference: number; testId: string }) {
  const color = difference < 0 ? 'red.9' : difference > 0 ? 'orange.9' : 'green.9';
  const words =
    difference === 0 ? 'Balanced' : `${difference < 0 ? 'Short' : 'Over'} by UGX ${formatMoney(Math.abs(difference))}`;
  return (
    <Text fz={30} fw={800} lh={1.2} c={color} data-testid={testId}>
      {words}
    </Text>
  );
}

/** What a whole-shillings field holds, as a number (0 when empty). */
export const shillingsOf = (v: string | number) =>
  typeof v === 'number' ? v : Number(String(v).replace(/,/g, '')) || 0;

/** The float and the counted cash, in whole shillings with thousands separators: a cash-up's or a recount's. */
export function CountFields({
  float,
  onFloat,
  counted,
  onCounted,
  errorOf,
}: {
  float: string | number;
  onFloat: (value: string | number) => void;
  counted: string | number;
  onCounted: (value: string | number) => void;
  errorOf: (field: string) => ReactNode;
}) {
  const shillings = { min: 0, allowDecimal: false, allowNegative: false } as const;
  return (
    <>
      <GroupedNumberInput
        label="Opening float (UGX)"
        value={float}
        onChange={onFloat}
        error={errorOf('opening_float')}
        {...shillings}
      />
      <GroupedNumberInput
        label="Counted cash (UGX)"
        value={counted}
        onChange={onCounted}
        error={errorOf('counted_cash')}
        {...shillings}
      />
    </>
  );
}
