import { type CustomerChoice, formatMoney } from '@duka/shared';
import {
  Button,
  Combobox,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  type TextInputProps,
  useCombobox,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useCustomerSearch } from '../../api/customers-pos.ts';
import { usePermissions } from '../../api/permissions.ts';

// The customer a sale is for, at the POS. The walk-in name and phone fields search the debt book as the cashier types
// (the server's picker, or the till's local copy offline): customers found by name or phone are offered with what they
// owe and what credit they have left, and one chosen takes the two fields' place. Cleared, the sale is a walk-in sale
// again with the free-text name and phone as they were. "+ New" adds a customer in place.

const AddCustomerDialog = lazy(() =>
  import('./AddCustomerDialog.tsx').then((module) => ({ default: module.AddCustomerDialog })),
);

/** What a customer owes, or the advance the shop holds for them. */
export const balanceWords = (balance: number) =>
  balance > 0
    ? `Owes UGX ${formatMoney(balance)}`
    : balance < 0
      ? `Advance UGX ${formatMoney(-balance)}`
      : 'Owes nothing';

/**
 * A walk-in field (the customer's name or phone) that also finds customers of the debt book by what is typed into
 * it. Only typing searches (not the defaults it opens with), and the list shows only when something matches, so a
 * walk-in name is typed as before.
 */
export function CustomerSearchField({
  onValueChange,
  onChoose,
  ...input
}: Omit<TextInputProps, 'onChange'> & {
  value: string;
  onValueChange: (text: string) => void;
  onChoose: (customer: CustomerChoice) => void;
}) {
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 150);
  const search = useCustomerSearch(debounced);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const found = query.trim() ? (search.data ?? []) : [];
  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const customer = found.find((c) => String(c.id) === id);
        if (!customer) return;
        setQuery('');
        combobox.closeDropdown();
        onChoose(customer);
      }}
    >
      <Combobox.Target>
        <TextInput
          {...input}
          onChange={(e) => {
            const text = e.currentTarget.value;
            onValueChange(text);
            setQuery(text);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={found.length === 0} miw={300}>
        <Combobox.Options aria-label="Customers found">
          {found.map((c) => (
            <Combobox.Option value={String(c.id)} key={c.id}>
              <Text size="sm" fw={600}>
                {c.name} · {c.phone_number}
              </Text>
              <Text size="xs" c="dimmed">
                {c.customer_number} · {balanceWords(c.balance)} · Available credit UGX {formatMoney(c.available_credit)}
              </Text>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

/** The chosen customer in the walk-in fields' place: who, what they owe, what credit is left, and Clear. */
export function ChosenCustomer({ customer, onClear }: { customer: CustomerChoice; onClear: () => void }) {
  return (
    <Paper withBorder px="xs" py={4} data-testid="pos-customer" aria-label="Customer account" role="group">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={0}>
          <Text size="sm" fw={700} lh={1.3}>
            {customer.name}
          </Text>
          <Text size="xs" lh={1.3}>
            {customer.customer_number} · {customer.phone_number} · {balanceWords(customer.balance)}
          </Text>
          <Text size="xs" fw={600} lh={1.3} data-testid="pos-customer-available">
            Available credit: UGX {formatMoney(customer.available_credit)}
          </Text>
        </Stack>
        <Button variant="default" size="compact-sm" onClick={onClear} aria-label="Clear customer (walk-in sale)">
          Clear
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * "+ New" beside the customer's name, for holders of customerAdd: the dialog starts from the walk-in name and phone
 * typed so far (unless they are still the defaults) and the new customer becomes the sale's.
 */
export function AddCustomerButton({
  start,
  onAdded,
}: {
  start: { name: string; phone_number: string };
  onAdded: (customer: CustomerChoice) => void;
}) {
  const { can } = usePermissions();
  const [isAdding, setAdding] = useState(false);
  if (!can('customerAdd')) return null;
  return (
    <>
      <Button
        variant="subtle"
        size="compact-xs"
        aria-label="New customer"
        title="New customer"
        onClick={() => setAdding(true)}
      >
        + New
      </Button>
      {isAdding && (
        <Suspense fallback={<Loader size="xs" aria-label="Opening the new customer form" />}>
          <AddCustomerDialog
            start={start}
            onClose={() => setAdding(false)}
            onAdded={(customer) => {
              setAdding(false);
              onAdded(customer);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
