import { type CustomerChoice, customerCreateSchema, DEFAULT_PAYMENT_TERMS_DAYS, formatMoney } from '@duka/shared';
import {
  Alert,
  Button,
  Combobox,
  Group,
  Modal,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  type TextInputProps,
  useCombobox,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../api/client.ts';
import { useAddCustomer, useCustomerSearch } from '../../api/customers-pos.ts';
import { usePermissions } from '../../api/permissions.ts';
import { GroupedNumberInput } from '../../components/form/GroupedNumberInput.tsx';
import { withLeadingZero } from '../profile/phone.ts';

// The customer a sale is for, at the POS. The walk-in name and phone fields search the debt book as the cashier types
// (the server's picker, or the till's local copy offline): customers found by name or phone are offered with what they
// owe and what credit they have left, and one chosen takes the two fields' place. Cleared, the sale is a walk-in sale
// again with the free-text name and phone as they were. "+ New" adds a customer in place.

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
        <AddCustomerDialog
          start={start}
          onClose={() => setAdding(false)}
          onAdded={(customer) => {
            setAdding(false);
            onAdded(customer);
          }}
        />
      )}
    </>
  );
}

type CustomerField = 'name' | 'phone_number' | 'credit_limit' | 'payment_terms_days';

/**
 * A new customer added at the till: the customer form's rules (customerCreateSchema) on the four fields a cashier asks for,
 * saved with the customers' own call; the new customer is then the sale's.
 */
function AddCustomerDialog({
  start,
  onClose,
  onAdded,
}: {
  start: { name: string; phone_number: string };
  onClose: () => void;
  onAdded: (customer: CustomerChoice) => void;
}) {
  const [values, setValues] = useState({
    ...start,
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
    <Modal opened onClose={onClose} title="New customer" centered closeButtonProps={{ 'aria-label': 'Close' }}>
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
            <GroupedNumberInput
              label="Credit limit (UGX)"
              description="0: no buying on account"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
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
