// The A4 sheet of barcode labels: 3 × 8 labels of 70 × 37 mm, the common adhesive sheet. Each label
// shows the product's name, its price and its barcode as Code 128 bars with the code written under them. Helvetica
// is one of the PDF's standard fonts (pdfkit carries its metrics), so nothing is embedded or fetched.
import { formatMoney, LABELS_PER_PAGE } from '@duka/shared';
import PDFDocument from 'pdfkit';
import { code128Widths } from './code128.ts';
import type { LabelContent } from './product-labels.service.ts';

const MM = 72 / 25.4;
const COLUMNS = 3;
const ROWS = LABELS_PER_PAGE / COLUMNS;
const LABEL = { width: 70 * MM, height: 37 * MM };
const PADDING = 4 * MM;
const A4 = { width: 210 * MM, height: 297 * MM };
const TOP = (A4.height - ROWS * LABEL.height) / 2;
/** Clear space either side of the bars that a scanner needs, in modules. */
const QUIET_ZONE = 10;
/** The widest bar unit that still prints cleanly; narrower when the code is long. */
const MAX_MODULE = 0.33 * MM;
const BARS_HEIGHT = 14 * MM;

/** The text cut with "…" to fit `width` at the document's current font and size. */
function fitted(doc: PDFKit.PDFDocument, text: string, width: number) {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

function drawBars(doc: PDFKit.PDFDocument, code: string, x: number, y: number, width: number) {
  const widths = code128Widths(code);
  const modules = widths.reduce((sum, w) => sum + w, 0) + 2 * QUIET_ZONE;
  const module = Math.min(MAX_MODULE, width / modules);
  let at = x + (width - modules * module) / 2 + QUIET_ZONE * module;
  widths.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(at, y, w * module, BARS_HEIGHT);
    at += w * module;
  });
  doc.fill('black');
}

function drawLabel(doc: PDFKit.PDFDocument, label: LabelContent, left: number, top: number) {
  const x = left + PADDING;
  const width = LABEL.width - 2 * PADDING;
  let y = top + PADDING;
  doc.font('Helvetica-Bold').fontSize(9);
  doc.text(fitted(doc, label.name, width), x, y, { width, lineBreak: false });
  y += 11;
  if (label.sale_price !== null) {
    doc.font('Helvetica').fontSize(9);
    doc.text(`UGX ${formatMoney(label.sale_price)}`, x, y, { width, lineBreak: false });
  }
  y += 13;
  drawBars(doc, label.barcode, x, y, width);
  doc.font('Helvetica').fontSize(8);
  doc.text(label.barcode, x, y + BARS_HEIGHT + 2, { width, align: 'center', lineBreak: false });
}

/** The sheets as a PDF document, to be piped to the client; 24 labels a page, filled row by row. */
export function labelSheet(labels: LabelContent[]) {
  const doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: false, info: { Title: 'Barcode labels' } });
  labels.forEach((label, i) => {
    const place = i % LABELS_PER_PAGE;
    if (place === 0) doc.addPage();
    const column = place % COLUMNS;
    const row = Math.floor(place / COLUMNS);
    drawLabel(doc, label, column * LABEL.width, TOP + row * LABEL.height);
  });
  doc.end();
  return doc;
}
