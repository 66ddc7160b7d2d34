import { QUOTATION_STATUS_LABELS, type QuotationStatus } from '@duka/shared';
import { StatusBadge } from '../../components/StatusBadge.tsx';

const COLORS: Record<QuotationStatus, string> = {
  OPEN: 'blue',
  CONVERTED: 'green',
  EXPIRED: 'orange',
  CANCELLED: 'red',
};

/** A quotation's status in words ("Expired"), on its colour. */
export function QuotationStatusBadge({ status }: { status: QuotationStatus }) {
  return <StatusBadge label={QUOTATION_STATUS_LABELS[status]} color={COLORS[status]} />;
}

/**
 * An expired quotation is still open in the book (expiry is read from its valid-until day): it may be changed (to a
 * later day), cancelled, or converted at today's prices. Converted and cancelled ones stay as they are.
 */
export const isStillOpen = (status: QuotationStatus) => status === 'OPEN' || status === 'EXPIRED';
