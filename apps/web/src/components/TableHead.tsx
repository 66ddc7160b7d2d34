import { Table } from '@mantine/core';

/** A column heading: a label, right-aligned when it heads figures, with a fixed width where the column needs one. */
export type Heading = string | { label: string; right?: boolean; w?: number };

/** Headings of figure columns (quantities, money), right-aligned like the figures under them. */
export const figures = (...labels: string[]): Heading[] => labels.map((label) => ({ label, right: true }));

/** A table's header row, one cell per heading. */
export function TableHead({ headings }: { headings: Heading[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {headings.map((h) => {
          const { label, right, w } = typeof h === 'string' ? { label: h } : h;
          return (
            <Table.Th key={label} ta={right ? 'right' : undefined} w={w}>
              {label}
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );
}
