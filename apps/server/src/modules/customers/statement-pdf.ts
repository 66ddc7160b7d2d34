// A customer's statement as an A4 PDF: the business header, the customer, the period, every line with its running
// balance, the closing balance and what is owed by how overdue, as the statement screen prints it.
import { AGING_BUCKET_LABELS, AGING_BUCKETS, type CustomerStatement, formatMoney } from '@duka/shared';
import type { FastifyReply } from 'fastify';
import { type Business, headerRow, type PdfColumn, startA4, tableRow } from '../../platform/a4-pdf.ts';

const KIND_LABELS = { SALE: 'Sale', PAYMENT: 'Payment', RETURN: 'Return', REVERSAL: 'Reversal' } as const;
const COLUMNS: readonly PdfColumn[] = [
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
  const doc = startA4(reply, business, {
    title: `Statement ${customer.customer_number}`,
    heading: 'STATEMENT OF ACCOUNT',
    fileName: `statement_${customer.customer_number}`,
    timeZone,
  });
  doc.text(`Customer: ${customer.name} (${customer.customer_number})`);
  doc.text(`Phone: ${customer.phone_number}${customer.tin ? `   TIN: ${customer.tin}` : ''}`);
  doc.text(`Period: ${statement.start_date ?? 'from the first record'} to ${statement.end_date}`);
  doc.text(`Credit limit: UGX ${money(customer.credit_limit)}   Payment terms: ${customer.payment_terms_days} days`);
  doc.moveDown();

  const row = (cells: readonly string[], bold = false) => tableRow(doc, COLUMNS, cells, bold);
  headerRow(doc, COLUMNS);
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
