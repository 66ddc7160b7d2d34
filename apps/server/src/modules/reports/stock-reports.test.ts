// The four inventory reports: which batches each holds, status and age band from the shared rules, totals over every
// page, the aging 422s, keys, and the exported files.
import {
  agingBand,
  stockAgingReport,
  stockBalanceReport,
  stockLevelList,
  stockLowAlertReport,
  stockReport,
  stockStatus,
} from '@duka/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInApp } from '../../../test/crud-contract.ts';
import { expectReportKeys, exportedRows, saleAt, wholeReport } from '../../../test/report-fixtures.ts';
import { xlsxDay } from '../../../test/spreadsheets.ts';
import { type Batch, makeCatalogue, receiveBatch } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { addDays, shopDay } from '../../platform/period.ts';

let t: TestApp;
let admin: string;
let cashier: string;
const today = shopDay('Africa/Kampala');
const ago = (days: number) => addDays(today, -days);
const b: Record<string, Batch> = {};
const small: Batch[] = [];

interface BatchRow {
  batch_number: string;
  balance: number;
  min_stock_level: number;
  status: string;
  value: number;
  total_sold: number;
}

beforeAll(async () => {
  ({ t, admin, cashier } = await signedInApp());
  const cement = await makeCatalogue(t, admin, 'Cement 50kg');
  const wire = await makeCatalogue(t, admin, 'Binding Wire');
  b.fresh = await receiveBatch(t, admin, cement, { quantity: 20, unit_price: 30_000, stock_date: ago(3) });
  b.tenDays = await receiveBatch(t, admin, cement, { quantity: 10, unit_price: 1_000, stock_date: ago(10) });
  b.low = await receiveBatch(t, admin, cement, {
    quantity: 5,
    unit_price: 2_000,
    min_stock_level: 10,
    stock_date: ago(45),
  });
  b.old = await receiveBatch(t, admin, wire, {
    quantity: 3,
    unit_price: 500,
    min_stock_level: 1,
    stock_date: ago(400),
  });
  b.soldOut = await receiveBatch(t, admin, wire, { quantity: 2, unit_price: 900, stock_date: ago(40) });
  for (let i = 0; i < 4; i++) {
    small.push(
      await receiveBatch(t, admin, wire, { quantity: 1.5, unit_price: 777, min_stock_level: 0, stock_date: ago(20) }),
    );
  }
  const now = new Date().toISOString();
  await saleAt(t, admin, now, [
    [b.fresh as Batch, 4],
    [b.soldOut as Batch, 2],
  ]);
});
afterAll(() => t.close());

const numbers = (rows: { batch_number: string }[]) => rows.map((r) => r.batch_number);

describe('GET /api/reportstocklist', () => {
  it('holds the batches whose stock date is in the period, totalling their cost over every page', async () => {
    const query = `report_type=custom&date_range=${ago(45)},${ago(3)}&pagination_size=5`;
    const first = await t.call('GET', `/api/reportstocklist?${query}`, { token: admin });
    const second = await t.call('GET', `/api/reportstocklist?${query}&page=2`, { token: admin });
    expect(first.body).toMatchObject({
      success: true,
      data: { total: 8, last_page: 2, per_page: 5 },
      report_start: ago(45),
      report_end: ago(3),
    });
    const expected = 20 * 30_000 + 10 * 1_000 + 5 * 2_000 + 2 * 900 + 4 * Math.round(1.5 * 777);
    expect(first.body.total_stocks).toBe(expected);
    expect(second.body.total_stocks).toBe(expected);
    const rows = [...first.body.data.data, ...second.body.data.data];
    expect(rows.reduce((sum: number, r: { total_cost: number }) => sum + r.total_cost, 0)).toBe(expected);
    expect(numbers(rows)).not.toContain(b.old?.batch_number);
    expect(rows[0]).toMatchObject({
      batch_number: b.fresh?.batch_number,
      product: { name: 'Cement 50kg' },
      measurement: { name: 'Bag Cement 50kg' },
      supplier: { name: 'Hima Supplies' },
      quantity: 20,
      unit_price: 30_000,
      stock_date: ago(3),
    });
  });

  it('defaults to today and searches the supplier', async () => {
    const daily = await wholeReport(t, admin, 'reportstocklist');
    expect(daily).toMatchObject({ report_start: today, report_end: today, total_stocks: 0 });
    const yearly = await wholeReport(t, admin, 'reportstocklist', {
      report_type: 'custom',
      date_range: `${ago(500)},${today}`,
      search: 'hima',
    });
    expect(yearly.data.total).toBe(9);
  });
});

describe('GET /api/reportstockbalancelist', () => {
  it('holds batches received by the period end, with balance, quantity sold in the period, value and status', async () => {
    const res = await wholeReport(t, admin, 'reportstockbalancelist', {
      report_type: 'custom',
      date_range: `${ago(7)},${today}`,
    });
    const rows: BatchRow[] = res.data.data;
    expect(rows).toHaveLength(9);
    const byNumber = new Map(rows.map((r) => [r.batch_number, r]));
    expect(byNumber.get(b.fresh?.batch_number as string)).toMatchObject({
      balance: 16,
      total_sold: 4,
      value: 16 * 30_000,
      status: 'In Stock',
    });
    expect(byNumber.get(b.soldOut?.batch_number as string)).toMatchObject({ balance: 0, status: 'Out of Stock' });
    // The sold column has the stock levels' name, on the row and in the declaration the screen reads.
    for (const r of rows) expect(r).not.toHaveProperty('quantity_sold');
    const soldField = (columns: readonly { header: string; field: string }[]) =>
      columns.find((c) => c.header === 'Qty Sold')?.field;
    expect(soldField(stockBalanceReport.columns)).toBe(soldField(stockLevelList.columns));
    expect(byNumber.get(b.low?.batch_number as string)).toMatchObject({ status: 'Low Stock' });
    for (const r of rows) expect(r.status).toBe(stockStatus(r.balance, r.min_stock_level));
    expect(res.total_stocks).toBe(rows.reduce((sum, r) => sum + r.value, 0));
    expect(res.total_stocks).toBe(16 * 30_000 + 10_000 + 10_000 + 1_500 + 4 * 1166);
  });

  it('counts only sales in the period and only batches received by its end', async () => {
    const before = await wholeReport(t, admin, 'reportstockbalancelist', {
      report_type: 'custom',
      date_range: `${ago(30)},${ago(5)}`,
    });
    expect(numbers(before.data.data)).not.toContain(b.fresh?.batch_number);
    expect(before.data.data.every((r: BatchRow) => r.total_sold === 0)).toBe(true);
  });
});

describe('GET /api/reportstocklowalertlist', () => {
  it('lists batches at or below their minimum level, lowest first, with the status', async () => {
    const res = await wholeReport(t, admin, 'reportstocklowalertlist');
    expect(numbers(res.data.data)).toEqual([b.soldOut?.batch_number, b.low?.batch_number]);
    expect(res.data.data.map((r: BatchRow) => r.status)).toEqual(['Out of Stock', 'Low Stock']);
    expect(res.total_stocks).toBe(5 * 2_000);
    expect(Object.keys(res)).toEqual(['success', 'data', 'total_stocks']);
  });
});

describe('GET /api/reportstockaginglist', () => {
  it('lists stock received on or before the threshold, oldest first, with days in stock and the age band', async () => {
    const res = await wholeReport(t, admin, 'reportstockaginglist');
    expect(res).toMatchObject({ threshold_date: ago(30), aging_threshold: '30 days', total_value: 1_500 + 10_000 });
    expect(res.data.data).toMatchObject([
      {
        batch_number: b.old?.batch_number,
        first_received_date: ago(400),
        days_in_stock: 400,
        aging_period: 'Over 1 year',
      },
      {
        batch_number: b.low?.batch_number,
        days_in_stock: 45,
        aging_period: '31-60 days',
        balance: 5,
        total_value: 10_000,
      },
    ]);
  });

  it('takes the other periods and custom days', async () => {
    const week = await wholeReport(t, admin, 'reportstockaginglist', { aging_period: '7' });
    expect(week.data.total).toBe(7);
    for (const r of week.data.data) expect(r.aging_period).toBe(agingBand(r.days_in_stock));
    expect(week.data.data.at(-1)).toMatchObject({ batch_number: b.tenDays?.batch_number, aging_period: '8-30 days' });
    const custom = await wholeReport(t, admin, 'reportstockaginglist', { aging_period: 'custom', custom_days: '100' });
    expect(custom).toMatchObject({ threshold_date: ago(100), aging_threshold: '100 days', total_value: 1_500 });
    expect(numbers(custom.data.data)).toEqual([b.old?.batch_number]);
  });

  it('refuses custom without days and a bad period with 422', async () => {
    const missing = await t.call('GET', '/api/reportstockaginglist?aging_period=custom', { token: admin });
    expect(missing).toMatchObject({
      status: 422,
      body: {
        message: 'Please enter the number of days for custom aging period',
        errors: { custom_days: ['Please enter the number of days for custom aging period'] },
      },
    });
    const zero = await t.call('GET', '/api/reportstockaginglist?aging_period=custom&custom_days=0', { token: admin });
    expect(zero).toMatchObject({
      status: 422,
      body: { message: 'The custom days must be a whole number from 1 to 36500.' },
    });
    const bad = await t.call('GET', '/api/reportstockaginglist?aging_period=45', { token: admin });
    expect(bad.status).toBe(422);
  });
});

describe('inventory report keys', () => {
  const filters = [
    [stockReport, 'report_type=yearly'],
    [stockBalanceReport, 'report_type=monthly'],
    [stockLowAlertReport, null],
    [stockAgingReport, 'aging_period=90'],
  ] as const;

  it('need a token, the List key for the list, the Filter key for a filter and the Export key for the files', async () => {
    for (const [report, filter] of filters) await expectReportKeys(t, cashier, report, filter);
  });
});

describe('inventory report exports', () => {
  it('XLSX of the balance report: period, total, the screen columns, numbers as numbers', async () => {
    const { rows } = await exportedRows(
      t,
      admin,
      `reportstockbalancexlsx?report_type=custom&date_range=${ago(7)},${today}&search=cement`,
      'xlsx',
    );
    expect(rows[0]).toEqual(['Stock Balance Report']);
    expect(rows[1]).toEqual(['Period', xlsxDay(ago(7)), xlsxDay(today)]);
    expect(rows[2]).toEqual(['Total Stock (UGX)', 16 * 30_000 + 10_000 + 10_000]);
    expect(rows[3]).toEqual([
      'Product',
      'Batch Number',
      'Brand',
      'Unit of Measurement',
      'Qty in Stock',
      'Qty Sold',
      'Unit Cost',
      'Value',
      'Status',
    ]);
    expect(rows.slice(4)).toContainEqual([
      'Cement 50kg',
      b.fresh?.batch_number,
      'Tororo',
      'Bag Cement 50kg',
      16,
      4,
      30_000,
      480_000,
      'In Stock',
    ]);
    expect(rows.slice(4)).toHaveLength(3);
  });

  it('CSV of the aging report follows its filter; the low alert file is as of today', async () => {
    const aging = await exportedRows(t, admin, 'reportstockagingcsv?aging_period=custom&custom_days=100', 'csv');
    const lines = aging.rows.filter((r) => r.some((cell) => cell !== ''));
    expect(lines.slice(0, 3)).toEqual([
      ['Stock Aging Report'],
      ['Period', 'Up to', ago(100)],
      ['Total Value (UGX)', '1500'],
    ]);
    expect(lines.slice(4)).toEqual([
      [
        'Binding Wire',
        b.old?.batch_number,
        'Tororo',
        'Bag Binding Wire',
        ago(400),
        '400',
        'Over 1 year',
        '3',
        '500',
        '1500',
      ],
    ]);
    const low = await exportedRows(t, admin, 'reportstocklowalertxlsx', 'xlsx');
    expect(low.rows.slice(0, 3)).toEqual([['Stock Low Alert Report'], ['As of', today], ['Total Stock (UGX)', 10_000]]);
    expect(low.rows.slice(4).map((r) => r[1])).toEqual([b.soldOut?.batch_number, b.low?.batch_number]);
  });
});
