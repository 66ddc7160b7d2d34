import { Badge } from '@mantine/core';

/** A status word on a coloured badge that never clips its text in a narrow column. */
export function StatusBadge({ label, color }: { label: string; color: string }) {
  return (
    <Badge color={color} variant="light" tt="none" style={{ minWidth: 'max-content' }}>
      {label}
    </Badge>
  );
}
