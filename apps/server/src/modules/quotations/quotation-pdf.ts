// A quotation as an A4 PDF for the contractor's client: the business header with its TIN, the number, date and
// validity, the customer, each line in the unit quoted, the discount, the total with the VAT inside it as invoices
// show it, the notes and the business's legal disclaimer.
import { formatDay, formatMoney, NO_BRAND, type QuotationShown, quantityWithUnit } from '@duka/shared';
import type { FastifyReply } from 'fastify';
import { type Business, headerRow, type PdfColumn, startA4, tableRow } from '../../platform/a4-pdf.ts';

const COLUMNS: readonly PdfColumn[] = [
  ['#', 50, 20, false],
  ['Product', 72, 150, false],
  ['Brand', 224, 80, false],
  ['Quantity', 306, 90, true],
  ['Unit Price', 398, 70, true],
  ['Total', 470, 75, true],
];

export function sendQuotationPdf(
  reply: FastifyReply,
  business: Business & { business_legal_disclaimer?: string | null },
  quotation: QuotationShown,
  timeZone: string,
) {
  const doc = startA4(reply, business, {
    title: `Quotation ${quotation.quotation_number}`,
    heading: 'QUOTATION',
    fileName: `quotation_${quotation.quotation_number}`,
    timeZone,
  });
  doc.text(`Quotation number: ${quotation.quotation_number}`);
  doc.text(`Date: ${formatDay(quotation.created_at, timeZone)}`);
  doc.text(`Valid until: ${quotation.valid_until}`);
  doc.moveDown(0.5);
  const { customer } = quotation;
  doc
    .font('Helvetica-Bold')
    .text(`For: ${customer.name}${customer.customer_number ? ` (${customer.customer_number})` : ''}`);
  doc.font('Helvetica').text(`Phone: ${customer.phone_number}`);
  doc.moveDown();
  headerRow(doc, COLUMNS);
  quotation.lines.forEach((l, i) => {
    tableRow(doc, COLUMNS, [
      String(i + 1),
      l.product.name,
      l.brand?.name ?? NO_BRAND,
      quantityWithUnit(l.quantity, l.unit),
      formatMoney(l.unit_price),
      formatMoney(l.line_total),
    ]);
  });
  const sum = (label: string, amount: string) => tableRow(doc, COLUMNS, ['', '', '', '', label, amount], true);
  sum('Subtotal', formatMoney(quotation.subtotal));
  if (quotation.discount_amount > 0)
    sum(`Discount ${quotation.discount_percent}%`, `-${formatMoney(quotation.discount_amount)}`);
  sum('Total (UGX)', formatMoney(quotation.total_amount));
  if (quotation.vat_rate > 0) sum(`incl. VAT ${quotation.vat_rate}%`, formatMoney(quotation.vat_amount));
  if (quotation.notes) {
    doc.moveDown().font('Helvetica-Bold').fontSize(10).text('Notes', 50);
    doc.font('Helvetica').fontSize(9).text(quotation.notes, 50);
  }
  doc.moveDown().fontSize(9).text('Prices hold until the date above. Goods are reserved only once paid for.', 50);
  if (business.business_legal_disclaimer) doc.moveDown(0.5).fontSize(8).text(business.business_legal_disclaimer, 50);
  doc.end();
  return reply.send(doc);
}
