import { type DeliveryNoteShown, formatDay, formatQuantity } from '@duka/shared';
import { Anchor, Button, Group, Table } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { usePermissions } from '../../api/permissions.ts';
import { downloadDeliveryNote, useDeliveryNote } from '../../api/quotations.ts';
import { DownloadPdfButton } from '../../components/DocumentButtons.tsx';
import { FormAlerts } from '../../components/FormAlerts.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { RecordTable } from '../../components/RecordTable.tsx';
import { ShowFrame } from '../../components/ShowFrame.tsx';
import { figures, TableHead } from '../../components/TableHead.tsx';
import { TableScroll } from '../../components/TableScroll.tsx';

const orNA = (value: string | null | undefined) => value || 'N/A';

/**
 * One delivery note: the sale it collects from, the vehicle, driver and receiver, and each line with what left on this
 * trip and what remained in the yard right after it; the server's A4 PDF for the receiver to sign. Opened after a save
 * with the save's message.
 */
export function DeliveryNoteShowPage() {
  const { id } = useParams();
  const note = useDeliveryNote(id);
  const { can } = usePermissions();
  const saved = (useLocation().state as { notice?: string } | null)?.notice;
  const [notice, setNotice] = useState(saved);
  if (note.isPending) return <PageLoader />;
  if (note.isError) return <FormAlerts state={{ error: errorMessage(note.error) }} onClose={() => note.refetch()} />;
  const d = note.data;
  const isLeft = d.lines.some((l) => l.remaining_after > 0);
  return (
    <ShowFrame
      title={`Delivery Note ${d.delivery_number}`}
      trail={[{ label: 'Delivery Notes', to: '/deliverynotelist' }, { label: 'View' }]}
      notice={<FormAlerts state={{ success: notice }} onClose={() => setNotice(undefined)} />}
      actions={(onError) => (
        <Group gap="xs">
          <DownloadPdfButton download={() => downloadDeliveryNote(d.id, d.delivery_number)} onError={onError} />
          {isLeft && can('deliveryNoteAdd') && (
            <Button component={Link} to={`/deliverynotecreate?sale_id=${d.sale_id}`}>
              Next trip
            </Button>
          )}
        </Group>
      )}
      maw={1000}
    >
      <RecordTable rows={detailRows(d)} labelWidth={200} />
      <TableScroll label="Delivery note lines" minWidth={700} mt="md">
        <Table withTableBorder striped>
          <TableHead headings={['Product', 'Brand', 'Unit', ...figures('Delivered', 'Remaining After')]} />
          <Table.Tbody>
            {d.lines.map((l, row) => (
              <Table.Tr key={l.sale_item_id}>
                <Table.Td>{l.product_name}</Table.Td>
                <Table.Td>{l.brand_name}</Table.Td>
                <Table.Td>{l.unit.name}</Table.Td>
                <Table.Td ta="right">{formatQuantity(l.quantity)}</Table.Td>
                <Table.Td ta="right" data-testid={`remaining-after-${row + 1}`}>
                  {formatQuantity(l.remaining_after)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </ShowFrame>
  );
}

const detailRows = (d: DeliveryNoteShown): [string, ReactNode][] => [
  ['Delivery Number', d.delivery_number],
  [
    'Receipt',
    <Anchor key="receipt" component={Link} to={`/salesreceipt/${d.sale_id}`} fz="inherit">
      No. {d.receipt_number ?? d.sale_id}
    </Anchor>,
  ],
  ['Customer', d.customer_name],
  ['Customer Phone', d.customer_phone],
  ['Vehicle', orNA(d.vehicle)],
  ['Driver', orNA(d.driver)],
  ['Received By', orNA(d.received_by)],
  ['Issued By', orNA(d.user?.name)],
  ['Date', formatDay(d.created_at)],
];
