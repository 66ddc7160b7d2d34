import { formatMoney, formatQuantity, lineTotal } from '@duka/shared';
import { Button, NumberInput, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { type CartLine, overdrawnBatches } from './cart.ts';
import { useSelectOnFocus } from './select-on-focus.ts';

interface Props {
  lines: CartLine[];
  onQuantity: (index: number, quantity: number) => void;
  onRemove: (index: number) => void;
}

export function CartTable({ lines, onQuantity, onRemove }: Props) {
  const overdrawn = overdrawnBatches(lines);
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>PRODUCT</Table.Th>
            <Table.Th>BRAND</Table.Th>
            <Table.Th>MEASUREMENT</Table.Th>
            <Table.Th ta="right">QTY</Table.Th>
            <Table.Th ta="right">UNIT PRICE</Table.Th>
            <Table.Th ta="right">TOTAL</Table.Th>
            <Table.Th>ACTIONS</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={8}>
                <Text ta="center" c="dimmed">
                  Your cart is empty. Start shopping now!
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            lines.map((l, i) => (
              <Table.Tr key={`${l.batchNumber}-${l.measurementId}`}>
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td>{l.product}</Table.Td>
                <Table.Td>{l.brand}</Table.Td>
                <Table.Td>{l.quantity > 1 ? `${l.measurement}s` : l.measurement}</Table.Td>
                <Table.Td ta="right">
                  <QuantityCell line={l} held={overdrawn.get(l.batchNumber)} onChange={(q) => onQuantity(i, q)} />
                </Table.Td>
                <Table.Td ta="right">{formatMoney(l.salePrice)}</Table.Td>
                <Table.Td ta="right">{formatMoney(lineTotal(l.quantity, l.salePrice))}</Table.Td>
                <Table.Td>
                  <Button size="xs" color="red" variant="light" onClick={() => onRemove(i)}>
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The line's quantity, changed in place. An empty or zero field keeps the last good quantity in the cart until the
 * cashier types one; `held` is set when the cart asks more of the batch than it held.
 */
function QuantityCell({
  line,
  held,
  onChange,
}: {
  line: CartLine;
  held: number | undefined;
  onChange: (quantity: number) => void;
}) {
  const [text, setText] = useState<number | string>(line.quantity);
  const selectOnFocus = useSelectOnFocus();
  // The cart may change from elsewhere (an equal item added again): show it unless the cashier is mid-edit.
  const shown = Number(text) === line.quantity || !(Number(text) > 0) ? text : line.quantity;
  const error = !(Number(shown) > 0)
    ? 'Enter a quantity above 0'
    : held !== undefined
      ? `Only ${formatQuantity(held)} in batch ${line.batchNumber}`
      : undefined;
  return (
    <NumberInput
      {...selectOnFocus}
      aria-label={`${line.product} quantity`}
      size="xs"
      w={140}
      ml="auto"
      min={0.001}
      decimalScale={3}
      thousandSeparator=","
      hideControls
      value={shown}
      onChange={(v) => {
        setText(v);
        if (Number(v) > 0) onChange(Number(v));
      }}
      onBlur={() => setText(line.quantity)}
      error={error}
    />
  );
}
