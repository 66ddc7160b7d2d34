import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFromMenu as openAt, type RunningApp, signedInPage, startAll, stopAll } from './support.ts';

// The catalogue and stock in Chromium: every record made through its form, the batch's status in Stock Levels, the
// stock list exported to XLSX and CSV and read back, and a write-off lowering the level.
let app: RunningApp;
let browser: Browser;
let admin: Page;
let batchNumber = '';

beforeAll(async () => {
  [app, browser] = await startAll();
  admin = await signedInPage(browser, app.url);
});
afterAll(() => stopAll(app, browser));

const openFromMenu = (page: Page, label: string, path: string) => openAt(page, app.url, label, path);
const choose = async (page: Page, label: string, option: string | RegExp) => {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', typeof option === 'string' ? { name: option, exact: true } : { name: option }).click();
};
const save = (page: Page) => page.getByRole('button', { name: 'Save' }).click();
/** The cells of the table row matching `rowText`, as shown, once the list has loaded it. */
async function rowCells(page: Page, rowText: string | RegExp) {
  const row = page.getByRole('row', { name: rowText });
  await row.waitFor();
  return row.getByRole('cell').allInnerTexts();
}
/** Opens a list from the menu and waits until the row shows `expected` (a cached list is shown while it reloads). */
async function expectLevelRow(page: Page, expected: string[]) {
  await openFromMenu(page, 'Stock Levels', '/stocklevel');
  const row = page.getByRole('row', { name: new RegExp(batchNumber) });
  // #, product, batch, brand, unit, in stock, in units, sold, sold in the yard, status
  await expect.poll(async () => (await row.getByRole('cell').allInnerTexts()).slice(1)).toEqual(expected);
}
/** Clicks Export → format on the current list and returns the saved file's path. */
async function exportList(page: Page, format: 'XLSX' | 'CSV'): Promise<{ path: string; name: string }> {
  await page.getByRole('button', { name: 'Export' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: format }).click(),
  ]);
  return { path: await download.path(), name: download.suggestedFilename() };
}

/** Opens the supplier form from the menu and types the name; each test then types the phone its own way. */
async function openSupplierForm(name: string) {
  await openFromMenu(admin, 'Suppliers', '/supplierlist');
  await admin.getByRole('link', { name: 'Create' }).click();
  await admin.getByLabel('Name').fill(name);
}

/** The rest of the supplier form (country Uganda; the environment left at Production), saved and confirmed. */
async function finishSupplier(email: string, tin: string, address: string) {
  await admin.getByLabel('Email').fill(email);
  await admin.getByLabel('TIN').fill(tin);
  await choose(admin, 'Country', 'Uganda');
  await admin.getByLabel('Address').fill(address);
  await save(admin);
  await admin.getByText('Supplier created successfully!').waitFor();
}

describe('catalogue records through their forms', () => {
  it('creates a category and a product in it', async () => {
    await openFromMenu(admin, 'Categories', '/categorylist');
    await admin.getByRole('link', { name: 'Create' }).click();
    await admin.getByLabel('Name').fill('Building Materials');
    await save(admin);
    await admin.waitForURL(`${app.url}/categorylist`);

    await openFromMenu(admin, 'Products', '/productlist');
    await admin.getByRole('link', { name: 'Create' }).click();
    await save(admin);
    await admin.getByText('Name is required.').waitFor();
    await admin.getByText('Category is required.').waitFor();
    await admin.getByLabel('Name').fill('Portland Cement');
    await choose(admin, 'Category', 'Building Materials');
    await save(admin);
    await admin.getByText('Product created successfully!').waitFor();
    await admin.waitForURL(`${app.url}/productlist`);
    expect(await rowCells(admin, /Portland Cement/)).toContain('Building Materials');
  });

  it('creates a brand for the product and a measurement', async () => {
    await openFromMenu(admin, 'Brands', '/brandlist');
    await admin.getByRole('link', { name: 'Create' }).click();
    await admin.getByLabel('Name').fill('Tororo');
    await choose(admin, 'Products', 'Portland Cement');
    await admin.keyboard.press('Escape');
    await admin.getByRole('button', { name: 'More options' }).click();
    await admin.getByLabel('Test').check();
    await save(admin);
    await admin.getByText('Brand created successfully!').waitFor();
    await admin.waitForURL(`${app.url}/brandlist`);
    expect(await rowCells(admin, /Tororo/)).toContain('Portland Cement');

    await openFromMenu(admin, 'Measurement', '/measurementlist');
    await admin.getByRole('link', { name: 'Create' }).click();
    await admin.getByLabel('Name').fill('Bag');
    await save(admin);
    await admin.getByText('Measurement created successfully!').waitFor();
    await admin.waitForURL(`${app.url}/measurementlist`);
    await admin.getByRole('row', { name: /Bag/ }).waitFor();
  });

  it('creates a supplier, putting the leading 0 on the phone number', async () => {
    await openSupplierForm('Kampala Hardware Ltd');
    await admin.getByLabel('Phone number').fill('772123456');
    expect(await admin.getByLabel('Phone number').inputValue()).toBe('0772123456');
    await finishSupplier('orders@kampalahardware.test', '1000123456', 'Plot 12, Nakivubo Road, Kampala');
    await admin.waitForURL(`${app.url}/supplierlist`);
    const cells = await rowCells(admin, /Kampala Hardware Ltd/);
    expect(cells).toEqual(expect.arrayContaining(['0772123456', 'Uganda', '1000123456']));
  });

  it('keeps a phone typed with the country code in the local form', async () => {
    await openSupplierForm('Gulu Hardware Ltd');
    await admin.getByLabel('Phone number').click();
    await admin.keyboard.type('+256 701 234 567');
    expect(await admin.getByLabel('Phone number').inputValue()).toBe('0701234567');
    await finishSupplier('orders@guluhardware.test', '1000654321', 'Plot 3, Awich Road, Gulu');
    expect(await rowCells(admin, /Gulu Hardware Ltd/)).toEqual(expect.arrayContaining(['0701234567']));
  });
});

describe('a stock batch, its level, exports and a write-off', () => {
  it('records a batch with separators and a live total cost', async () => {
    await openFromMenu(admin, 'Stock Records', '/stocklist');
    await admin.getByRole('link', { name: 'Create' }).click();
    await choose(admin, 'Product', 'Portland Cement');
    await choose(admin, 'Brand', 'Tororo');
    await choose(admin, 'Measurement', 'Bag');
    await choose(admin, 'Supplier', 'Kampala Hardware Ltd');
    await admin.getByLabel('Quantity').fill('40');
    await admin.getByLabel('Unit Price').fill('32000');
    await admin.getByLabel('Sale Price').fill('38500');
    await admin.getByLabel('Minimum Stock Level').fill('50');
    expect(await admin.getByLabel('Unit Price').inputValue()).toBe('32,000');
    expect(await admin.getByLabel('Total Cost').inputValue()).toBe('1,280,000');
    await save(admin);
    await admin.getByText('Stock created successfully!').waitFor();
    await admin.waitForURL(`${app.url}/stocklist`);

    const cells = await rowCells(admin, /Portland Cement/);
    expect(cells).toEqual(
      expect.arrayContaining(['Tororo', 'Bag', '40', '32,000', '1,280,000', '38,500', 'Kampala Hardware Ltd']),
    );
    batchNumber = cells.find((c) => /^BN[0-9A-F]{14}$/.test(c)) ?? '';
    expect(batchNumber).not.toBe('');
  });

  it('shows the batch as Low Stock in Stock Levels (40 left, minimum 50)', async () => {
    await expectLevelRow(admin, [
      'Portland Cement',
      batchNumber,
      'Tororo',
      'Bag',
      '40',
      '40 Bags',
      '0',
      '0',
      'Low Stock',
    ]);
  });

  it('exports the stock list as XLSX and CSV with the batch in them', async () => {
    await openFromMenu(admin, 'Stock Records', '/stocklist');
    await admin.getByRole('row', { name: new RegExp(batchNumber) }).waitFor();

    const xlsx = await exportList(admin, 'XLSX');
    expect(xlsx.name).toMatch(/^\d{4}_\d{2}_\d{2}_stock\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(xlsx.path);
    const sheetRows: unknown[][] = [];
    workbook.worksheets[0]?.eachRow((row) => {
      sheetRows.push((row.values as unknown[]).slice(1));
    });
    const header = sheetRows.find((r) => r.includes('Batch Number')) as string[];
    const batchRow = sheetRows.find((r) => r.includes(batchNumber)) as unknown[];
    const cell = (name: string) => batchRow[header.indexOf(name)];
    expect([cell('Product'), cell('Brand'), cell('Unit'), cell('Supplier')]).toEqual([
      'Portland Cement',
      'Tororo',
      'Bag',
      'Kampala Hardware Ltd',
    ]);
    expect([cell('Qty'), cell('Unit Price'), cell('Total'), cell('Sale Price')]).toEqual([40, 32000, 1280000, 38500]);
    // Above the table: what it is, the period (no filter: All) and the total over it.
    expect(sheetRows.slice(0, 3)).toEqual([['Stock records'], ['Period', 'All'], ['Total cost (UGX)', 1280000]]);

    const csv = await exportList(admin, 'CSV');
    expect(csv.name).toMatch(/^\d{4}_\d{2}_\d{2}_stock\.csv$/);
    const records = parse(fs.readFileSync(csv.path, 'utf8'), { relax_column_count: true }) as string[][];
    const csvHeader = records.find((r) => r.includes('Batch Number')) as string[];
    const csvRow = records.find((r) => r.includes(batchNumber)) as string[];
    const field = (name: string) => csvRow[csvHeader.indexOf(name)];
    expect([field('Product'), field('Qty'), field('Unit Price'), field('Total'), field('Sale Price')]).toEqual([
      'Portland Cement',
      '40',
      '32000',
      '1280000',
      '38500',
    ]);
  });

  it('writes 5 bags off and Stock Levels drops to 35', async () => {
    await openFromMenu(admin, 'Stock Write-offs', '/stockadjustmentlist');
    await admin.getByRole('link', { name: 'Write off stock' }).click();
    await choose(admin, 'Batch', new RegExp(`${batchNumber} \\(balance 40\\)`));
    await choose(admin, 'Reason', 'Damage');
    await admin.getByLabel('Quantity').fill('5');
    await admin.getByLabel('Note').fill('Bags torn in the rain');
    await save(admin);
    await admin.getByText('Stock written off successfully!').waitFor();
    await admin.waitForURL(`${app.url}/stockadjustmentlist`);
    const written = await rowCells(admin, new RegExp(batchNumber));
    expect(written).toEqual(expect.arrayContaining(['Portland Cement', 'Damage', '5', '32,000', '160,000']));

    await expectLevelRow(admin, [
      'Portland Cement',
      batchNumber,
      'Tororo',
      'Bag',
      '35',
      '35 Bags',
      '0',
      '0',
      'Low Stock',
    ]);
  });

  it('shows the batch read-only with its balance', async () => {
    await openFromMenu(admin, 'Stock Records', '/stocklist');
    await admin
      .getByRole('row', { name: new RegExp(batchNumber) })
      .getByRole('button', { name: 'Actions' })
      .click();
    await admin.getByRole('menuitem', { name: 'View' }).click();
    await admin.getByRole('heading', { name: 'Stock Details' }).waitFor();
    expect(await admin.getByRole('row', { name: /Total Cost/ }).textContent()).toContain('1,280,000');
    expect(await admin.getByRole('row', { name: /Quantity In Stock/ }).textContent()).toContain('35');
  });
});
