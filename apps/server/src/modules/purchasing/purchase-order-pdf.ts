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
import PDFDocument from 'pdfkit';
import { datedFileName, startDownload } from '../../platform/exports.ts';

interface Business {
  business_name: string;
  business_address: string;
  business_tin: string;
  business_contact: string;
  business_email: string;
}

/** The table's columns: header, x, width, right-aligned. */
const COLUMNS = [
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
  startDownload(reply, datedFileName(`purchase_order_${order.po_number}`, 'pdf', timeZone), 'pdf');
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Purchase order ${order.po_number}` } });
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(business.business_name || 'Purchase Order', { align: 'center' });
  doc.font('Helvetica').fontSize(9);
  for (const line of [
    business.business_address,
    business.business_tin && `TIN: ${business.business_tin}`,
    [business.business_contact, business.business_email].filter(Boolean).join(' · '),
  ])
    if (line) doc.text(line, { align: 'center' });
  doc.moveDown().font('Helvetica-Bold').fontSize(13).text('PURCHASE ORDER', { align: 'center' }).moveDown(0.5);
  doc.font('Helvetica').fontSize(10);
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

  const row = (cells: readonly string[], bold = false) => {
    if (doc.y > 770) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    let height = 0;
    COLUMNS.forEach(([, x, width, right], i) => {
      const text = cells[i] ?? '';
      doc.text(text, x, y, { width, align: right ? 'right' : 'left' });
      height = Math.max(height, doc.heightOfString(text, { width }));
    });
    doc.x = 50;
    doc.y = y + Math.max(14, height + 4);
  };
  row(
    COLUMNS.map(([header]) => header),
    true,
  );
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
