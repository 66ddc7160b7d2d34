// The A4 documents the shop sends out (purchase orders, goods received notes, statements): the business header, a
// title, and tables drawn row by row in fixed columns, a new page when one fills.
import type { FastifyReply } from 'fastify';
import PDFDocument from 'pdfkit';
import { datedFileName, startDownload } from './exports.ts';

export interface Business {
  business_name: string;
  business_address: string;
  business_tin: string;
  business_contact: string;
  business_email: string;
}

/** A column of a table: header, x, width, right-aligned. */
export type PdfColumn = readonly [header: string, x: number, width: number, right: boolean];

/**
 * Starts the download of `fileName` (dated) and answers the document with the business header and `heading` under
 * it, ready for the caller's lines; the caller ends it with `reply.send(doc)` after `doc.end()`.
 */
export function startA4(
  reply: FastifyReply,
  business: Business,
  { title, heading, fileName, timeZone }: { title: string; heading: string; fileName: string; timeZone: string },
) {
  startDownload(reply, datedFileName(fileName, 'pdf', timeZone), 'pdf');
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title } });
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(business.business_name || heading, { align: 'center' });
  doc.font('Helvetica').fontSize(9);
  for (const line of [
    business.business_address,
    business.business_tin && `TIN: ${business.business_tin}`,
    [business.business_contact, business.business_email].filter(Boolean).join(' · '),
  ])
    if (line) doc.text(line, { align: 'center' });
  doc.moveDown().font('Helvetica-Bold').fontSize(13).text(heading, { align: 'center' }).moveDown(0.5);
  doc.font('Helvetica').fontSize(10);
  return doc;
}

/** One row of a table in `columns`; a cell too long for its column wraps, and the row is as tall as its tallest. */
export function tableRow(
  doc: PDFKit.PDFDocument,
  columns: readonly PdfColumn[],
  cells: readonly string[],
  bold = false,
) {
  if (doc.y > 770) doc.addPage();
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
  let height = 0;
  columns.forEach(([, x, width, right], i) => {
    const text = cells[i] ?? '';
    doc.text(text, x, y, { width, align: right ? 'right' : 'left' });
    height = Math.max(height, doc.heightOfString(text, { width }));
  });
  doc.x = 50;
  doc.y = y + Math.max(14, height + 4);
}

/** The header row of `columns`. */
export const headerRow = (doc: PDFKit.PDFDocument, columns: readonly PdfColumn[]) =>
  tableRow(
    doc,
    columns,
    columns.map(([header]) => header),
    true,
  );
