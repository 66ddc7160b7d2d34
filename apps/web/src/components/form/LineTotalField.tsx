import { formatMoney, lineTotal } from '@duka/shared';
import { ActionIcon, Group, TextInput } from '@mantine/core';

/**
 * round(quantity × price) as the server will store it (the shared half-up rule), for what a line's fields hold while
 * typed: a blank or unfinished figure counts as 0, a price with decimals (refused when saved) is rounded first.
 */
export const typedLineTotal = (quantity: unknown, price: unknown) =>
  lineTotal(Number(quantity) || 0, Math.round(Number(price) || 0));

/**
 * The end of a document line (an order's, a receipt's, a quotation's): its total, read-only and worked out as it is
 * typed, and the button that removes the line. `amount` null: not known yet, `placeholder` says when it will be.
 */
export function LineTotalField({
  index,
  label,
  amount,
  placeholder,
  onRemove,
}: {
  index: number;
  label: string;
  amount: number | null;
  placeholder?: string;
  onRemove?: () => void;
}) {
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput
        label={label}
        aria-label={`Line ${index + 1} ${label.replace(/^Line /, '').toLowerCase()}`}
        readOnly
        variant="filled"
        placeholder={placeholder}
        value={amount === null ? '' : formatMoney(amount)}
        styles={{ input: { textAlign: 'right' } }}
      />
      {onRemove && (
        <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove line ${index + 1}`} onClick={onRemove}>
          ×
        </ActionIcon>
      )}
    </Group>
  );
}
