import {
  formatDay,
  formatMoney,
  GOODS_RECEIVED_PAYMENT_LABELS,
  type GoodsReceivedShown,
  NO_BRAND,
  paymentLabel,
  quantityWithUnit,
} from '@duka/shared';
import { Anchor, Table, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { downloadGoodsReceived, useGoodsReceived } from '../../api/purchasing.ts';
import { DownloadPdfButton } from '../../components/DocumentButtons.tsx';
import { FormAlerts } from '../../components/FormAlerts.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { RecordTable } from '../../components/RecordTable.tsx';
import { ShowFrame } from '../../components/ShowFrame.tsx';
import { figures, TableHead } from '../../components/TableHead.tsx';
import { TableScroll } from '../../components/TableScroll.tsx';

const orNA = (value: string | null | undefined) => value || 'N/A';

/**
 * One receipt of goods: its supplier, order, days, invoice and how it was settled; its lines with the batch each
 * became and its share of the landed costs; the goods' value and what of it is still owed. Opened after a save with
 * the save's message.
 */
export function GoodsReceivedShowPage() {
  const { id } = useParams();
  const receipt = useGoodsReceived(id);
  const saved = (useLocation().state as { notice?: string } | null)?.notice;
  const [notice, setNotice] = useState(saved);
  if (receipt.isPending) return <PageLoader />;
  if (receipt.isError)
    return <FormAlerts state={{ error: errorMessage(receipt.error) }} onClose={() => receipt.refetch()} />;
  const g = receipt.data;
  return (
    <ShowFrame
      title={`Goods Received ${g.grn_number}`}
      trail={[{ label: 'Goods Received', to: '/goodsreceivedlist' }, { label: 'View' }]}
      notice={<FormAlerts state={{ success: notice }} onClose={() => setNotice(undefined)} />}
      actions={(onError) => (
        <DownloadPdfButton download={() => downloadGoodsReceived(g.id, g.grn_number)} onError={onError} />
      )}
      maw={1200}
    >
      <RecordTable rows={detailRows(g)} labelWidth={200} />
      <TableScroll label="Goods received lines" minWidth={1000} mt="md">
        <Table withTableBorder striped>
          <TableHead
            headings={[
              'Product',
              'Brand',
              ...figures('Quantity', 'Unit Cost', 'Sale Price', 'Line Value', 'Landed Cost Share'),
              'Batch Number',
            ]}
          />
          <Table.Tbody>
            {g.lines.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>{l.product.name}</Table.Td>
                <Table.Td>{l.brand?.name ?? NO_BRAND}</Table.Td>
                <Table.Td ta="right">
                  {quantityWithUnit(l.quantity, l.unit)}
                  {l.factor !== 1 && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      (= {quantityWithUnit(l.quantity * l.factor, l.base_unit)})
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(l.unit_cost)}</Table.Td>
                <Table.Td ta="right">{formatMoney(l.sale_price)}</Table.Td>
                <Table.Td ta="right">{formatMoney(l.line_value)}</Table.Td>
                <Table.Td ta="right">{formatMoney(l.landed_cost)}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/stockshow/${l.batch.id}`} fz="inherit">
                    {l.batch.batch_number}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={5}>Goods Value (UGX)</Table.Th>
              <Table.Th ta="right" data-testid="goods-value">
                {formatMoney(g.goods_value)}
              </Table.Th>
              <Table.Th ta="right" data-testid="landed-costs">
                {formatMoney(g.landed_costs)}
              </Table.Th>
              <Table.Th />
            </Table.Tr>
            <Table.Tr>
              <Table.Th colSpan={5}>Amount Due (UGX)</Table.Th>
              <Table.Th ta="right" data-testid="amount-due">
                {formatMoney(g.amount_due)}
              </Table.Th>
              <Table.Th colSpan={2} />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </TableScroll>
    </ShowFrame>
  );
}

/** How the goods were settled: on credit, or paid by a method with its reference. */
const paymentText = (g: GoodsReceivedShown) =>
  g.payment === 'PAID' && g.payment_method
    ? `${GOODS_RECEIVED_PAYMENT_LABELS.PAID}: ${paymentLabel(g.payment_method)}${
        g.payment_reference ? ` (${g.payment_reference})` : ''
      }`
    : GOODS_RECEIVED_PAYMENT_LABELS[g.payment];

const detailRows = (g: GoodsReceivedShown): [string, ReactNode][] => [
  ['GRN Number', g.grn_number],
  ['Supplier', g.supplier.name],
  [
    'Purchase Order',
    g.purchase_order ? (
      <Anchor key="order" component={Link} to={`/purchaseordershow/${g.purchase_order.id}`} fz="inherit">
        {g.purchase_order.po_number}
      </Anchor>
    ) : (
      'N/A'
    ),
  ],
  ['Received Date', g.received_date],
  ['Supplier Invoice Number', orNA(g.supplier_invoice_number)],
  ['Payment', paymentText(g)],
  [
    'Landed Costs',
    g.landed_costs > 0 && g.landed_costs_method
      ? `UGX ${formatMoney(g.landed_costs)}, paid by ${paymentLabel(g.landed_costs_method)}`
      : `UGX ${formatMoney(g.landed_costs)}`,
  ],
  ['Received By', orNA(g.user?.name)],
  ['Recorded', formatDay(g.created_at)],
];
