import { type CustomerChoice, customerCreateSchema, DEFAULT_PAYMENT_TERMS_DAYS, formatMoney } from '@duka/shared';
import {
  Alert,
  Button,
  Combobox,
  Group,
  Loader,
  Modal,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  useCombobox,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../api/client.ts';
import { useAddCustomer, useCustomerSearch } from '../../api/customers-pos.ts';
import { usePermissions } from '../../api/permissions.ts';
import { withLeadingZero } from '../profile/phone.ts';

// The customer a sale is for, at the POS: found by phone, name or number as the cashier types (the server's picker,
// or the till's local copy offline), each with what they owe and what credit they have left; or added in place. Cleared,
// the sale is a walk-in sale again with the free-text name and phone.

/** What a customer owes, or the advance the shop holds for them. */
export const balanceWords = (balance: number) =>
  balance > 0
    ? `Owes UGX ${formatMoney(balance)}`
    : balance < 0
      ? `Advance UGX ${formatMoney(-balance)}`
      : 'Owes nothing';

interface Props {
  /** The chosen customer (as they are now), or null for a walk-in sale. */
  value: CustomerChoice | null;
  onChange: (customer: CustomerChoice | null) => void;
}

export function CustomerPicker({ value, onChange }: Props) {
  const { can } = usePermissions();
  const [text, setText] = useState('');
  const [isAdding, setAdding] = useState(false);
  const [debounced] = useDebouncedValue(text.trim(), 150);
  const search = useCustomerSearch(debounced);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const found = text.trim() ? (search.data ?? []) : [];
  const choose = (customer: CustomerChoice) => {
    onChange(customer);
    setText('');
    combobox.closeDropdown();
  };

  if (value) return <ChosenCustomer customer={value} onClear={() => onChange(null)} />;
  return (
    <Stack gap={4}>
      <Combobox
        store={combobox}
        onOptionSubmit={(id) => {
          const customer = found.find((c) => String(c.id) === id);
          if (customer) choose(customer);
        }}
      >
        <Combobox.Target>
          <TextInput
            label="Customer account"
            placeholder="Find by phone or name"
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              combobox.openDropdown();
              combobox.updateSelectedOptionIndex();
            }}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            rightSection={search.isFetching ? <Loader size="xs" /> : null}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!text.trim()}>
          <Combobox.Options aria-label="Customers found">
            {found.length === 0 ? (
              <Combobox.Empty>
                {search.isError
                  ? errorMessage(search.error, 'The search failed.')
                  : search.isFetching || debounced !== text.trim()
                    ? 'Searching…'
                    : 'No customer matches.'}
              </Combobox.Empty>
            ) : (
              found.map((c) => (
                <Combobox.Option value={String(c.id)} key={c.id}>
                  <Text size="sm" fw={600}>
                    {c.name} · {c.phone_number}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {c.customer_number} · {balanceWords(c.balance)} · Available credit UGX{' '}
                    {formatMoney(c.available_credit)}
                  </Text>
                </Combobox.Option>
              ))
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      {can('customerAdd') && (
        <Group justify="flex-end">
          <Button variant="subtle" size="compact-sm" onClick={() => setAdding(true)}>
            Add customer
          </Button>
        </Group>
      )}
      {isAdding && (
        <AddCustomerDialog
          typed={text.trim()}
          onClose={() => setAdding(false)}
          onAdded={(customer) => {
            setAdding(false);
            choose(customer);
          }}
        />
      )}
    </Stack>
  );
}

/** The chosen customer: who, what they owe, what credit is left, and the way back to a walk-in sale. */
function ChosenCustomer({ customer, onClear }: { customer: CustomerChoice; onClear: () => void }) {
  return (
    <Paper withBorder p="xs" data-testid="pos-customer" aria-label="Customer account" role="group">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={0}>
          <Text size="sm" fw={700}>
            {customer.name}
          </Text>
          <Text size="xs">
            {customer.customer_number} · {customer.phone_number}
          </Text>
          <Text size="xs">{balanceWords(customer.balance)}</Text>
          <Text size="xs" fw={600} data-testid="pos-customer-available">
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

type CustomerField = 'name' | 'phone_number' | 'credit_limit' | 'payment_terms_days';

/**
 * "Add customer" at the till: the customer form's rules (customerCreateSchema) on the four fields a cashier asks for,
 * saved with the customers' own call; the new customer is then the sale's.
 */
function AddCustomerDialog({
  typed,
  onClose,
  onAdded,
}: {
  /** What was typed in the picker: a phone number or a name to start from. */
  typed: string;
  onClose: () => void;
  onAdded: (customer: CustomerChoice) => void;
}) {
  const looksLikePhone = /^\+?[\d\s-]+$/.test(typed);
  const [values, setValues] = useState({
    name: looksLikePhone ? '' : typed,
    phone_number: looksLikePhone ? withLeadingZero(typed) : '',
    credit_limit: 0 as number | string,
    payment_terms_days: DEFAULT_PAYMENT_TERMS_DAYS as number | string,
  });
  const [errors, setErrors] = useState<Partial<Record<CustomerField, string>>>({});
  const [failure, setFailure] = useState<string>();
  const add = useAddCustomer();
  const set = (patch: Partial<typeof values>) => setValues((v) => ({ ...v, ...patch }));

  const save = async () => {
    setFailure(undefined);
    const parsed = customerCreateSchema.safeParse({
      ...values,
      credit_limit: values.credit_limit === '' ? undefined : values.credit_limit,
      payment_terms_days: values.payment_terms_days === '' ? undefined : values.payment_terms_days,
    });
    if (!parsed.success) {
      const found: Partial<Record<CustomerField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as CustomerField;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const answer = await add.mutateAsync(parsed.data);
      const { credit_limit, phone_number } = parsed.data;
      onAdded({
        id: answer.data.id,
        customer_number: answer.data.customer_number,
        name: answer.data.name,
        phone_number,
        balance: 0,
        credit_limit,
        available_credit: credit_limit,
      });
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) setErrors({ phone_number: err.message });
      else if (err instanceof ApiError && err.status === 422)
        setErrors(Object.fromEntries(Object.entries(err.errors).map(([field, messages]) => [field, messages[0]])));
      else if (err instanceof ApiError && err.status === 0)
        setFailure('No connection: a customer can be added once the connection returns.');
      else setFailure(errorMessage(err, 'The customer could not be added. Please try again.'));
    }
  };

  return (
    <Modal opened onClose={onClose} title="Add customer" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // The dialog sits in a portal, but React still passes its submit up to the page it was opened from.
          event.stopPropagation();
          void save();
        }}
      >
        <Stack>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label="Name"
            data-autofocus
            maxLength={150}
            value={values.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={errors.name}
          />
          <TextInput
            label="Phone number"
            inputMode="numeric"
            maxLength={18}
            value={values.phone_number}
            onChange={(e) => set({ phone_number: withLeadingZero(e.currentTarget.value) })}
            error={errors.phone_number}
          />
          <SimpleGrid cols={2}>
            <NumberInput
              label="Credit limit (UGX)"
              description="0: no buying on account"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              thousandSeparator=","
              allowNegative={false}
              allowDecimal={false}
              hideControls
              value={values.credit_limit}
              onChange={(v) => set({ credit_limit: v })}
              error={errors.credit_limit}
            />
            <NumberInput
              label="Payment terms (days)"
              description="Days until a sale on account is due"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              allowNegative={false}
              allowDecimal={false}
              hideControls
              value={values.payment_terms_days}
              onChange={(v) => set({ payment_terms_days: v })}
              error={errors.payment_terms_days}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Save customer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
