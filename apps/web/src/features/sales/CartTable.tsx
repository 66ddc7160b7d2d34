import { formatMoney, formatQuantity, lineTotal, quantityWithUnit, unitLabel } from '@duka/shared';
import { CloseButton, Select, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { GroupedNumberInput } from '../../components/form/GroupedNumberInput.tsx';
import { baseUnitOf, CART_LINE_ATTRIBUTE, type CartLine, hasUnits, overdrawnBatches, stockOfLine } from './cart.ts';
import { LineBatchSelect } from './LineBatchSelect.tsx';
import { useSelectOnFocus } from './select-on-focus.ts';

interface Props {
  lines: CartLine[];
  onQuantity: (index: number, quantity: number) => void;
  onRemove: (index: number) => void;
  onBatch: (index: number, batch: { batchNumber: string; salePrice: number; balance: number }) => void;
  onUnit: (index: number, unitId: number) => void;
}

// On a phone the cart shows product (with brand and unit beneath), quantity and total, so nothing scrolls sideways;
// from the sm breakpoint brand, unit and unit price get their own columns.
export function CartTable({ lines, onQuantity, onRemove, onBatch, onUnit }: Props) {
  const overdrawn = overdrawnBatches(lines);
  return (
    <Table striped withTableBorder stickyHeader layout="auto" verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th visibleFrom="sm">#</Table.Th>
          <Table.Th>PRODUCT</Table.Th>
          <Table.Th visibleFrom="sm">BRAND</Table.Th>
          <Table.Th visibleFrom="sm">MEASUREMENT</Table.Th>
          <Table.Th ta="right">QTY</Table.Th>
          <Table.Th ta="right" visibleFrom="sm">
            UNIT PRICE
          </Table.Th>
          <Table.Th ta="right">TOTAL</Table.Th>
          <Table.Th>
            <VisuallyHidden>ACTIONS</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={8}>
              <Text ta="center" c="dark.3">
                Your cart is empty. Start shopping now!
              </Text>
            </Table.Td>
          </Table.Tr>
        ) : (
          lines.map((l, i) => {
            const unit = unitLabel(l.quantity, { name: l.measurement, plural: l.measurementPlural });
            return (
              <Table.Tr key={l.key ?? `${l.batchNumber}-${l.measurementId}`} {...{ [CART_LINE_ATTRIBUTE]: i }}>
                <Table.Td visibleFrom="sm">{i + 1}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {l.product}
                  </Text>
                  <Text size="xs" c="dark.3" hiddenFrom="sm">
                    {l.brand} · {unit} · {formatMoney(l.salePrice)}
                  </Text>
                  <LineBatchSelect line={l} onChange={(batch) => onBatch(i, batch)} />
                  {/* A line with other units says what the batch holds in the line's unit and in its base. */}
                  {l.balance !== undefined && hasUnits(l) && (
                    <Text size="xs" c="dark.3" data-testid="line-stock">
                      In stock: {stockOfLine(l, l.balance)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td visibleFrom="sm">{l.brand}</Table.Td>
                <Table.Td visibleFrom="sm">
                  {hasUnits(l) ? <LineUnitSelect line={l} onChange={(id) => onUnit(i, id)} /> : unit}
                </Table.Td>
                <Table.Td ta="right">
                  <QuantityCell line={l} held={overdrawn.get(l.batchNumber)} onChange={(q) => onQuantity(i, q)} />
                </Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  {formatMoney(l.salePrice)}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(lineTotal(l.quantity, l.salePrice))}</Table.Td>
                <Table.Td>
                  <CloseButton aria-label={`Remove ${l.product}`} c="red.8" onClick={() => onRemove(i)} />
                </Table.Td>
              </Table.Tr>
            );
          })
        )}
      </Table.Tbody>
    </Table>
  );
}

/** The unit a line is sold in, among its product's; Alt+U goes to the next one from the keyboard. */
function LineUnitSelect({ line, onChange }: { line: CartLine; onChange: (unitId: number) => void }) {
  const base = baseUnitOf(line);
  return (
    <Select
      aria-label={`${line.product} unit`}
      size="xs"
      w={120}
      comboboxProps={{ width: 200, position: 'bottom-start' }}
      allowDeselect={false}
      data={(line.units ?? []).map((u) => ({
        value: String(u.id),
        label: u.factor === 1 ? u.name : `${u.name} (${quantityWithUnit(u.factor, base)})`,
      }))}
      value={String(line.measurementId)}
      onChange={(v) => v && onChange(Number(v))}
    />
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
  // The cart may change from elsewhere (an equal item added again, + or -): show it unless the cashier is mid-edit.
  const shown = Number(text) === line.quantity || !(Number(text) > 0) ? text : line.quantity;
  const error = !(Number(shown) > 0)
    ? 'Enter a quantity above 0'
    : held !== undefined
      ? `Only ${hasUnits(line) ? stockOfLine(line, held) : formatQuantity(held)} in batch ${line.batchNumber}`
      : undefined;
  return (
    <GroupedNumberInput
      {...selectOnFocus}
      aria-label={`${line.product} quantity`}
      size="xs"
      w={{ base: 76, sm: 120 }}
      ml="auto"
      min={0.001}
      decimalScale={3}
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
