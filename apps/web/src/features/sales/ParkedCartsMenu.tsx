import { formatMoney, lineTotal } from '@duka/shared';
import { Button, Menu, Text } from '@mantine/core';
import type { ParkedCart } from './parked-carts.ts';

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** The parked carts, newest last, each with its customer, lines, total and the time it was parked. */
export function ParkedCartsMenu({
  parked,
  onRecall,
  className,
}: {
  parked: ParkedCart[];
  onRecall: (id: string) => void;
  className?: string;
}) {
  return (
    <Menu position="top-end" withinPortal>
      <Menu.Target>
        <Button variant="default" disabled={parked.length === 0} className={className}>
          Parked carts ({parked.length})
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Recall a parked cart</Menu.Label>
        {parked.map((p) => {
          const total = p.lines.reduce((sum, l) => sum + lineTotal(l.quantity, l.salePrice), 0);
          return (
            <Menu.Item key={p.id} onClick={() => onRecall(p.id)}>
              <Text size="sm" fw={600}>
                {p.draft.customer.name}
              </Text>
              <Text size="xs" c="dark.3">
                {p.lines.length} {p.lines.length === 1 ? 'line' : 'lines'} · UGX {formatMoney(total)} · parked{' '}
                {time(p.parkedAt)}
              </Text>
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
