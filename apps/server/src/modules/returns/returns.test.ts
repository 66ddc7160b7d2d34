import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastAudit } from '../../../test/catalogue-fixtures.ts';
import { exportedRows, saleAt, wholeReport } from '../../../test/report-fixtures.ts';
import { xlsxDay } from '../../../test/spreadsheets.ts';
import { type Batch, batchState } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { shortOfflineSale, tillShop } from '../../../test/till-fixtures.ts';

// Returns: quantity back into its batch, refunds, limits, concurrency and the figures after a return.
let t: TestApp;
let admin: string;
let cashier: string;
let cement: Batch;
let nails: Batch;

beforeAll(async () => {
  ({ t, admin, cashier, cement, nails } = await tillShop());
});
afterAll(() => t.close());

const now = () => new Date().toISOString();
const lines = async (saleId: number) =>
  (await t.call('GET', `/api/saleshow/${saleId}`, { token: admin })).body.data.items as {
    id: number;
    quantity: number;
  }[];
const giveBack = (saleId: number, body: unknown, token = cashier) =>
  t.call('POST', `/api/salesreturnstore/${saleId}`, { token, body });

describe('POST /api/salesreturnstore/:saleId', () => {
  it('answers 401, 422, 403 and 404 with clear messages', async () => {
    const sale = await saleAt(t, cashier, now(), [[cement, 1]]);
    const [line] = await lines(sale.id);
    const body = { items: [{ sale_item_id: line?.id, quantity: 1 }], reason: 'Wrong size', refund_method: 'CASH' };
    expect((await t.call('POST', `/api/salesreturnstore/${sale.id}`, { body })).status).toBe(401);
    const bad = await giveBack(sale.id, { items: [], reason: ' ', refund_method: 'MOBILE_MONEY' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      items: ['Choose what comes back.'],
      reason: ['Give the reason for the return.'],
      refund_reference: ['A Mobile Money refund needs its transaction id.'],
    });
    expect((await giveBack(999_999, body)).status).toBe(404);
    const otherLine = await giveBack(sale.id, { ...body, items: [{ sale_item_id: 999_999, quantity: 1 }] });
    expect(otherLine.body.errors).toEqual({ 'items.0.sale_item_id': ['That line is not part of this sale.'] });
    await t.db.deleteFrom('role_permissions').where('permission_key', '=', 'salesReturn').execute();
    expect((await giveBack(sale.id, body)).status).toBe(403);
    const role = await t.db.selectFrom('roles').select('id').where('name', '=', 'Cashier').executeTakeFirstOrThrow();
    await t.db.insertInto('role_permissions').values({ role_id: role.id, permission_key: 'salesReturn' }).execute();
  });

  it('puts exactly the returned part of a line back in its batch, refunds its share, and refuses past what was sold', async () => {
    // 3 × 35,000 at 10% off: 94,500; 1.5 back refunds half of it.
    const sale = await saleAt(t, cashier, now(), [[cement, 3]], 10);
    const [line] = await lines(sale.id);
    const before = await batchState(t, cement.id);
    const res = await giveBack(sale.id, {
      items: [{ sale_item_id: line?.id, quantity: 1.5 }],
      reason: 'Bags torn',
      refund_method: 'MOBILE_MONEY',
      refund_reference: 'MP-REFUND-1',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      data: { id: expect.any(Number), return_number: expect.any(Number) },
    });
    const after = await batchState(t, cement.id);
    expect(after.balance).toBe(before.balance + 1.5);
    expect(after.quantity_sold).toBe(before.quantity_sold - 1.5);
    const shown = (await t.call('GET', `/api/salesreturnshow/${res.body.data.id}`, { token: admin })).body.data;
    expect(shown).toMatchObject({
      refund_amount: 47_250,
      refund_method: 'MOBILE_MONEY',
      refund_reference: 'MP-REFUND-1',
    });
    expect(shown.items).toMatchObject([{ sale_item_id: line?.id, quantity: 1.5, refund_amount: 47_250 }]);

    const past = await giveBack(sale.id, {
      items: [{ sale_item_id: line?.id, quantity: 2 }],
      reason: 'x',
      refund_method: 'CASH',
    });
    expect(past.status).toBe(422);
    expect(past.body.errors['items.0.quantity']).toEqual([expect.stringContaining('Only 1.5 of')]);
    expect((await batchState(t, cement.id)).balance).toBe(after.balance);
    // The rest comes back: the two refunds add up to the line's whole net amount.
    const rest = await giveBack(sale.id, {
      items: [{ sale_item_id: line?.id, quantity: 1.5 }],
      reason: 'x',
      refund_method: 'CASH',
    });
    expect(rest.body.data.return_number).toBe(res.body.data.return_number + 1);
    const sold = (await t.call('GET', `/api/saleshow/${sale.id}`, { token: admin })).body.data;
    expect(sold.returns.map((r: { refund_amount: number }) => r.refund_amount)).toEqual([47_250, 47_250]);
    expect(sold.returned).toEqual({ [String(line?.id)]: 3 });
    const audit = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('activity', '=', 'Return')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.details).toContain(`of sale`);
  });

  it('never returns more than sold under concurrent returns of the same line', async () => {
    const sale = await saleAt(t, cashier, now(), [[nails, 5]]);
    const [line] = await lines(sale.id);
    const before = await batchState(t, nails.id);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        giveBack(sale.id, {
          items: [{ sale_item_id: line?.id, quantity: 2 }],
          reason: 'Too many',
          refund_method: 'CASH',
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(6);
    expect((await batchState(t, nails.id)).balance).toBe(before.balance + 4);
  });

  it('refuses a sale older than the return window of the security settings', async () => {
    const sale = await saleAt(t, cashier, new Date(Date.now() - 31 * 86_400_000).toISOString(), [[nails, 1]]);
    const [line] = await lines(sale.id);
    const res = await giveBack(sale.id, {
      items: [{ sale_item_id: line?.id, quantity: 1 }],
      reason: 'Late',
      refund_method: 'CASH',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/returns are taken within 30 days of the sale\.$/);
  });
});

describe('returns of an offline sale its batch could not cover', () => {
  const shortfall = (id: number) =>
    t.db
      .selectFrom('stock_discrepancies')
      .select(['quantity', 'returned_quantity', 'resolved_at', 'resolution_kind', 'resolution_note'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const giveBackLine = (saleId: number, lineId: number, quantity: number) =>
    giveBack(saleId, { items: [{ sale_item_id: lineId, quantity }], reason: 'Not needed', refund_method: 'CASH' });

  it('puts back what the batch gave, takes the rest off the discrepancy, and settles it once all came back', async () => {
    // Batch of 5; the offline sale of 4 found 2 left after an online sale of 3: it gave 2, short by 2.
    const short = await shortOfflineSale(t, admin, cashier, { received: 5, soldSince: 3, quantity: 4 });
    const onlineLine = (await lines(short.onlineSaleId))[0]?.id as number;
    // The online sale back first: the batch no longer counts anything of it.
    expect((await giveBackLine(short.onlineSaleId, onlineLine, 3)).status).toBe(200);
    expect(await batchState(t, short.batch.id)).toMatchObject({ balance: 3, quantity_sold: 2 });
    // 1 of the offline sale: from what the batch gave.
    expect((await giveBackLine(short.offlineSaleId, short.lineId, 1)).status).toBe(200);
    expect(await batchState(t, short.batch.id)).toMatchObject({ balance: 4, quantity_sold: 1 });
    expect(await shortfall(short.discrepancyId)).toMatchObject({ returned_quantity: 0, resolved_at: null });
    // 3 more: 1 the batch gave, 2 it never did, which come off the discrepancy and settle it.
    const rest = await giveBackLine(short.offlineSaleId, short.lineId, 3);
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(await batchState(t, short.batch.id)).toMatchObject({ balance: 5, quantity_sold: 0 });
    const settled = await shortfall(short.discrepancyId);
    expect(settled).toMatchObject({ quantity: 2, returned_quantity: 2, resolution_kind: 'RETURNED' });
    expect(settled.resolved_at).not.toBeNull();
    expect(settled.resolution_note).toBe(`All of it came back (return ${rest.body.data.return_number}).`);
    expect((await lastAudit(t)).details).toContain(`× 3 (2 off stock discrepancy #${short.discrepancyId})`);
    // The whole line was refunded: 4 × 10,000.
    const refunds = await t.db
      .selectFrom('sale_returns')
      .select((eb) => eb.fn.sum<string>('refund_amount').as('total'))
      .where('sale_id', '=', short.offlineSaleId)
      .executeTakeFirstOrThrow();
    expect(Number(refunds.total)).toBe(40_000);
  });

  it('answers 409 for what the batch never gave once its discrepancy is resolved, and takes back what it gave', async () => {
    const short = await shortOfflineSale(t, admin, cashier, { received: 5, soldSince: 3, quantity: 4 });
    const resolved = await t.call('PUT', `/api/stockdiscrepancyresolve/${short.discrepancyId}`, {
      token: admin,
      body: { kind: 'STOCK_RECEIVED', note: 'A delivery came in before it was entered' },
    });
    expect(resolved.status).toBe(200);
    const onlineLine = (await lines(short.onlineSaleId))[0]?.id as number;
    expect((await giveBackLine(short.onlineSaleId, onlineLine, 3)).status).toBe(200);
    const before = await batchState(t, short.batch.id);
    const refused = await giveBackLine(short.offlineSaleId, short.lineId, 4);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /^Only 2 of .+ can come back: the offline sale found its batch 2 short, and that stock discrepancy has been resolved\.$/,
    );
    expect(refused.body.errors).toEqual({ 'items.0.quantity': ['At most 2.'] });
    expect(await batchState(t, short.batch.id)).toEqual(before);
    expect(await t.db.selectFrom('sale_returns').where('sale_id', '=', short.offlineSaleId).execute()).toHaveLength(0);
    expect((await giveBackLine(short.offlineSaleId, short.lineId, 2)).status).toBe(200);
    expect(await batchState(t, short.batch.id)).toMatchObject({ balance: 5, quantity_sold: 0 });
    expect(await shortfall(short.discrepancyId)).toMatchObject({
      returned_quantity: 0,
      resolution_kind: 'STOCK_RECEIVED',
    });
  });
});

describe('figures after a return', () => {
  it('the four sales reports, revenue report, P&L and dashboard agree, the return counted on its own day', async () => {
    // A sale on Saturday 2025-05-10 with a discount, part of it back on Monday 2025-06-02 (Kampala): May keeps the
    // sale, June carries the return, and every report reads it so.
    const sale = await saleAt(
      t,
      cashier,
      now(),
      [
        [cement, 2],
        [nails, 4],
      ],
      7.5,
    );
    const items = await lines(sale.id);
    const back = await giveBack(sale.id, {
      items: [{ sale_item_id: items[0]?.id, quantity: 1 }],
      reason: 'Damaged',
      refund_method: 'CASH',
    });
    expect(back.status).toBe(200);
    // Both moved to the past once recorded (the return window counts from today).
    await sql`UPDATE sales SET created_at = '2025-05-10T09:00:00Z' WHERE id = ${sale.id}`.execute(t.db);
    await sql`UPDATE sale_returns SET created_at = '2025-06-02T08:00:00Z' WHERE id = ${back.body.data.id}`.execute(
      t.db,
    );
    const { refund_amount: refund } = await t.db
      .selectFrom('sale_returns')
      .select('refund_amount')
      .where('id', '=', back.body.data.id)
      .executeTakeFirstOrThrow();
    // 35,000 less the line's 7.5% share, to the shilling as the sale stored it.
    expect(refund).toBe(32_375);

    const sumRows = (rows: { total_amount: number }[]) => rows.reduce((sum, r) => sum + r.total_amount, 0);
    /** Revenue, P&L and dashboard over the days, each sales report given as [path, query] over the same days. */
    const agree = async (startDate: string, endDate: string, salesReports: [string, Record<string, string>][]) => {
      const range = { report_type: 'custom', date_range: `${startDate},${endDate}` };
      const [revenue, pl, dashboard, ...reports] = await Promise.all([
        wholeReport(t, admin, 'reportrevenuelist', range),
        wholeReport(t, admin, 'reportprofitlosslist', range),
        t.call('GET', `/api/dashboard?startDate=${startDate}&endDate=${endDate}`, { token: admin }),
        wholeReport(t, admin, 'reportconsolidatedsaleslist', range),
        ...salesReports.map(([path, query]) => wholeReport(t, admin, path, query)),
      ]);
      expect(pl.revenue).toBe(revenue.total_revenue);
      expect(dashboard.body.data.total_revenue).toBe(revenue.total_revenue);
      expect(dashboard.body.data.gross_profit).toBe(pl.gross_profit);
      for (const report of reports) {
        expect(report.total_sales).toBe(revenue.total_revenue);
        expect(sumRows(report.data.data)).toBe(report.total_sales);
      }
      return { revenue, pl, chart: dashboard.body.data.chart_data, lines: reports[0].data.data };
    };

    const may = await agree('2025-05-01', '2025-05-31', [['reportmonthlysaleslist', { month: '2025-05' }]]);
    expect(may.revenue.total_revenue).toBe(sale.total);
    expect(may.pl.cost_of_goods_sold).toBe(2 * 30_000 + 4 * 5_000);
    expect(may.lines).toHaveLength(2);
    expect(may.chart.map((bar: { y: number }) => bar.y)).toEqual([4, 2]);
    // The sale's own day is never rewritten by the later return.
    await agree('2025-05-10', '2025-05-10', [['reportdailysaleslist', { Date: '2025-05-10' }]]);
    await agree('2025-05-05', '2025-05-11', [['reportweeklysaleslist', { week_start: '2025-05-10' }]]);

    const june = await agree('2025-06-01', '2025-06-30', [['reportmonthlysaleslist', { month: '2025-06' }]]);
    expect(june.revenue.total_revenue).toBe(-refund);
    expect(june.revenue.total_returns).toBe(refund);
    expect(june.revenue.by_payment_method.CASH).toBe(-refund);
    expect(june.revenue.data.data).toMatchObject([
      { day: '2025-06-02', sales_count: 0, returns: refund, revenue: -refund },
    ]);
    expect(june.pl.cost_of_goods_sold).toBe(-30_000);
    // The returned line: a negative row on the return's day, carrying the return's number and the sale's.
    expect(june.lines).toEqual([
      expect.objectContaining({
        quantity: -1,
        unit_price: 35_000,
        total_price: -35_000,
        discount_amount: -(35_000 - refund),
        total_amount: -refund,
        return_number: back.body.data.return_number,
        sale: { discount: 7.5, sale_number: expect.stringMatching(/^SN/) },
      }),
    ]);
    expect(june.lines[0].id).toBeLessThan(0);
    // Nothing nets above zero in June: the returned cement is no top product.
    expect(june.chart).toEqual([]);
    const mondayOfReturn = await agree('2025-06-02', '2025-06-08', [
      ['reportdailysaleslist', { Date: '2025-06-02' }],
      ['reportweeklysaleslist', { week_start: '2025-06-04' }],
    ]);
    expect(mondayOfReturn.revenue.total_revenue).toBe(-refund);

    // Over both days the sale and its return net out; top products count what stayed sold.
    const both = await agree('2025-05-01', '2025-06-30', []);
    expect(both.revenue.total_revenue).toBe(sale.total - refund);
    expect(both.lines).toHaveLength(3);
    expect(both.chart.map((bar: { y: number }) => bar.y)).toEqual([4, 1]);
    expect(both.chart[1].label).toMatch(/^Cement \w+ \(Bag Cement \w+\)$/);

    // The files follow the screens: the return's row and the net total in the header.
    const { rows } = await exportedRows(t, admin, 'reportmonthlysalesxlsx?month=2025-06', 'xlsx');
    expect(rows[2]).toEqual(['Total Sales (UGX)', -refund]);
    expect(rows[4]).toEqual([
      expect.stringMatching(/^Cement/),
      'Tororo',
      expect.stringMatching(/^Bag Cement/),
      cement.batch_number,
      -1,
      35_000,
      7.5,
      -refund,
      expect.any(String),
      xlsxDay('2025-06-02'),
      String(back.body.data.return_number),
      // Sold in the base: its base quantity and unit are the same.
      -1,
      expect.stringMatching(/^Bag Cement/),
    ]);
  });
});

describe('GET /api/salesreturnlist and its files', () => {
  it('lists the returns, newest first, finds one by its number, and exports them with the total refunds', async () => {
    const sale = await saleAt(t, cashier, now(), [[nails, 2]]);
    const [line] = await lines(sale.id);
    const back = await giveBack(sale.id, {
      items: [{ sale_item_id: line?.id, quantity: 1 }],
      reason: 'Bent',
      refund_method: 'CASH',
    });
    expect(back.status).toBe(200);
    const { return_number: returnNumber } = back.body.data;

    const list = await t.call('GET', `/api/salesreturnlist?search=${returnNumber}`, { token: admin });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ success: true, current_page: 1 });
    // The number as typed finds its return (and any sale number, customer or reference holding it).
    expect(list.body.data).toContainEqual(
      expect.objectContaining({
        id: back.body.data.id,
        return_number: returnNumber,
        sale_id: sale.id,
        reason: 'Bent',
        refund_method: 'CASH',
        refund_reference: null,
        created_at: expect.any(String),
        user: { name: expect.any(String) },
      }),
    );
    const all = await t.call('GET', '/api/salesreturnlist?pagination_size=100', { token: cashier });
    expect(all.status).toBe(200);
    expect(all.body.data[0].id).toBe(back.body.data.id);

    for (const format of ['xlsx', 'csv'] as const) {
      const { rows } = await exportedRows(t, admin, `salesreturn${format}?search=${returnNumber}`, format);
      const header = rows.findIndex((r) => r[0] === 'Return Number');
      const row = rows.slice(header + 1).find((r) => String(r[0]) === String(returnNumber));
      const cell = (name: string) => Number(row?.[rows[header]?.indexOf(name) ?? -1]);
      // A cash sale's return: all of its value handed back, nothing credited.
      expect([cell('Returned Value'), cell('Credited to Account'), cell('Refunded')]).toEqual([7_500, 0, 7_500]);
    }
  });
});
