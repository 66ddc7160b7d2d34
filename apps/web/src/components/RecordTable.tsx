import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** One record as label/value rows: the read-only show pages. */
export function RecordTable({ rows, labelWidth = 200 }: { rows: [string, ReactNode][]; labelWidth?: number }) {
  return (
    <Table withTableBorder>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={labelWidth}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
