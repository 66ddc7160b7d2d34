import { type AwaitingDeliveryRow, awaitingDeliveryReport } from '@duka/shared';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { usePermissions } from '../../api/permissions.ts';
import { ReportPage } from '../../components/list/ReportPage.tsx';
import { textCard } from './cards.ts';

// Sold goods still waiting in the yard, oldest sale first. For those who may write delivery notes, a line's receipt
// number opens its sale's delivery screen, where the next trip is recorded.

const deliverLink = (row: Record<string, unknown>) => {
  const { sale_id: saleId, receipt_number: receipt, product_name: product } = row as AwaitingDeliveryRow;
  return (
    <Anchor
      component={Link}
      to={`/deliverynotecreate?sale_id=${saleId}`}
      fz="inherit"
      aria-label={`Deliver receipt ${receipt ?? saleId}: ${product}`}
    >
      {receipt ?? saleId} · Deliver
    </Anchor>
  );
};

export function AwaitingDeliveryReportPage() {
  const { can } = usePermissions();
  return (
    <ReportPage
      report={awaitingDeliveryReport}
      cards={[textCard('Lines Waiting', 'lines_waiting')]}
      cells={can('deliveryNoteAdd') ? { receipt_number: deliverLink } : undefined}
    />
  );
}
