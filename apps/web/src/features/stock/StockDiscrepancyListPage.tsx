import { type DiscrepancyRow, discrepancyList, formatQuantity, missingQuantity, quantityWithUnit } from '@duka/shared';
import { Badge, Button, Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePermissions } from '../../api/permissions.ts';
import { useRefreshResolved } from '../../api/stock.ts';
import { ListPage } from '../../components/list/ListPage.tsx';
import { declaredFilterKey, declaredList } from '../../components/list/report-cells.tsx';
import { ResolveDiscrepancyDialog } from './ResolveDiscrepancyDialog.tsx';

const STATUS_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'all', label: 'All' },
];

const RESOLUTION_LABELS = { WRITE_OFF: 'Written off', STOCK_RECEIVED: 'Stock received', RETURNED: 'Returned' };

/** What is still missing, and what returns of the sale brought back of the shortfall. */
const shortBy = (d: DiscrepancyRow) =>
  quantityWithUnit(Number(d.returned_quantity) > 0 && !d.resolved_at ? missingQuantity(d) : d.quantity, {
    name: d.measurement_name,
    plural: d.measurement_plural,
  }) + (Number(d.returned_quantity) > 0 ? ` (${formatQuantity(d.returned_quantity)} came back)` : '');

/**
 * Stock discrepancies: what offline sales took beyond a batch's recorded balance when they reached the
 * server (columns as declared: discrepancyList). Open ones first; a manager resolves each by a count write-off or by
 * noting stock received.
 */
export function StockDiscrepancyListPage() {
  const { can } = usePermissions();
  const refreshResolved = useRefreshResolved();
  const [resolving, setResolving] = useState<DiscrepancyRow | null>(null);
  return (
    <>
      <ListPage
        title="Stock Discrepancies"
        {...declaredList(discrepancyList, {
          quantity: shortBy,
          sale_number: (d) =>
            can('salesReceipt') ? <Link to={`/salesreceipt/${d.sale_id}`}>{d.sale_number}</Link> : d.sale_number,
          resolution_kind: (d) =>
            d.resolved_at ? (
              <Badge color="green" variant="light" title={d.resolution_note ?? ''}>
                {RESOLUTION_LABELS[d.resolution_kind ?? 'STOCK_RECEIVED']}
              </Badge>
            ) : (
              <Badge color="orange" variant="light">
                Open
              </Badge>
            ),
        })}
        filters={{
          permission: declaredFilterKey(discrepancyList),
          initial: { status: 'open' },
          render: (values, set) => (
            <Select
              label="Status"
              data={STATUS_OPTIONS}
              value={values.status || 'open'}
              onChange={(v) => set('status', v ?? 'open')}
              allowDeselect={false}
            />
          ),
        }}
        rowActions={(d) =>
          !d.resolved_at && can('stockDiscrepancyResolve') ? (
            <Button size="xs" variant="light" onClick={() => setResolving(d)}>
              Resolve
            </Button>
          ) : null
        }
      />
      {resolving && (
        <ResolveDiscrepancyDialog
          row={resolving}
          onClose={() => setResolving(null)}
          onResolved={async (message) => {
            setResolving(null);
            notifications.show({ color: 'green', message });
            // The list, the dashboard's alert that counts the open ones, and the stock a write-off took.
            await refreshResolved();
          }}
        />
      )}
    </>
  );
}
