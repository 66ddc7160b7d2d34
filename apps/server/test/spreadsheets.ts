// Reading exported files back in tests, as a shop owner's spreadsheet program would.
import ExcelJS from 'exceljs';

/** The first worksheet, with its cells' styles and its columns' widths. */
export async function xlsxSheet(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as never);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  return sheet;
}

/** The first worksheet's rows, each as its cell values from column A. */
export async function xlsxRows(bytes: Buffer): Promise<unknown[][]> {
  const sheet = await xlsxSheet(bytes);
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/** A shop day (YYYY-MM-DD) as an exported XLSX date cell reads back: that day's midnight in UTC. */
export const xlsxDay = (day: string) => new Date(`${day}T00:00:00Z`);
