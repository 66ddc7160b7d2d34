import { formatDay, formatMoney, formatQuantity, NO_BRAND, type QuotationShown } from '@duka/shared';
import { Anchor, Button, Group, Table } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { usePermissions } from '../../api/permissions.ts';
import { downloadQuotation, useQuotation } from '../../api/quotations.ts';
import { useBusinessInfo } from '../../api/sales.ts';
import { DownloadPdfButton, WhatsAppButton } from '../../components/DocumentButtons.tsx';
import { FormAlerts } from '../../components/FormAlerts.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { RecordTable } from '../../components/RecordTable.tsx';
import { ShowFrame } from '../../components/ShowFrame.tsx';
import { figures, TableHead } from '../../components/TableHead.tsx';
import { TableScroll } from '../../components/TableScroll.tsx';
import { CancelQuotationDialog } from './CancelQuotationDialog.tsx';
import { ConvertQuotationDialog } from './ConvertQuotationDialog.tsx';
import { isStillOpen, QuotationStatusBadge } from './QuotationStatusBadge.tsx';
import { quotationWhatsAppLink } from './quotation-share.ts';

const orNA = (value: string | null | undefined) => value || 'N/A';

/**
 * One quotation: its customer, validity and status, its lines in the unit quoted with the subtotal, discount, total
 * and the VAT inside it; sent to the customer as the server's PDF or a WhatsApp message; while still open, edited,
 * cancelled with a reason, or made into a sale.
 */
export function QuotationShowPage() {
  const { id } = useParams();
  const quotation = useQuotation(id);
  const { can } = usePermissions();
  const businessName = useBusinessInfo().data?.business_name || 'Duka';
  const [open, setOpen] = useState<'cancel' | 'convert'>();
  const [notice, setNotice] = useState<string>();
  if (quotation.isPending) return <PageLoader />;
  if (quotation.isError)
    return <FormAlerts state={{ error: errorMessage(quotation.error) }} onClose={() => quotation.refetch()} />;
  const q = quotation.data;
  const isOpen = isStillOpen(q.status);
  return (
    <>
      <ShowFrame
        title={`Quotation ${q.quotation_number}`}
        trail={[{ label: 'Quotations', to: '/quotationlist' }, { label: 'View' }]}
        notice={<FormAlerts state={{ success: notice }} onClose={() => setNotice(undefined)} />}
        actions={(onError) => (
          <Group gap="xs">
            <DownloadPdfButton download={() => downloadQuotation(q.id, q.quotation_number)} onError={onError} />
            <WhatsAppButton href={quotationWhatsAppLink(q, businessName)} />
            {isOpen && can('quotationEdit') && (
              <Button variant="default" component={Link} to={`/quotationupdate/${q.id}`}>
                Edit
              </Button>
            )}
            {isOpen && can('quotationCancel') && (
              <Button color="red" variant="light" onClick={() => setOpen('cancel')}>
                Cancel quotation
              </Button>
            )}
            {isOpen && can('quotationConvert') && <Button onClick={() => setOpen('convert')}>Convert to sale</Button>}
          </Group>
        )}
        maw={1100}
      >
        <RecordTable rows={detailRows(q)} labelWidth={200} />
        <TableScroll label="Quotation lines" minWidth={800} mt="md">
          <Table withTableBorder striped>
            <TableHead headings={['Product', 'Brand', 'Unit', ...figures('Quantity', 'Unit Price', 'Line Total')]} />
            <Table.Tbody>
              {q.lines.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{l.product.name}</Table.Td>
                  <Table.Td>{l.brand?.name ?? NO_BRAND}</Table.Td>
                  <Table.Td>{l.unit.name}</Table.Td>
                  <Table.Td ta="right">{formatQuantity(l.quantity)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(l.unit_price)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(l.line_total)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <FooterRow label="Subtotal (UGX)" amount={q.subtotal} testId="quotation-subtotal" />
              <FooterRow
                label={`Discount (${formatQuantity(q.discount_percent)}%)`}
                amount={q.discount_amount}
                testId="quotation-discount"
              />
              <FooterRow label="Total (UGX)" amount={q.total_amount} testId="quotation-total" />
              <FooterRow
                label={`VAT included (${formatQuantity(q.vat_rate)}%)`}
                amount={q.vat_amount}
                testId="quotation-vat"
              />
            </Table.Tfoot>
          </Table>
        </TableScroll>
      </ShowFrame>
      {open === 'cancel' && (
        <CancelQuotationDialog
          quotation={q}
          onClose={() => setOpen(undefined)}
          onCancelled={(message) => {
            setOpen(undefined);
            setNotice(message);
          }}
        />
      )}
      {open === 'convert' && <ConvertQuotationDialog quotation={q} onClose={() => setOpen(undefined)} />}
    </>
  );
}

function FooterRow({ label, amount, testId }: { label: string; amount: number; testId: string }) {
  return (
    <Table.Tr>
      <Table.Th colSpan={5}>{label}</Table.Th>
      <Table.Th ta="right" data-testid={testId}>
        {formatMoney(amount)}
      </Table.Th>
    </Table.Tr>
  );
}

const detailRows = (q: QuotationShown): [string, ReactNode][] => [
  ['Quotation Number', q.quotation_number],
  ['Status', <QuotationStatusBadge key="status" status={q.status} />],
  ['Customer', q.customer.customer_number ? `${q.customer.name} (${q.customer.customer_number})` : q.customer.name],
  ['Customer Phone', q.customer.phone_number],
  ['Valid Until', q.valid_until],
  ['Notes', orNA(q.notes)],
  ...(q.cancel_reason ? ([['Cancel Reason', q.cancel_reason]] as [string, string][]) : []),
  ...(q.sale
    ? ([
        [
          'Sale',
          <Anchor key="sale" component={Link} to={`/salesreceipt/${q.sale.id}`} fz="inherit">
            Receipt {q.sale.receipt_number ?? q.sale.id}
          </Anchor>,
        ],
      ] as [string, ReactNode][])
    : []),
  ['Created By', orNA(q.user?.name)],
  ['Date', formatDay(q.created_at)],
];
