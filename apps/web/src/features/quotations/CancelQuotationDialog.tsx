import { useCancelQuotation } from '../../api/quotations.ts';
import { CancelWithReasonDialog } from '../../components/CancelWithReasonDialog.tsx';

/** Cancels a quotation with its reason; a refusal (converted or cancelled meanwhile) says why. */
export function CancelQuotationDialog({
  quotation,
  onClose,
  onCancelled,
}: {
  quotation: { id: number; quotation_number: string };
  onClose: () => void;
  onCancelled: (message: string) => void;
}) {
  const cancel = useCancelQuotation();
  return (
    <CancelWithReasonDialog
      what="quotation"
      number={quotation.quotation_number}
      note="The quotation stays on the list as cancelled, with the reason; it can no longer be sold."
      cancel={(reason) => cancel.mutateAsync({ id: quotation.id, reason })}
      pending={cancel.isPending}
      onClose={onClose}
      onCancelled={onCancelled}
    />
  );
}
