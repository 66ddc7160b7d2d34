import { formatMoney, formatQuantity, lineTotal } from '@duka/shared';
import { Button, Table, Text } from '@mantine/core';
import type { CartLine } from './cart.ts';

export function CartTable({ lines, onRemove }: { lines: CartLine[]; onRemove: (index: number) => void }) {
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
                <Table.Td ta="right">{formatQuantity(l.quantity)}</Table.Td>
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
