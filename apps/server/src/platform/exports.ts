import { PassThrough, Readable, type Writable } from 'node:stream';
import { formatDay } from '@duka/shared';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { KyselyPlugin, SelectQueryBuilder, UnknownRow } from 'kysely';
import PDFDocument from 'pdfkit';
import { turns } from './turns.ts';

// File downloads: XLSX (streamed), CSV (formula-escaped) and a one-record PDF. The name is date-prefixed and sent in
// content-disposition, so the client saves it as the server names it.

export type ExportFormat = 'xlsx' | 'csv';

export interface ExportColumn<Row> {
  header: string;
  value: (row: Row) => string | number | null | undefined;
  width?: number;
  /** The value is a shop day (YYYY-MM-DD): a date cell in XLSX, so a spreadsheet sorts and filters it as a date;
   * the same text in CSV. */
  date?: boolean;
}

/** A shop day above an exported table (the period's ends): a date cell in XLSX, its YYYY-MM-DD text in CSV. */
export interface DayCell {
  day: string;
}
export const dayCell = (day: string): DayCell => ({ day });

/** A cell above the table. */
export type PreambleCell = string | number | DayCell;

export interface ExportSpec<Row> {
  /** File name without date and extension: `users` → `2026_11_22_users.xlsx`. */
  name: string;
  columns: ExportColumn<Row>[];
  /** Rows, fetched page by page so a large export never sits in memory whole. */
  rows: AsyncIterable<Row[]>;
  /** Lines above the table (report period, totals): each an array of cells. */
  preamble?: PreambleCell[][];
  /** The shop's time zone, whose day dates the file name (default Africa/Kampala). */
  timeZone?: string;
}

const CONTENT_TYPES: Record<ExportFormat | 'pdf', string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
};

export function datedFileName(name: string, ext: string, timeZone = 'Africa/Kampala', now = new Date()): string {
  return `${formatDay(now, timeZone).replace(/-/g, '_')}_${name}.${ext}`;
}

/** A cell a spreadsheet would run as a formula is written as text instead. A number is data, never a formula: a
 * loss stays -45000, not the text '-45000. */
export function escapeCsvCell(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (isDayCell(value)) return value.day;
  const text = value === null || value === undefined ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A cell as CSV text: one holding a comma, a quote or a line break is quoted, its quotes doubled. */
const csvField = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** Lines (arrays of cells) as CSV text, each ending in a newline. */
function csvLines(lines: unknown[][]): string {
  let text = '';
  for (const line of lines) text += `${line.map((cell) => csvField(escapeCsvCell(cell))).join(',')}\n`;
  return text;
}

/** A page of rows as CSV text, one line each. One string per page rather than a stream object per row, and each
 * line written cell by cell rather than through arrays of cells: a long export pays for every object it makes per
 * row, in the making and in collecting it (bench/measurements.md, CSV export). */
function csvRows<Row>(rows: Row[], columns: ExportColumn<Row>[]): string {
  let text = '';
  for (const row of rows) {
    for (let i = 0; i < columns.length; i++) {
      if (i > 0) text += ',';
      text += csvField(escapeCsvCell((columns[i] as ExportColumn<Row>).value(row)));
    }
    text += '\n';
  }
  return text;
}

const isDayCell = (value: unknown): value is DayCell =>
  typeof value === 'object' && value !== null && typeof (value as DayCell).day === 'string';

/** The period line above an exported list: its first and last day, or what an open end means. */
export function periodLine(period: { startDate?: string; endDate?: string }): PreambleCell[] {
  const { startDate, endDate } = period;
  if (startDate && endDate) return ['Period', dayCell(startDate), dayCell(endDate)];
  if (startDate) return ['Period', 'From', dayCell(startDate)];
  if (endDate) return ['Period', 'Up to', dayCell(endDate)];
  return ['Period', 'All'];
}

/** Lines above an exported list: what it is, the period, and its totals over the whole filtered period. */
export function periodPreamble(
  title: string,
  period: { startDate?: string; endDate?: string },
  ...totals: [label: string, total: number][]
): PreambleCell[][] {
  return [[title], periodLine(period), ...totals, []];
}

/** Exports reading at once: each holds one of the pool's few connections (POOL_SIZE) until its client has the whole
 * file, so a third waits for one of them rather than leave the tills without a connection. */
export const EXPORT_TURNS = 2;
const exportTurns = turns(EXPORT_TURNS);

/**
 * Hands each chunk the cursor reads to `stream()` as one item, a page: Kysely's stream otherwise yields the rows one
 * at a time, a promise each, which an export of a million rows paid for (a tenth of the server's time) only to gather
 * them into pages again. Kysely's executor gives a plugin's transformResult every chunk of a stream (and every result
 * of execute()), so the plugin is given only to the export's own copy of the query; a test reads 5,000 sales across
 * five pages, each once and in order (sales-export-memory.test.ts).
 */
const chunksAsItems: KyselyPlugin = {
  transformQuery: ({ node }) => node,
  transformResult: async ({ result }) => ({ ...result, rows: [result.rows as unknown as UnknownRow] }),
};

/** Yields a query's rows a page at a time through a database cursor (one pass over the rows, in the query's order,
 * each page fetched only when the file writer asks for it), in one of the EXPORT_TURNS. Outside any transaction. */
export async function* throughCursor<Row>(query: SelectQueryBuilder<any, any, Row>, size = 1000) {
  await exportTurns.take();
  try {
    for await (const page of query.withPlugin(chunksAsItems).stream(size)) yield page as unknown as Row[];
  } finally {
    exportTurns.end();
  }
}

export function startDownload(reply: FastifyReply, fileName: string, type: ExportFormat | 'pdf') {
  reply.header('content-type', CONTENT_TYPES[type]);
  reply.header('content-disposition', `attachment; filename="${fileName}"`);
  reply.header('access-control-expose-headers', 'content-disposition');
}

/**
 * The style of every cell below the header, one object for them all. exceljs gives each new cell a style object of
 * its own and, writing it, renders that style to XML to find its number in the file's style table, unless it has met
 * the very same object before: a third of a 12-month XLSX's time went to that (addStyleModel). The cells have no
 * style of their own (money plain numbers) but the days, so they all share this one, and the days DAY_CELL.
 */
const PLAIN_CELL: Partial<ExcelJS.Style> = Object.freeze({});
const DAY_CELL: Partial<ExcelJS.Style> = Object.freeze({ numFmt: 'yyyy-mm-dd' });

/**
 * A shop day as an XLSX date: the day's midnight in UTC, since exceljs turns a Date into the sheet's day number from
 * its UTC time; the sheet has no time zone, so it shows the shop's day whatever the reader's zone. Anything else
 * (an empty day, N/A) stays text.
 */
function xlsxDay(value: unknown): Date | undefined {
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
}

/** One row into the sheet (`cells`, a fresh array, is filled in): days as dates, everything else as given, every
 * cell with a shared style. */
function addXlsxRow(sheet: ExcelJS.Worksheet, cells: unknown[], days: readonly boolean[]) {
  const styles: Partial<ExcelJS.Style>[] = [];
  for (let i = 0; i < cells.length; i++) {
    const day = days[i] ? xlsxDay(cells[i]) : undefined;
    cells[i] = day ?? cells[i] ?? '';
    styles[i] = day ? DAY_CELL : PLAIN_CELL;
  }
  const line = sheet.addRow(cells);
  for (let i = 0; i < cells.length; i++) line.getCell(i + 1).style = styles[i] as Partial<ExcelJS.Style>;
  line.commit();
}

/**
 * The zip's input stream a streamed worksheet's XML goes into, when it holds more than its buffer. exceljs writes the
 * rows there without waiting for the compressor to keep up, so rows made faster than they are compressed pile up in
 * memory (+311 MB for a 12-month XLSX once the rows' styles stopped slowing their making): the writer waits for it
 * instead. Reached through exceljs's and archiver's own fields (the sheet's stream buffer, what it is piped to and
 * that stream's state, from an older stream library without writableLength); xlsx-compressor.test.ts fails if an
 * upgrade moves them.
 */
export function fullCompressorInput(sheet: ExcelJS.Worksheet): Writable | undefined {
  type Input = Writable & { _writableState?: { length: number; highWaterMark: number } };
  const input = (sheet as unknown as { stream?: { pipes?: Input[] } }).stream?.pipes?.[0];
  const state = input?._writableState;
  return state && state.length >= state.highWaterMark ? input : undefined;
}

/** Resolves when the stream can take more, or is closed; leaves no listener behind (it is awaited page after page). */
const drained = (stream: Writable) =>
  new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });

export async function sendExport<Row>(reply: FastifyReply, format: ExportFormat, spec: ExportSpec<Row>) {
  startDownload(reply, datedFileName(spec.name, format, spec.timeZone), format);
  if (format === 'csv') {
    async function* pages() {
      yield csvLines([...(spec.preamble ?? []), spec.columns.map((c) => c.header)]);
      for await (const page of spec.rows) yield csvRows(page, spec.columns);
    }
    // Pulled, not pushed: the next page is read only as the client takes the file, so a slow client never makes
    // the whole export wait in memory; a client that goes away stops the reading. Errors end the download.
    return reply.send(Readable.from(pages(), { objectMode: false }));
  }
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet(spec.name.slice(0, 31));
  void (async () => {
    try {
      // Widths before the first row: the streaming writer writes the columns with it and ignores later widths.
      spec.columns.forEach((c, i) => {
        sheet.getColumn(i + 1).width = c.width ?? Math.max(12, c.header.length + 2);
      });
      for (const line of spec.preamble ?? []) {
        addXlsxRow(
          sheet,
          line.map((cell) => (isDayCell(cell) ? cell.day : cell)),
          line.map(isDayCell),
        );
      }
      const header = sheet.addRow(spec.columns.map((c) => c.header));
      header.font = { bold: true };
      header.commit();
      const days = spec.columns.map((c) => c.date === true);
      for await (const page of spec.rows) {
        for (const row of page)
          addXlsxRow(
            sheet,
            spec.columns.map((c) => c.value(row)),
            days,
          );
        // Back-pressure: the next page is read only once the compressor, and through it the client, has taken what
        // is written.
        if (out.destroyed) return;
        const compressor = fullCompressorInput(sheet);
        if (compressor) await drained(compressor);
        if (out.writableNeedDrain) await drained(out);
      }
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return reply.send(out);
}

/** One record as a two-column PDF table. */
export function sendRecordPdf(
  reply: FastifyReply,
  name: string,
  title: string,
  fields: [string, string | number | null | undefined][],
  timeZone?: string,
) {
  startDownload(reply, datedFileName(name, 'pdf', timeZone), 'pdf');
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title } });
  doc.fontSize(18).text(title, { underline: false });
  doc.moveDown();
  doc.fontSize(11);
  for (const [label, value] of fields) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, 50, y, { width: 160 });
    doc
      .font('Helvetica')
      .text(value === null || value === undefined || value === '' ? 'N/A' : String(value), 220, y, { width: 320 });
    doc.moveDown(0.6);
  }
  doc.end();
  return reply.send(doc);
}
