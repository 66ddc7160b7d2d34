import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { fullCompressorInput } from './exports.ts';

// The XLSX export waits for the zip's compressor between pages (exports.ts), reaching it through exceljs's and
// archiver's own fields: if an upgrade moves them, the export would no longer wait and a big file would pile up in
// memory, so this fails instead.
it("sees a streamed worksheet's rows pile up before the compressor, and then drain", async () => {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet('sales');
  sheet.addRow(['a', 1]).commit();
  expect(fullCompressorInput(sheet)).toBeUndefined();
  // Rows written in one go, with no one reading the file: they wait before the compressor.
  for (let i = 0; i < 5_000; i++) sheet.addRow([`row ${i}`, i, 'x'.repeat(50)]).commit();
  const full = fullCompressorInput(sheet);
  expect(full).toBeDefined();
  // Once the file is read, the compressor takes them and says so.
  const drained = new Promise((resolve) => full?.once('drain', resolve));
  out.resume();
  await drained;
  expect(fullCompressorInput(sheet)).toBeUndefined();
  sheet.commit();
  await workbook.commit();
});
