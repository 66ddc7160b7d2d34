// A delivery note as an A4 PDF: the business header, the note and its receipt, the customer, the vehicle and driver,
// what left the yard on this trip and what remains to collect after it, and lines for the receiver's signature.
import { type DeliveryNoteShown, formatDay, quantityWithUnit } from '@duka/shared';
import type { FastifyReply } from 'fastify';
import { type Business, headerRow, type PdfColumn, startA4, tableRow } from '../../platform/a4-pdf.ts';

const COLUMNS: readonly PdfColumn[] = [
  ['#', 50, 20, false],
  ['Product', 72, 170, false],
  ['Brand', 244, 90, false],
  ['Delivered', 336, 100, true],
  ['Remaining', 438, 107, true],
];

export function sendDeliveryNotePdf(
  reply: FastifyReply,
  business: Business,
  note: DeliveryNoteShown,
  timeZone: string,
) {
  const doc = startA4(reply, business, {
    title: `Delivery note ${note.delivery_number}`,
    heading: 'DELIVERY NOTE',
    fileName: `delivery_note_${note.delivery_number}`,
    timeZone,
  });
  doc.text(`Delivery note: ${note.delivery_number}`);
  doc.text(`Date: ${formatDay(note.created_at, timeZone)}`);
  doc.text(`Receipt: ${note.receipt_number ?? 'N/A'}`);
  doc.text(`Customer: ${note.customer_name} (${note.customer_phone})`);
  if (note.vehicle) doc.text(`Vehicle: ${note.vehicle}`);
  if (note.driver) doc.text(`Driver: ${note.driver}`);
  doc.moveDown();
  headerRow(doc, COLUMNS);
  note.lines.forEach((l, i) => {
    tableRow(doc, COLUMNS, [
      String(i + 1),
      l.product_name,
      l.brand_name,
      quantityWithUnit(l.quantity, l.unit),
      quantityWithUnit(l.remaining_after, l.unit),
    ]);
  });
  doc.moveDown(2).fontSize(10);
  doc.text(`Received by: ${note.received_by ?? '______________________________'}`, 50);
  doc.moveDown(1.5).text('Signature: ______________________________      Date: ______________', 50);
  doc.end();
  return reply.send(doc);
}
