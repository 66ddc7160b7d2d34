import { Badge, Group, Tooltip } from '@mantine/core';
import { useOnline, useOutboxCounts } from './connection.ts';
import { RefusedSalesButton } from './RefusedSales.tsx';

// Always in the top bar: online, offline, or the sales still waiting to reach the server; beside it, the
// sales the server refused for good, until the cashier sends or discards each.
export function ConnectionIndicator() {
  const online = useOnline();
  const { waiting, refused } = useOutboxCounts();
  const sales = `${waiting} ${waiting === 1 ? 'sale' : 'sales'}`;
  const [color, label, hint] = !online
    ? ['red', waiting ? `Offline · ${sales} waiting` : 'Offline', 'No connection: sales are kept on this computer.']
    : waiting
      ? ['yellow', `Sending ${sales}`, 'Sales made offline are being sent to the server.']
      : ['green', 'Online', 'Connected to the server.'];
  return (
    <Group gap="xs" wrap="nowrap">
      <Tooltip label={hint}>
        <Badge color={color} variant="light" role="status" aria-label={`Connection: ${label}`}>
          {label}
        </Badge>
      </Tooltip>
      <RefusedSalesButton count={refused} />
    </Group>
  );
}
