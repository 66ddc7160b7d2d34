// A purchase order as an A4 PDF to send to the supplier: the business header, the order's number and dates, the
// supplier, each line in the unit ordered with its cost and total, and the order's total, as a printed order reads.
import {
  formatDay,
  formatMoney,
  PURCHASE_ORDER_STATUS_LABELS,
  type PurchaseOrderShown,
  quantityWithUnit,
} from '@duka/shared';
import type { FastifyReply } from 'fastify';
import { type Business, headerRow, type PdfColumn, startA4, tableRow } from '../../platform/a4-pdf.ts';

const COLUMNS: readonly PdfColumn[] = [
  ['#', 50, 20, false],
  ['Product', 72, 150, false],
  ['Brand', 224, 80, false],
  ['Quantity', 306, 90, true],
  ['Unit Cost', 398, 70, true],
  ['Total', 470, 75, true],
] as const;

export function sendPurchaseOrderPdf(
  reply: FastifyReply,
  business: Business,
  order: PurchaseOrderShown,
  timeZone: string,
) {
  const doc = startA4(reply, business, {
    title: `Purchase order ${order.po_number}`,
    heading: 'PURCHASE ORDER',
    fileName: `purchase_order_${order.po_number}`,
    timeZone,
  });
  doc.text(`Order number: ${order.po_number}`);
  doc.text(`Date: ${formatDay(order.created_at, timeZone)}`);
  if (order.expected_date) doc.text(`Expected by: ${order.expected_date}`);
  if (order.status !== 'OPEN') doc.text(`Status: ${PURCHASE_ORDER_STATUS_LABELS[order.status]}`);
  doc.moveDown(0.5);
  const { supplier } = order;
  doc.font('Helvetica-Bold').text(`To: ${supplier.name}`);
  doc.font('Helvetica');
  for (const line of [
    supplier.address,
    `Phone: ${supplier.phone_number}${supplier.email ? `   Email: ${supplier.email}` : ''}`,
    supplier.tin && `TIN: ${supplier.tin}`,
  ])
    if (line) doc.text(line);
  doc.moveDown();

  const row = (cells: readonly string[], bold = false) => tableRow(doc, COLUMNS, cells, bold);
  headerRow(doc, COLUMNS);
  order.lines.forEach((l, i) => {
    row([
      String(i + 1),
      l.product.name,
      l.brand?.name ?? 'No brand',
      quantityWithUnit(l.ordered, l.unit),
      formatMoney(l.unit_cost),
      formatMoney(l.line_total),
    ]);
  });
  row(['', '', '', '', 'Total (UGX)', formatMoney(order.total_amount)], true);
  if (order.notes) {
    doc.moveDown().font('Helvetica-Bold').fontSize(10).text('Notes', 50);
    doc.font('Helvetica').fontSize(9).text(order.notes, 50);
  }
  if (order.cancel_reason) doc.moveDown().fontSize(9).text(`Cancelled: ${order.cancel_reason}`, 50);
  doc.end();
  return reply.send(doc);
}
