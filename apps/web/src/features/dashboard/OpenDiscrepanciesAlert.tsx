import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { usePermissions } from '../../api/permissions.ts';
import { useOpenDiscrepancyCount } from '../../api/stock.ts';
import { useIdleReached } from '../../platform/when-idle.ts';

// An offline sale that found its batch short leaves a stock discrepancy, shown here until a manager resolves
// it. Only for those who may see discrepancies; nothing at all while none is open.
export function OpenDiscrepanciesAlert() {
  const { can } = usePermissions();
  const allowed = can('stockDiscrepancyList');
  // Asked once the dashboard is on show: its request does not delay the dashboard's figures.
  const isIdle = useIdleReached();
  const count = useOpenDiscrepancyCount(allowed && isIdle);
  const open = count.data ?? 0;
  if (!allowed || open === 0) return null;
  return (
    <Alert color="orange" title="Stock discrepancies to resolve" mb="md" data-testid="open-discrepancies">
      {open === 1
        ? 'An offline sale found its batch short: 1 stock discrepancy is open. '
        : `Offline sales found their batches short: ${open} stock discrepancies are open. `}
      <Anchor component={Link} to="/stockdiscrepancies">
        Review stock discrepancies
      </Anchor>
    </Alert>
  );
}
