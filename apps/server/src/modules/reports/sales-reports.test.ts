// The four sales reports: envelopes, periods in the shop's time zone, totals over every page, agreement between the
// reports, the sales export and the dashboard, keys, and the exported files.
import { consolidatedSalesReport, dailySalesReport, monthlySalesReport, weeklySalesReport } from '@duka/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInApp } from '../../../test/crud-contract.ts';
import { expectReportKeys, exportedRows, saleAt, wholeReport } from '../../../test/report-fixtures.ts';
import { xlsxDay, xlsxRows } from '../../../test/spreadsheets.ts';
import { type Batch, makeCatalogue, receiveBatch } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { addDays, mondayOf, shopDay } from '../../platform/period.ts';

let t: TestApp;
let admin: string;
let cashier: string;
let cement: Batch;
let nails: Batch;
const totals: Record<string, number> = {};

interface Line {
  total_price: number;
  total_amount: number;
  discount_amount: number;
  sale: { sale_number: string; discount: number };
}
const sumAmounts = (rows: Line[]) => rows.reduce((sum, r) => sum + r.total_amount, 0);

beforeAll(async () => {
  ({ t, admin, cashier } = await signedInApp());
  cement = await receiveBatch(t, admin, await makeCatalogue(t, admin, 'Cement 50kg'), {
    quantity: 500,
    sale_price: 35_000,
  });
  nails = await receiveBatch(t, admin, await makeCatalogue(t, admin, 'Nails 4 Inch'), {
    quantity: 500,
    sale_price: 12_345,
  });
  // Kampala is UTC+3. The week of Monday 3 March 2025, with sales on its edges.
  totals.sundayBefore = (await saleAt(t, admin, '2025-03-02T20:59:00Z', [[cement, 1]])).total;
  totals.monday = (
    await saleAt(
      t,
      admin,
      '2025-03-03T07:00:00Z',
      [
        [cement, 1],
        [nails, 2],
      ],
      7.5,
    )
  ).total;
  totals.tuesdayLate = (await saleAt(t, admin, '2025-03-04T20:30:00Z', [[cement, 1]])).total; // 23:30 Tuesday
  totals.wednesdayEarly = (await saleAt(t, admin, '2025-03-04T21:30:00Z', [[nails, 3]], 10)).total; // 00:30 Wednesday
  totals.thursday = 0;
  for (const hour of ['05', '06', '07', '08']) {
    const lines: [Batch, number][] = [
      [cement, 1],
      [nails, 1.5],
    ];
    totals.thursday += (await saleAt(t, admin, `2025-03-06T${hour}:00:00Z`, lines, 3.33)).total;
  }
  totals.nextMonday = (await saleAt(t, admin, '2025-03-09T21:10:00Z', [[nails, 1]], 5)).total; // 00:10 on 10 March
  totals.april = (await saleAt(t, admin, '2025-04-01T10:00:00Z', [[cement, 2]])).total;
});
afterAll(() => t.close());

const week = () => totals.monday + totals.tuesdayLate + totals.wednesdayEarly + totals.thursday;

describe('GET /api/reportdailysaleslist', () => {
  it('answers the report envelope with the extras at the top level', async () => {
    const res = await t.call('GET', '/api/reportdailysaleslist?Date=2025-03-03', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      data: { current_page: 1, last_page: 1, total: 2, per_page: 10, from: 1, to: 2 },
      last_sold_date: '2025-03-03',
      total_sales: totals.monday,
    });
    const [nailsLine] = res.body.data.data.filter(
      (r: { batch_number: string }) => r.batch_number === nails.batch_number,
    );
    expect(nailsLine).toMatchObject({
      product: { name: 'Nails 4 Inch' },
      brand: { name: 'Tororo' },
      measurement: { name: 'Bag Nails 4 Inch' },
      quantity: 2,
      unit_price: 12_345,
      sale: { discount: 7.5 },
      total_price: 24_690,
      user: { name: expect.any(String) },
    });
    // 7.5 % of 59,690 is 4,477; the nails' share is 1,851.7… and takes the odd shilling.
    expect(nailsLine.discount_amount).toBe(1852);
    expect(nailsLine.total_amount).toBe(24_690 - 1852);
  });

  it('counts a sale at 23:30 Kampala time in that day, and one at 00:30 in the next', async () => {
    const tuesday = await wholeReport(t, admin, 'reportdailysaleslist', { Date: '2025-03-04' });
    expect(tuesday.total_sales).toBe(totals.tuesdayLate);
    expect(tuesday.data.data).toHaveLength(1);
    const wednesday = await wholeReport(t, admin, 'reportdailysaleslist', { Date: '2025-03-05' });
    expect(wednesday.total_sales).toBe(totals.wednesdayEarly);
    expect(wednesday.last_sold_date).toBe('2025-03-05');
  });

  it('gives the last sale before a quiet day, and defaults to today', async () => {
    const quiet = await wholeReport(t, admin, 'reportdailysaleslist', { Date: '2025-03-08' });
    expect(quiet).toMatchObject({ total_sales: 0, last_sold_date: '2025-03-06', data: { total: 0, from: null } });
    const today = await wholeReport(t, admin, 'reportdailysaleslist');
    expect(today.total_sales).toBe(0);
    expect(today.last_sold_date).toBe('2025-04-01');
  });

  it('totals the whole day on every page, and the pages add up to it', async () => {
    const page = (n: number) =>
      t.call('GET', `/api/reportdailysaleslist?Date=2025-03-06&pagination_size=5&page=${n}`, { token: admin });
    const [first, second] = [(await page(1)).body, (await page(2)).body];
    expect(first.data).toMatchObject({ total: 8, last_page: 2, per_page: 5, from: 1, to: 5 });
    expect(second.data).toMatchObject({ current_page: 2, from: 6, to: 8 });
    expect(first.total_sales).toBe(totals.thursday);
    expect(second.total_sales).toBe(totals.thursday);
    expect(sumAmounts(first.data.data) + sumAmounts(second.data.data)).toBe(totals.thursday);
  });

  it('searches product, brand, batch number and sale number, and totals what it finds', async () => {
    const byProduct = await wholeReport(t, admin, 'reportdailysaleslist', { Date: '2025-03-06', search: 'nails 4' });
    expect(byProduct.data.total).toBe(4);
    expect(byProduct.total_sales).toBe(sumAmounts(byProduct.data.data));
    expect(byProduct.total_sales).toBeLessThan(totals.thursday);
    const byBatch = await wholeReport(t, admin, 'reportdailysaleslist', {
      Date: '2025-03-06',
      search: cement.batch_number,
    });
    expect(byBatch.data.total).toBe(4);
    const saleNumber = byBatch.data.data[0].sale.sale_number;
    const bySale = await wholeReport(t, admin, 'reportdailysaleslist', { Date: '2025-03-06', search: saleNumber });
    expect(bySale.data.total).toBe(2);
  });

  it('refuses a malformed date with 422', async () => {
    const res = await t.call('GET', '/api/reportdailysaleslist?Date=2025-02-30', { token: admin });
    expect(res).toMatchObject({ status: 422, body: { message: 'The date must be a date (YYYY-MM-DD).' } });
  });
});

describe('GET /api/reportweeklysaleslist', () => {
  it('snaps any day to its Monday-to-Sunday week', async () => {
    for (const day of ['2025-03-03', '2025-03-05', '2025-03-09']) {
      const res = await wholeReport(t, admin, 'reportweeklysaleslist', { week_start: day });
      expect(res).toMatchObject({ week_start: '2025-03-03', week_end: '2025-03-09', total_sales: week() });
      expect(sumAmounts(res.data.data)).toBe(week());
    }
  });

  it('defaults to the current week', async () => {
    const res = await wholeReport(t, admin, 'reportweeklysaleslist');
    const monday = mondayOf(shopDay('Africa/Kampala'));
    expect(res).toMatchObject({ week_start: monday, week_end: addDays(monday, 6), total_sales: 0 });
  });
});

describe('GET /api/reportmonthlysaleslist', () => {
  it('totals the month, edges included', async () => {
    const res = await wholeReport(t, admin, 'reportmonthlysaleslist', { month: '2025-03' });
    expect(res.selected_month).toBe('2025-03');
    expect(res.total_sales).toBe(totals.sundayBefore + week() + totals.nextMonday);
    expect(sumAmounts(res.data.data)).toBe(res.total_sales);
    const current = await wholeReport(t, admin, 'reportmonthlysaleslist');
    expect(current.selected_month).toBe(shopDay('Africa/Kampala').slice(0, 7));
  });

  it('refuses a future month and a malformed one with 422', async () => {
    const next = addDays(`${shopDay('Africa/Kampala').slice(0, 7)}-28`, 7).slice(0, 7);
    const future = await t.call('GET', `/api/reportmonthlysaleslist?month=${next}`, { token: admin });
    expect(future).toMatchObject({
      status: 422,
      body: {
        message: 'The month cannot be in the future.',
        errors: { month: ['The month cannot be in the future.'] },
      },
    });
    const malformed = await t.call('GET', '/api/reportmonthlysaleslist?month=2025-13', { token: admin });
    expect(malformed).toMatchObject({ status: 422, body: { message: 'The month must be in the format YYYY-MM.' } });
  });
});

describe('GET /api/reportconsolidatedsaleslist', () => {
  it('takes a custom range, both ends included', async () => {
    const res = await wholeReport(t, admin, 'reportconsolidatedsaleslist', {
      report_type: 'custom',
      date_range: '2025-03-03,2025-03-09',
    });
    expect(res).toMatchObject({ report_start: '2025-03-03', report_end: '2025-03-09', total_sales: week() });
  });

  it('resolves the other types around today', async () => {
    const today = shopDay('Africa/Kampala');
    const expected: Record<string, [string, string]> = {
      daily: [today, today],
      weekly: [mondayOf(today), addDays(mondayOf(today), 6)],
      monthly: [`${today.slice(0, 7)}-01`, addDays(`${addDays(`${today.slice(0, 7)}-28`, 7).slice(0, 7)}-01`, -1)],
      yearly: [`${today.slice(0, 4)}-01-01`, `${today.slice(0, 4)}-12-31`],
    };
    for (const [type, [start, end]] of Object.entries(expected)) {
      const res = await wholeReport(t, admin, 'reportconsolidatedsaleslist', { report_type: type });
      expect([res.report_start, res.report_end], type).toEqual([start, end]);
    }
    const quarter = await wholeReport(t, admin, 'reportconsolidatedsaleslist', { report_type: 'quarterly' });
    const firstMonth = Math.floor((Number(today.slice(5, 7)) - 1) / 3) * 3 + 1;
    expect(quarter.report_start).toBe(`${today.slice(0, 4)}-${String(firstMonth).padStart(2, '0')}-01`);
    expect(quarter.report_start <= today && today <= quarter.report_end).toBe(true);
  });

  it('refuses custom without a range, and a malformed or reversed range, with 422', async () => {
    const cases: [string, string][] = [
      ['report_type=custom', 'Please select a date range for a custom report.'],
      ['report_type=custom&date_range=2025-03-03', 'The date range must be two dates: YYYY-MM-DD,YYYY-MM-DD.'],
      ['report_type=custom&date_range=2025-03-09,2025-03-03', 'The end of the date range cannot be before its start.'],
      ['report_type=hourly', 'The report type must be one of daily, weekly, monthly, quarterly, yearly, custom.'],
    ];
    for (const [query, message] of cases) {
      const res = await t.call('GET', `/api/reportconsolidatedsaleslist?${query}`, { token: admin });
      expect(res, query).toMatchObject({ status: 422, body: { success: false, message } });
    }
  });
});

describe('the sales reports reconcile to the shilling', () => {
  it('daily, weekly, monthly, consolidated, the sales export and the dashboard agree on the same days', async () => {
    let days = 0;
    for (let day = '2025-03-03'; day <= '2025-03-09'; day = addDays(day, 1)) {
      days += (await wholeReport(t, admin, 'reportdailysaleslist', { Date: day })).total_sales;
    }
    const weekly = await wholeReport(t, admin, 'reportweeklysaleslist', { week_start: '2025-03-03' });
    const custom = await wholeReport(t, admin, 'reportconsolidatedsaleslist', {
      report_type: 'custom',
      date_range: '2025-03-03,2025-03-09',
    });
    expect(days).toBe(week());
    expect(weekly.total_sales).toBe(week());
    expect(custom.total_sales).toBe(week());

    const month = await wholeReport(t, admin, 'reportmonthlysaleslist', { month: '2025-03' });
    const monthRange = await wholeReport(t, admin, 'reportconsolidatedsaleslist', {
      report_type: 'custom',
      date_range: '2025-03-01,2025-03-31',
    });
    expect(monthRange.total_sales).toBe(month.total_sales);

    const salesFile = await t.download('/api/salexlsx?startDate=2025-03-03&endDate=2025-03-09', admin);
    const totalRow = (await xlsxRows(salesFile.bytes)).find((r) => r[0] === 'Total sales (UGX)');
    expect(totalRow?.[1]).toBe(week());

    const dashboard = await t.call('GET', '/api/dashboard?startDate=2025-03-01&endDate=2025-03-31', { token: admin });
    expect(dashboard.body.data.total_revenue).toBe(month.total_sales);
  });

  it('stores each sale line its share of the discount, adding up to the sale', async () => {
    const rows = await t.db
      .selectFrom('sales as sa')
      .innerJoin('sale_items as i', 'i.sale_id', 'sa.id')
      .select(['sa.id', 'sa.discount_amount as sale_discount'])
      .select((eb) => eb.fn.sum<number>('i.discount_amount').as('lines_discount'))
      .groupBy(['sa.id', 'sa.discount_amount'])
      .execute();
    expect(rows.some((r) => r.sale_discount > 0)).toBe(true);
    for (const r of rows) expect(Number(r.lines_discount), `sale ${r.id}`).toBe(r.sale_discount);
  });
});

describe('sales report keys', () => {
  const filters = [
    [dailySalesReport, 'Date=2025-03-04'],
    [weeklySalesReport, 'week_start=2025-03-04'],
    [monthlySalesReport, 'month=2025-03'],
    [consolidatedSalesReport, 'report_type=yearly'],
  ] as const;

  it('need a token, the List key for the list, the Filter key for a filter and the Export key for the files', async () => {
    for (const [report, filter] of filters) await expectReportKeys(t, cashier, report, filter);
  });
});

describe('sales report exports', () => {
  it('XLSX: title, period and total above the columns of the screen, numbers as numbers, the filters followed', async () => {
    const { rows, headers } = await exportedRows(t, admin, 'reportweeklysalesxlsx?week_start=2025-03-05', 'xlsx');
    expect(headers.get('content-disposition')).toMatch(/_weekly_sales_report\.xlsx"$/);
    expect(rows[0]).toEqual(['Weekly Sales Report']);
    expect(rows[1]).toEqual(['Period', xlsxDay('2025-03-03'), xlsxDay('2025-03-09')]);
    expect(rows[2]).toEqual(['Total Sales (UGX)', week()]);
    expect(rows[3]).toEqual([
      'Product',
      'Brand',
      'Measurement',
      'Batch No',
      'Qty',
      'Unit Price',
      'Discount (%)',
      'Total Amount',
      'Issued By',
      'Date',
      'Return No',
      'Base Qty',
      'Base Unit',
    ]);
    const data = rows.slice(4);
    expect(data).toHaveLength(12);
    expect(data.reduce((sum, r) => sum + (r[7] as number), 0)).toBe(week());
    const tuesday = data.find((r) => (r[9] as Date).getTime() === xlsxDay('2025-03-04').getTime());
    expect(tuesday).toEqual([
      'Cement 50kg',
      'Tororo',
      'Bag Cement 50kg',
      cement.batch_number,
      1,
      35_000,
      0,
      35_000,
      expect.any(String),
      xlsxDay('2025-03-04'),
      'N/A',
      1,
      'Bag Cement 50kg',
    ]);
  });

  it('CSV: the same columns, following the search', async () => {
    const { rows } = await exportedRows(t, admin, 'reportdailysalescsv?Date=2025-03-06&search=nails', 'csv');
    const lines = rows.filter((r) => r.some((cell) => cell !== ''));
    expect(lines[0]).toEqual(['Daily Sales Report']);
    expect(lines[1]).toEqual(['Period', '2025-03-06', '2025-03-06']);
    const search = await wholeReport(t, admin, 'reportdailysaleslist', { Date: '2025-03-06', search: 'nails' });
    expect(lines[2]).toEqual(['Total Sales (UGX)', String(search.total_sales)]);
    expect(lines[3]?.[0]).toBe('Product');
    expect(lines.slice(4)).toHaveLength(4);
    expect(lines.slice(4).every((r) => r[0] === 'Nails 4 Inch' && r[4] === '1.5')).toBe(true);
  });
});
