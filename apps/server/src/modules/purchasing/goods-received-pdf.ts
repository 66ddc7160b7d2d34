// Goods received as an A4 note: the business header, the GRN and its order and invoice numbers, the supplier, each
// line in the unit received with its value, landed cost share and batch, and how the goods were settled.
import { formatMoney, type GoodsReceivedShown, NO_BRAND, paymentLabel, quantityWithUnit } from '@duka/shared';
import type { FastifyReply } from 'fastify';
import { type Business, headerRow, type PdfColumn, startA4, tableRow } from '../../platform/a4-pdf.ts';

const COLUMNS: readonly PdfColumn[] = [
  ['#', 50, 18, false],
  ['Product', 70, 110, false],
  ['Brand', 182, 60, false],
  ['Quantity', 244, 70, true],
  ['Unit Cost', 316, 60, true],
  ['Value', 378, 65, true],
  ['Landed', 445, 45, true],
  ['Batch', 492, 60, false],
];

export function sendGoodsReceivedPdf(
  reply: FastifyReply,
  business: Business,
  receipt: GoodsReceivedShown,
  timeZone: string,
) {
  const doc = startA4(reply, business, {
    title: `Goods received ${receipt.grn_number}`,
    heading: 'GOODS RECEIVED NOTE',
    fileName: `goods_received_${receipt.grn_number}`,
    timeZone,
  });
  doc.text(`GRN number: ${receipt.grn_number}`);
  doc.text(`Received: ${receipt.received_date}`);
  if (receipt.purchase_order) doc.text(`Against order: ${receipt.purchase_order.po_number}`);
  if (receipt.supplier_invoice_number) doc.text(`Supplier invoice: ${receipt.supplier_invoice_number}`);
  const { supplier } = receipt;
  doc.moveDown(0.5).font('Helvetica-Bold').text(`From: ${supplier.name}`).font('Helvetica');
  if (supplier.phone_number) doc.text(`Phone: ${supplier.phone_number}`);
  if (supplier.tin) doc.text(`TIN: ${supplier.tin}`);
  doc.moveDown();
  headerRow(doc, COLUMNS);
  receipt.lines.forEach((l, i) => {
    tableRow(doc, COLUMNS, [
      String(i + 1),
      l.product.name,
      l.brand?.name ?? NO_BRAND,
      quantityWithUnit(l.quantity, l.unit),
      formatMoney(l.unit_cost),
      formatMoney(l.line_value),
      formatMoney(l.landed_cost),
      l.batch.batch_number,
    ]);
  });
  tableRow(doc, COLUMNS, ['', '', '', '', 'Goods value', formatMoney(receipt.goods_value)], true);
  doc.moveDown().fontSize(10);
  if (receipt.landed_costs > 0)
    doc.text(
      `Landed costs: UGX ${formatMoney(receipt.landed_costs)}, paid by ${paymentLabel(receipt.landed_costs_method ?? 'CASH')}, spread over the lines by value`,
      50,
    );
  doc.text(
    receipt.payment === 'CREDIT'
      ? `On credit: UGX ${formatMoney(receipt.amount_due)} of UGX ${formatMoney(receipt.goods_value)} still to pay`
      : `Paid when received by ${paymentLabel(receipt.payment_method ?? 'CASH')}${receipt.payment_reference ? ` (ref ${receipt.payment_reference})` : ''}`,
    50,
  );
  if (receipt.user) doc.text(`Received by: ${receipt.user.name}`, 50);
  doc.end();
  return reply.send(doc);
}
