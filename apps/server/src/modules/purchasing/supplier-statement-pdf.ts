// A supplier's statement as an A4 PDF: the business header, the supplier, the period, every bill, payment and
// reversal with the running balance, the closing balance and what is owed by how old each bill is.
import { AGING_BUCKET_LABELS, AGING_BUCKETS, formatMoney, type SupplierStatement } from '@duka/shared';
import type { FastifyReply } from 'fastify';
import { type Business, headerRow, type PdfColumn, startA4, tableRow } from '../../platform/a4-pdf.ts';

const KIND_LABELS = { BILL: 'Bill', PAYMENT: 'Payment', REVERSAL: 'Reversal' } as const;
const COLUMNS: readonly PdfColumn[] = [
  ['Date', 50, 60, false],
  ['Kind', 110, 50, false],
  ['Reference', 160, 75, false],
  ['Details', 235, 100, false],
  ['Debit', 335, 70, true],
  ['Credit', 405, 70, true],
  ['Balance', 475, 70, true],
];

export function sendSupplierStatementPdf(
  reply: FastifyReply,
  business: Business,
  statement: SupplierStatement,
  timeZone: string,
) {
  const { supplier } = statement;
  const doc = startA4(reply, business, {
    title: `Supplier statement ${supplier.supplier_number}`,
    heading: 'SUPPLIER STATEMENT',
    fileName: `supplier_statement_${supplier.supplier_number}`,
    timeZone,
  });
  doc.text(`Supplier: ${supplier.name} (${supplier.supplier_number})`);
  doc.text(`Phone: ${supplier.phone_number}${supplier.tin ? `   TIN: ${supplier.tin}` : ''}`);
  doc.text(`Period: ${statement.start_date ?? 'from the first record'} to ${statement.end_date}`);
  doc.moveDown();
  headerRow(doc, COLUMNS);
  const money = (n: number) => (n ? formatMoney(n) : '');
  tableRow(doc, COLUMNS, ['', '', 'Opening balance', '', '', '', formatMoney(statement.opening_balance)], true);
  for (const l of statement.lines)
    tableRow(doc, COLUMNS, [
      l.date,
      KIND_LABELS[l.kind],
      l.reference,
      l.details,
      money(l.debit),
      money(l.credit),
      formatMoney(l.balance),
    ]);
  tableRow(doc, COLUMNS, ['', '', 'Closing balance', '', '', '', formatMoney(statement.closing_balance)], true);
  doc.moveDown().font('Helvetica-Bold').fontSize(10).text('Owed by days since the bill', 50);
  doc.font('Helvetica').fontSize(9);
  doc.text(
    AGING_BUCKETS.map((b) => `${AGING_BUCKET_LABELS[b]}: UGX ${formatMoney(statement.aging[b])}`).join('    '),
    50,
  );
  doc.end();
  return reply.send(doc);
}
