// A customer's statement as an A4 PDF: the business header, the customer, the period, every line with its running
// balance, the closing balance and what is owed by how overdue, as the statement screen prints it.
import { AGING_BUCKET_LABELS, AGING_BUCKETS, type CustomerStatement, formatMoney } from '@duka/shared';
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

const KIND_LABELS = { SALE: 'Sale', PAYMENT: 'Payment', RETURN: 'Return', REVERSAL: 'Reversal' } as const;
/** The table's columns: header, x, width, right-aligned. */
const COLUMNS = [
  ['Date', 50, 70, false],
  ['Kind', 120, 60, false],
  ['Reference', 180, 110, false],
  ['Debit', 290, 80, true],
  ['Credit', 370, 80, true],
  ['Balance', 450, 95, true],
] as const;

const money = (n: number) => formatMoney(n);

export function sendStatementPdf(
  reply: FastifyReply,
  business: Business,
  statement: CustomerStatement,
  timeZone: string,
) {
  const { customer } = statement;
  startDownload(reply, datedFileName(`statement_${customer.customer_number}`, 'pdf', timeZone), 'pdf');
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Statement ${customer.customer_number}` } });
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(business.business_name || 'Statement', { align: 'center' });
  doc.font('Helvetica').fontSize(9);
  for (const line of [
    business.business_address,
    business.business_tin && `TIN: ${business.business_tin}`,
    [business.business_contact, business.business_email].filter(Boolean).join(' · '),
  ])
    if (line) doc.text(line, { align: 'center' });
  doc.moveDown().font('Helvetica-Bold').fontSize(13).text('STATEMENT OF ACCOUNT', { align: 'center' }).moveDown(0.5);
  doc.font('Helvetica').fontSize(10);
  doc.text(`Customer: ${customer.name} (${customer.customer_number})`);
  doc.text(`Phone: ${customer.phone_number}${customer.tin ? `   TIN: ${customer.tin}` : ''}`);
  doc.text(`Period: ${statement.start_date ?? 'from the first record'} to ${statement.end_date}`);
  doc.text(`Credit limit: UGX ${money(customer.credit_limit)}   Payment terms: ${customer.payment_terms_days} days`);
  doc.moveDown();

  const row = (cells: readonly string[], bold = false) => {
    if (doc.y > 770) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    COLUMNS.forEach(([, x, width, right], i) => {
      doc.text(cells[i] ?? '', x, y, { width, align: right ? 'right' : 'left', lineBreak: false });
    });
    doc.x = 50;
    doc.y = y + 14;
  };
  row(
    COLUMNS.map(([header]) => header),
    true,
  );
  row(['', '', 'Opening balance', '', '', money(statement.opening_balance)], true);
  for (const l of statement.lines)
    row([
      l.date,
      KIND_LABELS[l.kind],
      l.reference,
      l.debit ? money(l.debit) : '',
      l.credit ? money(l.credit) : '',
      money(l.balance),
    ]);
  row(['', '', 'Closing balance', '', '', money(statement.closing_balance)], true);

  doc.moveDown().font('Helvetica-Bold').fontSize(10).text('Owed by days past due', 50);
  doc.font('Helvetica').fontSize(9);
  doc.text(AGING_BUCKETS.map((b) => `${AGING_BUCKET_LABELS[b]}: UGX ${money(statement.aging[b])}`).join('    '), 50);
  doc.end();
  return reply.send(doc);
}
