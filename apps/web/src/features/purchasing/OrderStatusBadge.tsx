import { PURCHASE_ORDER_STATUS_LABELS, type PurchaseOrderStatus } from '@duka/shared';
import { StatusBadge } from '../../components/StatusBadge.tsx';

const COLORS: Record<PurchaseOrderStatus, string> = {
  OPEN: 'blue',
  PARTLY_RECEIVED: 'yellow',
  RECEIVED: 'green',
  CANCELLED: 'red',
};

/** An order's status in words ("Partly received"), on its colour. */
export function OrderStatusBadge({ status }: { status: PurchaseOrderStatus }) {
  return <StatusBadge label={PURCHASE_ORDER_STATUS_LABELS[status]} color={COLORS[status]} />;
}

/** Edited while nothing is received; cancelled, and goods received against it, while something remains to come. */
export const mayEdit = (status: PurchaseOrderStatus) => status === 'OPEN';
export const mayCancel = (status: PurchaseOrderStatus) => status === 'OPEN' || status === 'PARTLY_RECEIVED';
export const mayReceive = mayCancel;
