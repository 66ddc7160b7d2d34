import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_CASHIER } from '../apps/server/src/db/seed/demo.ts';
import {
  apiCall,
  mainMenu,
  openFromMenu,
  type RunningApp,
  shopDayLasting,
  signedInPage,
  startAll,
  stopAll,
} from './support.ts';

// The eight reports in Chromium: each opened from the menu as the Administrator, filtered through its panel as a
// person would, its card total following the filter, and one export opened and checked against the card. The
// Cashier, without report keys, has no Reports group and is refused a report's address; given only the daily
// report's List key, that report opens with neither Filter nor Export.
let app: RunningApp;
let browser: Browser;
let admin: Page;
let token: string;

const DAY = 86_400_000;
// The whole file runs in a few minutes; ten leave room on a slow machine.
const today = await shopDayLasting(10);
const daysAgo = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * DAY).toISOString().slice(0, 10);
const [year, month] = today.split('-');

// Two batches: cement received 40 days ago, nails today (below their minimum of 20).
const CEMENT = {
  name: 'Tororo Cement',
  quantity: 100,
  unit_price: 30_000,
  sale_price: 36_000,
  min: 5,
  date: daysAgo(40),
};
const NAILS = { name: 'Roofing Nails', quantity: 12, unit_price: 5_000, sale_price: 7_500, min: 20, date: today };
// Today's sales: 2 cement + 3 nails at 10 % off (94,500 − 9,450), then 1 cement.
const TODAY_SALES = 85_050 + 36_000;
const CEMENT_LEFT = (100 - 3) * 30_000;
const NAILS_LEFT = (12 - 3) * 5_000;

async function post(path: string, body: Record<string, unknown>) {
  const res = await apiCall(app.url, 'POST', path, body, token);
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

async function receive(item: typeof CEMENT) {
  const environment = 'PRODUCTION';
  const category = await post('/categorystore', { name: `${item.name} category`, environment });
  const product = await post('/productstore', { name: item.name, category_id: category.id, environment });
  const [brand] = await post('/brandstore', { name: `${item.name} brand`, product_ids: [product.id], environment });
  const measurement = await post('/measurementstore', { name: `${item.name} unit`, environment });
  const supplier = await post('/supplierstore', {
    name: `${item.name} supplier`,
    phone_number: '0772000222',
    email: 'orders@supplier.test',
    tin: '1000777777',
    country: 'Uganda',
    address: 'Nakivubo Road, Kampala',
    environment,
  });
  return post('/stockstore', {
    product_id: product.id,
    brand_id: brand.id,
    measurement_id: measurement.id,
    supplier_id: supplier.id,
    quantity: item.quantity,
    unit_price: item.unit_price,
    sale_price: item.sale_price,
    min_stock_level: item.min,
    stock_date: item.date,
    environment,
  });
}

const sell = (items: [{ batch_number: string }, number][], discount: number) =>
  post('/salesstore', {
    customerName: 'Okello Builders',
    customerPhone: '0772123456',
    items: items.map(([batch, quantity]) => ({ batchNumber: batch.batch_number, quantity })),
    discount,
    paymentMethod: 'CASH',
    idempotencyKey: randomUUID(),
  });

beforeAll(async () => {
  [app, browser] = await startAll();
  token = (await apiCall(app.url, 'POST', '/login', DEMO_ADMIN)).body.data.token;
  const cement = await receive(CEMENT);
  const nails = await receive(NAILS);
  await sell(
    [
      [cement, 2],
      [nails, 3],
    ],
    10,
  );
  await sell([[cement, 1]], 0);
  admin = await signedInPage(browser, app.url);
});
afterAll(() => stopAll(app, browser));

async function openReport(page: Page, title: string, path: string) {
  await openFromMenu(page, app.url, title, path);
  await page.getByRole('heading', { name: title }).waitFor();
}
/** A card's figure, as shown. */
const card = async (page: Page, label: string) =>
  ((await page.getByRole('group', { name: label }).textContent()) ?? '').replace(label, '').trim();
/** Waits until the card shows `expected` (the previous answer stays on screen while the next one loads). */
const expectCard = (page: Page, label: string, expected: string) =>
  expect.poll(() => card(page, label), { timeout: 10_000 }).toBe(expected);
const bodyRows = (page: Page) => page.locator('tbody tr');

const openFilter = (page: Page) => page.getByRole('button', { name: 'Filter' }).click();
const submit = (page: Page) => page.getByRole('button', { name: 'Submit' }).click();
const choose = async (page: Page, label: string, option: string) => {
  const field = page.getByRole('textbox', { name: label, exact: true });
  const wanted = page.getByRole('option', { name: option, exact: true });
  // A click that lands while the filter panel is still sliding open leaves the list shut: a person clicks again.
  await expect
    .poll(async () => {
      if (!(await wanted.isVisible())) await field.click();
      return wanted.isVisible();
    })
    .toBe(true);
  await wanted.click();
};
/** Clicks a field of the filter panel and types, as a person does (they are empty when it opens). */
async function typeInto(page: Page, label: string, text: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.keyboard.type(text);
}

/** Export → format; the sheet's rows (CSV cells as text, XLSX numbers as numbers). */
async function exportRows(page: Page, format: 'XLSX' | 'CSV'): Promise<{ name: string; rows: unknown[][] }> {
  await page.getByRole('button', { name: 'Export' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: format }).click(),
  ]);
  const file = await download.path();
  if (format === 'CSV')
    return {
      name: download.suggestedFilename(),
      rows: parse(fs.readFileSync(file, 'utf8'), { relax_column_count: true }),
    };
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return { name: download.suggestedFilename(), rows };
}
/** The total in the files' header rows and the table's data rows (after the header row naming `firstColumn`). */
function readExport(rows: unknown[][], totalLabel: string, firstColumn: string) {
  const total = rows.find((r) => r[0] === totalLabel)?.[1];
  const header = rows.findIndex((r) => r[0] === firstColumn);
  return { total: Number(total), header: rows[header] as string[], data: rows.slice(header + 1) };
}

describe('sales reports', () => {
  it('daily: today by default, another day through the Date field; the XLSX holds the same total', async () => {
    await openReport(admin, 'Daily Sales Report', '/reportdailysaleslist');
    await expectCard(admin, 'Total Sales (UGX)', '121,050');
    expect(await card(admin, 'Last Sold Date')).toBe(today);
    await expect.poll(() => bodyRows(admin).count()).toBe(3);
    const cells = await admin
      .getByRole('row', { name: /Roofing Nails/ })
      .getByRole('cell')
      .allInnerTexts();
    // #, product, brand, measurement, batch, qty, unit price, discount, total amount (after its share), by, date
    expect(cells.slice(1, 4)).toEqual(['Roofing Nails', 'Roofing Nails brand', 'Roofing Nails unit']);
    expect(cells.slice(5, 8)).toEqual(['3', '7,500', '10%']);
    expect(cells[10]).toBe(today);

    const xlsx = await exportRows(admin, 'XLSX');
    expect(xlsx.name).toMatch(/^\d{4}_\d{2}_\d{2}_daily_sales_report\.xlsx$/);
    const file = readExport(xlsx.rows, 'Total Sales (UGX)', 'Product');
    expect(xlsx.rows[0]).toEqual(['Daily Sales Report']);
    expect(file.total).toBe(TODAY_SALES);
    expect(file.data).toHaveLength(3);
    const amounts = file.data.map((r) => r[file.header.indexOf('Total Amount')] as number);
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(TODAY_SALES);

    await openFilter(admin);
    await typeInto(admin, 'Date', daysAgo(1));
    await submit(admin);
    await expectCard(admin, 'Total Sales (UGX)', '0');
    await admin.getByRole('cell', { name: 'No records found.' }).waitFor();
    expect(new URL(admin.url()).searchParams.get('Date')).toBe(daysAgo(1));
  });

  it('weekly: the current week, then a week two weeks back; Back returns to the filtered week', async () => {
    await openReport(admin, 'Weekly Sales Report', '/reportweeklysaleslist');
    await expectCard(admin, 'Total Sales (UGX)', '121,050');
    const week = await card(admin, 'Selected Week');
    expect(week).toMatch(/^\d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}$/);

    await openFilter(admin);
    // Any day of the week: the field takes the week that holds it.
    const earlier = daysAgo(14);
    await typeInto(admin, 'Week', earlier);
    await submit(admin);
    await expectCard(admin, 'Total Sales (UGX)', '0');
    expect(await card(admin, 'Selected Week')).not.toBe(week);

    const csv = await exportRows(admin, 'CSV');
    expect(csv.name).toMatch(/weekly_sales_report\.csv$/);
    const file = readExport(csv.rows, 'Total Sales (UGX)', 'Product');
    expect(file.total).toBe(0);
    expect(file.data).toHaveLength(0);

    await openReport(admin, 'Daily Sales Report', '/reportdailysaleslist');
    await admin.goBack();
    await expectCard(admin, 'Total Sales (UGX)', '0');
    expect(new URL(admin.url()).searchParams.get('week_start')).not.toBeNull();
  });

  it('monthly: the current month, then last month through the month field; a future month is refused', async () => {
    await openReport(admin, 'Monthly Sales Report', '/reportmonthlysaleslist');
    await expectCard(admin, 'Total Sales (UGX)', '121,050');
    expect(await card(admin, 'Selected Month')).toBe('Current Month');

    await openFilter(admin);
    const last = lastMonth();
    await typeInto(admin, 'Month', last);
    await submit(admin);
    await expectCard(admin, 'Total Sales (UGX)', '0');
    expect(await card(admin, 'Selected Month')).toBe(last);

    const xlsx = await exportRows(admin, 'XLSX');
    expect(readExport(xlsx.rows, 'Total Sales (UGX)', 'Product').total).toBe(0);

    // Cancel: back to the current month, the panel closed.
    await admin.getByRole('button', { name: 'Cancel' }).click();
    await expectCard(admin, 'Total Sales (UGX)', '121,050');
    expect(await card(admin, 'Selected Month')).toBe('Current Month');
    expect(new URL(admin.url()).searchParams.get('month')).toBeNull();

    await openFilter(admin);
    const next = nextMonth();
    await typeInto(admin, 'Month', next);
    await submit(admin);
    await admin.getByText('The month cannot be in the future.').waitFor();
    expect(await card(admin, 'Selected Month')).toBe('Current Month');
  });

  it('consolidated: daily by default, a custom range through Report Type, and yearly', async () => {
    await openReport(admin, 'Consolidated Sales Report', '/reportconsolidatedsaleslist');
    await expectCard(admin, 'Total Sales (UGX)', '121,050');
    expect(await card(admin, 'Report Period')).toBe(`${today} to ${today}`);

    await openFilter(admin);
    await choose(admin, 'Report Type', 'Custom');
    await submit(admin);
    await admin.getByText('Please select a date range for a custom report.').waitFor();
    await typeInto(admin, 'Start Date', daysAgo(45));
    await typeInto(admin, 'End Date', daysAgo(1));
    await submit(admin);
    await expectCard(admin, 'Total Sales (UGX)', '0');
    expect(await card(admin, 'Report Period')).toBe(`${daysAgo(45)} to ${daysAgo(1)}`);

    await choose(admin, 'Report Type', 'Yearly');
    await expect.poll(() => admin.getByLabel('Start Date', { exact: true }).count()).toBe(0);
    await submit(admin);
    await expectCard(admin, 'Total Sales (UGX)', '121,050');
    expect(await card(admin, 'Report Period')).toBe(`${year}-01-01 to ${year}-12-31`);

    const csv = await exportRows(admin, 'CSV');
    const file = readExport(csv.rows, 'Total Sales (UGX)', 'Product');
    expect(file.total).toBe(TODAY_SALES);
    expect(file.data).toHaveLength(3);
    expect(csv.rows[1]).toEqual(['Period', `${year}-01-01`, `${year}-12-31`]);
  });
});

describe('inventory reports', () => {
  it('stock: batches received today, then a custom range holding the cement', async () => {
    await openReport(admin, 'Stock Report', '/reportstocklist');
    await expectCard(admin, 'Total Stock (UGX)', '60,000');
    await expect.poll(() => bodyRows(admin).count()).toBe(1);

    await openFilter(admin);
    await choose(admin, 'Report Type', 'Custom');
    await typeInto(admin, 'Start Date', daysAgo(45));
    await typeInto(admin, 'End Date', daysAgo(35));
    await submit(admin);
    await expectCard(admin, 'Total Stock (UGX)', '3,000,000');
    const cells = await admin
      .getByRole('row', { name: /Tororo Cement/ })
      .getByRole('cell')
      .allInnerTexts();
    expect(cells.slice(1, 10)).toEqual([
      'Tororo Cement',
      'Tororo Cement brand',
      'Tororo Cement unit',
      '100',
      '30,000',
      '3,000,000',
      'Tororo Cement supplier',
      expect.any(String),
      CEMENT.date,
    ]);

    const xlsx = await exportRows(admin, 'XLSX');
    const file = readExport(xlsx.rows, 'Total Stock (UGX)', 'Product');
    expect(file.total).toBe(3_000_000);
    expect(file.data).toHaveLength(1);
    expect(file.data[0]?.[file.header.indexOf('Total')]).toBe(3_000_000);
  });

  it('stock balance: what is left of every batch, then a period before the nails came', async () => {
    await openReport(admin, 'Stock Balance Report', '/reportstockbalancelist');
    await expectCard(admin, 'Total Stock (UGX)', (CEMENT_LEFT + NAILS_LEFT).toLocaleString('en-US'));
    const nails = await admin
      .getByRole('row', { name: /Roofing Nails/ })
      .getByRole('cell')
      .allInnerTexts();
    expect(nails.at(-1)).toBe('Low Stock');

    await openFilter(admin);
    await choose(admin, 'Report Type', 'Custom');
    await typeInto(admin, 'Start Date', daysAgo(45));
    await typeInto(admin, 'End Date', daysAgo(35));
    await submit(admin);
    await expect.poll(() => bodyRows(admin).count()).toBe(1);
    const total = await card(admin, 'Total Stock (UGX)');
    expect(total).not.toBe((CEMENT_LEFT + NAILS_LEFT).toLocaleString('en-US'));

    const csv = await exportRows(admin, 'CSV');
    const file = readExport(csv.rows, 'Total Stock (UGX)', 'Product');
    expect(file.total.toLocaleString('en-US')).toBe(total);
    expect(file.data.map((r) => r[0])).toEqual(['Tororo Cement']);
  });

  it('low alert: no Filter button; the search narrows the total', async () => {
    await openReport(admin, 'Stock Low Alert Report', '/reportstocklowalertlist');
    await expectCard(admin, 'Total Stock (UGX)', '45,000');
    await expect.poll(() => admin.getByRole('button', { name: 'Filter' }).count()).toBe(0);
    const cells = await admin
      .getByRole('row', { name: /Roofing Nails/ })
      .getByRole('cell')
      .allInnerTexts();
    expect(cells.slice(1)).toEqual([
      'Roofing Nails',
      expect.stringMatching(/^BN[0-9A-F]{14}$/),
      'Roofing Nails brand',
      'Roofing Nails unit',
      '5,000',
      '9',
      '9 Roofing Nails units',
      'Low Stock',
    ]);

    const xlsx = await exportRows(admin, 'XLSX');
    const file = readExport(xlsx.rows, 'Total Stock (UGX)', 'Product');
    expect(file.total).toBe(NAILS_LEFT);
    expect(file.data).toHaveLength(1);

    await admin.getByRole('textbox', { name: 'Search' }).click();
    await admin.keyboard.type('Cement');
    await admin.getByRole('button', { name: 'Search', exact: true }).click();
    await expectCard(admin, 'Total Stock (UGX)', '0');
    await admin.getByRole('cell', { name: 'No records found.' }).waitFor();
    await admin.getByRole('button', { name: 'Clear' }).click();
    await expectCard(admin, 'Total Stock (UGX)', '45,000');
  });

  it('aging: 30 days by default holds the cement; 60 days holds nothing; custom needs its days', async () => {
    await openReport(admin, 'Stock Aging Report', '/reportstockaginglist');
    await expectCard(admin, 'Total Value (UGX)', CEMENT_LEFT.toLocaleString('en-US'));
    expect(await card(admin, 'Aging Threshold')).toBe('30 days');
    expect(await card(admin, 'Threshold Date')).toBe(daysAgo(30));
    const cells = await admin
      .getByRole('row', { name: /Tororo Cement/ })
      .getByRole('cell')
      .allInnerTexts();
    expect(cells.slice(5, 8)).toEqual([CEMENT.date, '40', '31-60 days']);

    await openFilter(admin);
    await choose(admin, 'Aging Period', '60 days');
    await submit(admin);
    await expectCard(admin, 'Total Value (UGX)', '0');
    expect(await card(admin, 'Aging Threshold')).toBe('60 days');

    await choose(admin, 'Aging Period', 'Custom');
    await submit(admin);
    await admin.getByText('Please enter the number of days for custom aging period').waitFor();
    await typeInto(admin, 'Custom Days', '35');
    await submit(admin);
    await expectCard(admin, 'Total Value (UGX)', CEMENT_LEFT.toLocaleString('en-US'));
    expect(await card(admin, 'Aging Threshold')).toBe('35 days');

    const csv = await exportRows(admin, 'CSV');
    const file = readExport(csv.rows, 'Total Value (UGX)', 'Product');
    expect(file.total).toBe(CEMENT_LEFT);
    expect(file.data.map((r) => r[file.header.indexOf('Aging Period')])).toEqual(['31-60 days']);
  });
});

describe('a user without report keys', () => {
  let cashier: Page;
  beforeAll(async () => {
    cashier = await signedInPage(browser, app.url, DEMO_CASHIER);
  });

  it('sees no Reports group and is refused a report address', async () => {
    await mainMenu(cashier).getByRole('link', { name: 'POS', exact: true }).waitFor();
    await expect.poll(() => mainMenu(cashier).getByText('Reports', { exact: true }).count()).toBe(0);
    await cashier.goto(`${app.url}/reportdailysaleslist`);
    await cashier.getByText('Access denied').waitFor();
    await expect.poll(() => cashier.getByRole('group', { name: 'Total Sales (UGX)' }).count()).toBe(0);
  });

  it('given only the daily report, opens it without Filter or Export', async () => {
    const roles = await apiCall(app.url, 'GET', '/rolelist?pagination_size=100', undefined, token);
    const role = roles.body.data.find((r: { name: string }) => r.name === 'Cashier');
    const assigned = await apiCall(app.url, 'GET', `/assignedmenus/${role.id}`, undefined, token);
    await post(`/assignmenus/${role.id}`, {
      selectedMenus: [...assigned.body.assignedMenuNames, 'reportDailySalesList'],
    });
    await cashier.goto(`${app.url}/home`);
    await openReport(cashier, 'Daily Sales Report', '/reportdailysaleslist');
    await expectCard(cashier, 'Total Sales (UGX)', '121,050');
    await expect.poll(() => cashier.getByRole('button', { name: 'Filter' }).count()).toBe(0);
    await expect.poll(() => cashier.getByRole('button', { name: 'Export' }).count()).toBe(0);
    await expect.poll(() => mainMenu(cashier).getByRole('link', { name: 'Weekly Sales Report' }).count()).toBe(0);
  });
});

/** Next month, YYYY-MM. */
function nextMonth() {
  const m = Number(month) === 12 ? 1 : Number(month) + 1;
  const y = Number(month) === 12 ? Number(year) + 1 : Number(year);
  return `${y}-${String(m).padStart(2, '0')}`;
}
/** Last month, YYYY-MM. */
function lastMonth() {
  const m = Number(month) === 1 ? 12 : Number(month) - 1;
  const y = Number(month) === 1 ? Number(year) - 1 : Number(year);
  return `${y}-${String(m).padStart(2, '0')}`;
}
