import { PAGE_SIZES } from '@duka/shared';
import { Button, Collapse, Group, Loader, Paper, Select, Table, Text, TextInput } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';

// Pieces every list and report screen shows the same way: the page-size selector, the search box
// with its clear button, the filter panel with Cancel and Submit, and the table's waiting and empty rows.

export function PageSizeSelect({ value, onChange }: { value: number; onChange: (size: number) => void }) {
  return (
    <Select
      aria-label="Page size"
      w={90}
      data={PAGE_SIZES.map(String)}
      value={String(value)}
      allowDeselect={false}
      onChange={(size) => onChange(Number(size))}
    />
  );
}

/** Search with a Search button; Clear appears only once a search was run. `search` is the search in force, `hint`
 * what the box takes. */
export function SearchForm({
  search,
  hint = 'Search...',
  onSearch,
}: {
  search: string;
  hint?: string;
  onSearch: (text: string) => void;
}) {
  const [text, setText] = useState(search);
  // The search in force can change from outside (Back to an earlier address): the box follows it.
  useEffect(() => setText(search), [search]);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <Group gap={4}>
        <TextInput
          aria-label="Search"
          placeholder={hint}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Button type="submit" variant="default">
          Search
        </Button>
        {search && (
          <Button
            variant="subtle"
            onClick={() => {
              setText('');
              onSearch('');
            }}
          >
            Clear
          </Button>
        )}
      </Group>
    </form>
  );
}

/** The filter fields with Cancel and Submit, shown while the Filter button holds it open. */
export function FilterPanel({
  open,
  children,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  children: ReactNode;
  onCancel: () => void;
  onSubmit: () => void;
}) {
  return (
    <Collapse in={open}>
      <Paper withBorder p="sm" mb="md">
        <Group align="flex-end">
          {children}
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onSubmit}>Submit</Button>
        </Group>
      </Paper>
    </Collapse>
  );
}

/** "Please wait..." while the first page loads, "No records found." when there is none; nothing otherwise. */
export function TableStateRow({ pending, empty, colSpan }: { pending: boolean; empty: boolean; colSpan: number }) {
  if (pending) {
    return (
      <Table.Tr>
        <Table.Td colSpan={colSpan}>
          <Group justify="center" gap="xs">
            <Loader size="sm" />
            <Text>Please wait...</Text>
          </Group>
        </Table.Td>
      </Table.Tr>
    );
  }
  if (empty) {
    return (
      <Table.Tr>
        <Table.Td colSpan={colSpan} ta="center">
          No records found.
        </Table.Td>
      </Table.Tr>
    );
  }
  return null;
}
