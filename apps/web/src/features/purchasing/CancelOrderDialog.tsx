import { useCancelPurchaseOrder } from '../../api/purchasing.ts';
import { CancelWithReasonDialog } from '../../components/CancelWithReasonDialog.tsx';

/** Cancels an order with its reason; a refusal (received in full, cancelled already) says why. */
export function CancelOrderDialog({
  order,
  onClose,
  onCancelled,
}: {
  order: { id: number; po_number: string };
  onClose: () => void;
  onCancelled: (message: string) => void;
}) {
  const cancel = useCancelPurchaseOrder();
  return (
    <CancelWithReasonDialog
      what="order"
      number={order.po_number}
      note="The order stays on the list as cancelled, with the reason; goods already received stay in stock."
      cancel={(reason) => cancel.mutateAsync({ id: order.id, reason })}
      pending={cancel.isPending}
      onClose={onClose}
      onCancelled={onCancelled}
    />
  );
}
