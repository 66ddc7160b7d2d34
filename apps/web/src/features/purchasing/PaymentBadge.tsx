import type { GoodsReceivedPayment } from '@duka/shared';
import { StatusBadge } from '../../components/StatusBadge.tsx';

const LABELS: Record<GoodsReceivedPayment, string> = { CREDIT: 'On credit', PAID: 'Paid' };
const COLORS: Record<GoodsReceivedPayment, string> = { CREDIT: 'yellow', PAID: 'green' };

/** How goods received were settled, in a word: a supplier bill (on credit) or paid when received. */
export function PaymentBadge({ payment }: { payment: GoodsReceivedPayment }) {
  return <StatusBadge label={LABELS[payment]} color={COLORS[payment]} />;
}
