import {
  PURCHASE_ORDER_STATUS_LABELS,
  PURCHASE_ORDER_STATUSES,
  type PurchaseOrderRecord,
  purchaseOrderList,
} from '@duka/shared';
import { Button, Group, Select } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePermissions } from '../../api/permissions.ts';
import { dateFilter } from '../../components/list/date-filter.tsx';
import { ListPage } from '../../components/list/ListPage.tsx';
import { type RowAction, RowMenu } from '../../components/list/RowMenu.tsx';
import { declaredFilterKey, declaredList } from '../../components/list/report-cells.tsx';
import { CancelOrderDialog } from './CancelOrderDialog.tsx';
import { mayCancel, mayEdit, OrderStatusBadge } from './OrderStatusBadge.tsx';

/** The row being cancelled, and how the list learns the dialog's outcome (its message, or nothing when kept). */
interface Cancelling {
  order: PurchaseOrderRecord;
  done: (answer: { message?: string }) => void;
}

/**
 * The purchase orders: columns, filters and export menu as declared (purchaseOrderList); a row is edited while
 * nothing is received and cancelled, with a reason, while something remains to come.
 */
export function PurchaseOrderListPage() {
  const { can } = usePermissions();
  const [cancelling, setCancelling] = useState<Cancelling>();
  const close = (answer: { message?: string }) => {
    cancelling?.done(answer);
    setCancelling(undefined);
  };
  return (
    <>
      {can('purchaseOrderAdd') && (
        // The list's toolbar holds only the kit's buttons: what to reorder sits above it.
        <Group justify="flex-end" mb="xs">
          <Button variant="light" component={Link} to="/purchaseordersuggestions">
            Reorder suggestions
          </Button>
        </Group>
      )}
      <ListPage
        title={purchaseOrderList.title}
        {...declaredList(purchaseOrderList, {
          status: (o: PurchaseOrderRecord) => <OrderStatusBadge status={o.status} />,
        })}
        create={{ to: '/purchaseordercreate', permission: 'purchaseOrderAdd' }}
        filters={dateFilter(declaredFilterKey(purchaseOrderList), {
          initial: { status: '' },
          render: (values, set) => (
            <Select
              label="Status"
              clearable
              data={PURCHASE_ORDER_STATUSES.map((s) => ({ value: s, label: PURCHASE_ORDER_STATUS_LABELS[s] }))}
              value={values.status || null}
              onChange={(v) => set('status', v ?? '')}
            />
          ),
        })}
        rowActions={(o, tools) => {
          const actions: RowAction[] = [
            { label: 'View', permission: 'purchaseOrderList', to: `/purchaseordershow/${o.id}` },
          ];
          if (mayEdit(o.status))
            actions.push({ label: 'Edit', permission: 'purchaseOrderEdit', to: `/purchaseorderupdate/${o.id}` });
          if (mayCancel(o.status))
            actions.push({
              label: 'Cancel',
              permission: 'purchaseOrderCancel',
              color: 'red',
              // The list shows the dialog's message and reloads once it closes.
              onClick: () => tools.run(() => new Promise((done) => setCancelling({ order: o, done }))),
            });
          return <RowMenu actions={actions} />;
        }}
      />
      {cancelling && (
        <CancelOrderDialog
          order={cancelling.order}
          onClose={() => close({})}
          onCancelled={(message) => close({ message })}
        />
      )}
    </>
  );
}
