import {
  formatDay,
  formatMoney,
  formatQuantity,
  NO_BRAND,
  type PurchaseOrderShown,
  quantityWithUnit,
} from '@duka/shared';
import { Button, Group, Table, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { usePermissions } from '../../api/permissions.ts';
import { downloadPurchaseOrder, usePurchaseOrder } from '../../api/purchasing.ts';
import { useBusinessInfo } from '../../api/sales.ts';
import { DownloadPdfButton, WhatsAppButton } from '../../components/DocumentButtons.tsx';
import { FormAlerts } from '../../components/FormAlerts.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { RecordTable } from '../../components/RecordTable.tsx';
import { ShowFrame } from '../../components/ShowFrame.tsx';
import { figures, TableHead } from '../../components/TableHead.tsx';
import { TableScroll } from '../../components/TableScroll.tsx';
import { CancelOrderDialog } from './CancelOrderDialog.tsx';
import { mayCancel, mayEdit, mayReceive, OrderStatusBadge } from './OrderStatusBadge.tsx';
import { orderWhatsAppLink } from './order-share.ts';

const orNA = (value: string | null | undefined) => value || 'N/A';

/**
 * One purchase order: its supplier and dates, its lines with what came in and what remains (in the unit ordered), and
 * the total; sent to the supplier as the server's PDF or a WhatsApp message, edited while nothing is received and
 * cancelled with a reason.
 */
export function PurchaseOrderShowPage() {
  const { id } = useParams();
  const order = usePurchaseOrder(id);
  const { can } = usePermissions();
  const businessName = useBusinessInfo().data?.business_name || 'Duka';
  const [cancelling, setCancelling] = useState(false);
  const [notice, setNotice] = useState<string>();
  if (order.isPending) return <PageLoader />;
  if (order.isError) return <FormAlerts state={{ error: errorMessage(order.error) }} onClose={() => order.refetch()} />;
  const o = order.data;
  return (
    <>
      <ShowFrame
        title={`Purchase Order ${o.po_number}`}
        trail={[{ label: 'Purchase Orders', to: '/purchaseorderlist' }, { label: 'View' }]}
        notice={<FormAlerts state={{ success: notice }} onClose={() => setNotice(undefined)} />}
        actions={(onError) => (
          <Group gap="xs">
            <DownloadPdfButton download={() => downloadPurchaseOrder(o.id, o.po_number)} onError={onError} />
            <WhatsAppButton href={orderWhatsAppLink(o, businessName)} />
            {can('goodsReceivedAdd') && mayReceive(o.status) && (
              <Button component={Link} to={`/goodsreceivedcreate?purchase_order_id=${o.id}`}>
                Receive goods
              </Button>
            )}
            {can('purchaseOrderEdit') && mayEdit(o.status) && (
              <Button variant="default" component={Link} to={`/purchaseorderupdate/${o.id}`}>
                Edit
              </Button>
            )}
            {can('purchaseOrderCancel') && mayCancel(o.status) && (
              <Button color="red" variant="light" onClick={() => setCancelling(true)}>
                Cancel order
              </Button>
            )}
          </Group>
        )}
        maw={1100}
      >
        <RecordTable rows={detailRows(o)} labelWidth={200} />
        <TableScroll label="Order lines" minWidth={800} mt="md">
          <Table withTableBorder striped>
            <TableHead
              headings={[
                'Product',
                'Brand',
                'Unit',
                ...figures('Ordered', 'Received', 'Remaining', 'Unit Cost', 'Line Total'),
              ]}
            />
            <Table.Tbody>
              {o.lines.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{l.product.name}</Table.Td>
                  <Table.Td>{l.brand?.name ?? NO_BRAND}</Table.Td>
                  <Table.Td>
                    {l.unit.name}
                    {l.factor !== 1 && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        ({quantityWithUnit(l.factor, l.base_unit)})
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{formatQuantity(l.ordered)}</Table.Td>
                  <Table.Td ta="right">{formatQuantity(l.received)}</Table.Td>
                  <Table.Td ta="right">{formatQuantity(l.remaining)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(l.unit_cost)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(l.line_total)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={7}>Total (UGX)</Table.Th>
                <Table.Th ta="right" data-testid="order-total">
                  {formatMoney(o.total_amount)}
                </Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </TableScroll>
      </ShowFrame>
      {cancelling && (
        <CancelOrderDialog
          order={o}
          onClose={() => setCancelling(false)}
          onCancelled={(message) => {
            setCancelling(false);
            setNotice(message);
          }}
        />
      )}
    </>
  );
}

const detailRows = (o: PurchaseOrderShown): [string, ReactNode][] => [
  ['PO Number', o.po_number],
  ['Status', <OrderStatusBadge key="status" status={o.status} />],
  ['Supplier', o.supplier.name],
  ['Supplier Phone', orNA(o.supplier.phone_number)],
  ['Expected Date', orNA(o.expected_date)],
  ['Notes', orNA(o.notes)],
  ...(o.cancel_reason ? ([['Cancel Reason', o.cancel_reason]] as [string, string][]) : []),
  ['Created By', orNA(o.user?.name)],
  ['Date', formatDay(o.created_at)],
];
