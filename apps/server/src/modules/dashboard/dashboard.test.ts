import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCashierKeys, withoutCashierKeys } from '../../../test/catalogue-fixtures.ts';
import { signedInApp } from '../../../test/crud-contract.ts';
import { postSale, saleAt } from '../../../test/report-fixtures.ts';
import { makeCatalogue, receiveBatch } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { DEMO_CASHIER } from '../../db/seed/demo.ts';
import { keptSums } from './closed-month-sums.ts';
import { openReading } from './closed-month-top.ts';

let t: TestApp;
let admin: string;
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Kampala' }).format(new Date());

beforeAll(async () => {
  ({ t, admin } = await signedInApp());
});
afterAll(() => t.close());

describe('GET /api/dashboard', () => {
  it('is refused without the key', async () => {
    expect((await t.call('GET', '/api/dashboard')).status).toBe(401);
    const cashier = await t.signIn(DEMO_CASHIER.email, DEMO_CASHIER.password);
    const refused = await withoutCashierKeys(t, ['dashboard'], () =>
      t.call('GET', '/api/dashboard', { token: cashier }),
    );
    expect(refused.status).toBe(403);
  });

  it('computes stock value, revenue after discount, gross and net profit, losses and the top products', async () => {
    const nails = await receiveBatch(t, admin, await makeCatalogue(t, admin, 'Nails'), {
      quantity: 10,
      unit_price: 1_000,
      sale_price: 1_500,
    });
    const wire = await receiveBatch(t, admin, await makeCatalogue(t, admin, 'Wire'), {
      quantity: 4,
      unit_price: 2_000,
      sale_price: 3_000,
    });
    const sell = (items: { batchNumber: string; quantity: number }[], discount: number) =>
      t.call('POST', '/api/salesstore', {
        token: admin,
        body: {
          customerName: 'A',
          customerPhone: '0700000000',
          items,
          discount,
          paymentMethod: 'CASH',
          idempotencyKey: randomUUID(),
        },
      });
    // 4 nails × 1,500 + 1 wire × 3,000 = 9,000, less 10 % = 8,100 revenue; cost 4 × 1,000 + 2,000 = 6,000.
    expect(
      (
        await sell(
          [
            { batchNumber: nails.batch_number, quantity: 4 },
            { batchNumber: wire.batch_number, quantity: 1 },
          ],
          10,
        )
      ).status,
    ).toBe(200);
    await t.call('POST', '/api/stockadjustmentstore', {
      token: admin,
      body: { batch_id: wire.id, reason: 'DAMAGE', quantity: 1, adjustment_date: today, note: 'Rusted' },
    });
    const res = await t.call('GET', '/api/dashboard', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      stock_value: 6 * 1_000 + 2 * 2_000,
      total_revenue: 8_100,
      gross_profit: 2_100,
      total_loss: 2_000,
      net_profit: 100,
      // One bar per product and unit, the unit in the label, plural past one as on receipts.
      chart_data: [
        { label: 'Nails (Bag Nails)', y: 4 },
        { label: 'Wire (Bag Wire)', y: 1 },
      ],
    });
    const lastYear = await t.call('GET', '/api/dashboard?startDate=2025-01-01&endDate=2025-01-31', { token: admin });
    expect(lastYear.body.data).toMatchObject({ total_revenue: 0, total_loss: 0, chart_data: [] });

    // The Cashier holds the dashboard but not the Profit and Loss report: revenue and the chart only.
    const cashier = await t.signIn(DEMO_CASHIER.email, DEMO_CASHIER.password);
    const theirs = await t.call('GET', '/api/dashboard', { token: cashier });
    expect(theirs.status).toBe(200);
    expect(Object.keys(theirs.body.data).sort()).toEqual(['chart_data', 'period', 'total_revenue']);
    expect(theirs.body.data).toMatchObject({ total_revenue: 8_100, chart_data: res.body.data.chart_data });
    // Once their role holds the report's key, the profit cards come with it; with the receivables report's, what
    // customers owe; with the payables report's, what the shop owes: then they see what the Administrator sees.
    const granted = await withCashierKeys(
      t,
      ['reportProfitLossList', 'reportReceivablesList', 'reportPayablesList'],
      () => t.call('GET', '/api/dashboard', { token: cashier }),
    );
    expect(granted.body.data).toEqual(res.body.data);
  });
});

const DAY = 86_400_000;
const plusDays = (day: string, days: number) =>
  new Date(new Date(`${day}T00:00:00Z`).getTime() + days * DAY).toISOString().slice(0, 10);
/** Monday of today's week (weeks start on Monday) and the Sunday after it. */
const monday = plusDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
const sunday = plusDays(monday, 6);
/** The instant a Kampala day starts (UTC+3, no daylight saving), plus `seconds`. */
const kampalaMidnight = (day: string, seconds = 0) =>
  new Date(new Date(`${day}T00:00:00+03:00`).getTime() + seconds * 1000).toISOString();

const dashboard = async (query = '') => {
  const res = await t.call('GET', `/api/dashboard${query}`, { token: admin });
  expect(res.status).toBe(200);
  return res.body.data;
};

describe('GET /api/dashboard: periods', () => {
  it('refuses a bad period with a clear message (422)', async () => {
    const backwards = await t.call('GET', '/api/dashboard?startDate=2026-03-10&endDate=2026-03-01', { token: admin });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors).toEqual({ endDate: ['The end date cannot be before the start date.'] });
    const notADay = await t.call('GET', '/api/dashboard?startDate=2026-02-30', { token: admin });
    expect(notADay.status).toBe(422);
    expect(notADay.body.errors).toEqual({ startDate: ['The start date must be a date (YYYY-MM-DD).'] });
  });

  it('defaults to the current month of the shop', async () => {
    const month = today.slice(0, 7);
    const nextMonthFirst = plusDays(`${month}-28`, 4).slice(0, 7);
    expect((await dashboard()).period).toEqual({
      startDate: `${month}-01`,
      endDate: plusDays(`${nextMonthFirst}-01`, -1),
    });
  });

  it('today, this week and a custom range each take the sales of their own shop days, both ends included', async () => {
    const batch = await receiveBatch(t, admin, await makeCatalogue(t, admin, 'Bolts'), {
      quantity: 100,
      unit_price: 100,
      sale_price: 1_000,
      stock_date: '2026-01-01',
    });
    const todayQuery = `?startDate=${today}&endDate=${today}`;
    const weekQuery = `?startDate=${monday}&endDate=${sunday}`;
    const [todayBefore, weekBefore] = [await dashboard(todayQuery), await dashboard(weekQuery)];

    await saleAt(t, admin, new Date().toISOString(), [[batch, 1]]); // now: today and this week
    await saleAt(t, admin, kampalaMidnight(today, -1), [[batch, 2]]); // the last second of yesterday
    await saleAt(t, admin, kampalaMidnight(monday), [[batch, 4]]); // the week's first second
    await saleAt(t, admin, kampalaMidnight(monday, -1), [[batch, 8]]); // the previous week's last second

    const todayAfter = await dashboard(todayQuery);
    // Today is Monday on some runs: then the week's first second is today's too.
    const todaySold = 1 + (today === monday ? 4 : 0);
    expect(todayAfter.total_revenue - todayBefore.total_revenue).toBe(todaySold * 1_000);
    expect(todayAfter.period).toEqual({ startDate: today, endDate: today });
    const weekAfter = await dashboard(weekQuery);
    const weekSold = 1 + 4 + (today === monday ? 0 : 2);
    expect(weekAfter.total_revenue - weekBefore.total_revenue).toBe(weekSold * 1_000);

    // A custom range in the past: 5–6 January, midnight to midnight in Kampala.
    await saleAt(t, admin, kampalaMidnight('2026-01-05', -1), [[batch, 3]]);
    await saleAt(t, admin, kampalaMidnight('2026-01-05'), [[batch, 5]]);
    await saleAt(t, admin, kampalaMidnight('2026-01-07', -1), [[batch, 7]]);
    await saleAt(t, admin, kampalaMidnight('2026-01-07'), [[batch, 9]]);
    const custom = await dashboard('?startDate=2026-01-05&endDate=2026-01-06');
    expect(custom).toMatchObject({
      period: { startDate: '2026-01-05', endDate: '2026-01-06' },
      total_revenue: 12_000,
      gross_profit: 12_000 - 1_200,
      chart_data: [{ label: 'Bolts (Bag Bolts)', y: 12 }],
    });
  });

  it("counts in a shop month's top products its first and last seconds, and not the hours either side", async () => {
    // The top products read UTC months summed and the few hours a Kampala month differs from one from the lines:
    // March's first 3 hours fall in February in UTC, and 1 April's first 3 hours in March.
    const batch = await receiveBatch(t, admin, await makeCatalogue(t, admin, 'Hinges'), {
      quantity: 100,
      stock_date: '2026-01-01',
    });
    await saleAt(t, admin, kampalaMidnight('2026-03-01', -1), [[batch, 1]]); // February's last second
    await saleAt(t, admin, kampalaMidnight('2026-03-01'), [[batch, 2]]); // March's first second
    await saleAt(t, admin, kampalaMidnight('2026-04-01', -1), [[batch, 4]]); // March's last second
    await saleAt(t, admin, kampalaMidnight('2026-04-01'), [[batch, 8]]); // April's first second, still March in UTC
    // Other tests sell in February too: only the hinges' bar counts here.
    const month = async (startDate: string, endDate: string) =>
      (await dashboard(`?startDate=${startDate}&endDate=${endDate}`)).chart_data.filter((bar: { label: string }) =>
        bar.label.startsWith('Hinges'),
      );
    expect(await month('2026-03-01', '2026-03-31')).toEqual([{ label: 'Hinges (Bag Hinges)', y: 6 }]);
    expect(await month('2026-02-01', '2026-02-28')).toEqual([{ label: 'Hinges (Bag Hinges)', y: 1 }]);
    expect(await month('2026-04-01', '2026-04-30')).toEqual([{ label: 'Hinges (Bag Hinges)', y: 8 }]);
    // Three months at once, and a range ending mid-month (taken off a whole UTC month) or starting mid-month.
    expect(await month('2026-02-01', '2026-04-30')).toEqual([{ label: 'Hinges (Bag Hinges)', y: 15 }]);
    expect(await month('2026-02-20', '2026-03-31')).toEqual([{ label: 'Hinges (Bag Hinges)', y: 7 }]);
    expect(await month('2026-03-01', '2026-04-20')).toEqual([{ label: 'Hinges (Bag Hinges)', y: 14 }]);
  });

  it('counts up to the end of a period ending today, and not a line stamped after it', async () => {
    // A period ending today ends at the next UTC month start: the month's row holds every line, and those stamped
    // after the period's end (a till whose clock runs ahead) are taken off again from the lines.
    const batch = await receiveBatch(t, admin, await makeCatalogue(t, admin, 'Gutters'), {
      quantity: 100,
      stock_date: '2026-01-01',
    });
    await saleAt(t, admin, new Date(Date.now() - 60_000).toISOString(), [[batch, 3]]);
    await saleAt(t, admin, kampalaMidnight(plusDays(today, 1), 60), [[batch, 5]]); // tomorrow, a minute in
    const gutters = async (query: string) =>
      (await dashboard(query)).chart_data.filter((bar: { label: string }) => bar.label.startsWith('Gutters'));
    const gutter = [{ label: 'Gutters (Bag Gutters)', y: 3 }];
    expect(await gutters(`?startDate=${today}&endDate=${today}`)).toEqual(gutter);
    expect(await gutters(`?startDate=${plusDays(today, -364)}&endDate=${today}`)).toEqual(gutter);
  });

  it('ranks the top 10 per product and unit: bags and kilograms of cement are two bars, never summed', async () => {
    const cement = await makeCatalogue(t, admin, 'Cement');
    const kilogram = await t.call('POST', '/api/measurementstore', {
      token: admin,
      body: { name: 'Kilogram', environment: 'PRODUCTION' },
    });
    expect(kilogram.status).toBe(200);
    const stock = { quantity: 500, unit_price: 100, sale_price: 500, stock_date: '2026-01-01' };
    const bags = await receiveBatch(t, admin, cement, stock);
    const loose = await receiveBatch(t, admin, { ...cement, measurement_id: kilogram.body.data.id }, stock);
    const at = '2026-02-10T09:00:00Z';
    await saleAt(t, admin, at, [
      [bags, 4],
      [loose, 2.5],
    ]);
    await saleAt(t, admin, at, [[loose, 50]]);
    // The day of the cement sales: 52.5 kg and 4 bags, two bars (a sum would be 56.5 of nothing).
    expect((await dashboard('?startDate=2026-02-10&endDate=2026-02-10')).chart_data).toEqual([
      { label: 'Cement (Kilograms)', y: 52.5 },
      { label: 'Cement (Bag Cements)', y: 4 },
    ]);

    // Eleven other products two days later, so the month's list is cut at 10.
    for (const [i, name] of ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K'].entries()) {
      const batch = await receiveBatch(t, admin, await makeCatalogue(t, admin, `Tile ${name}`), stock);
      await saleAt(t, admin, '2026-02-12T09:00:00Z', [[batch, 10 + i]]);
    }
    const { chart_data } = await dashboard('?startDate=2026-02-01&endDate=2026-02-28');
    expect(chart_data).toHaveLength(10);
    expect(chart_data[0]).toEqual({ label: 'Cement (Kilograms)', y: 52.5 });
    expect(chart_data.slice(1, 3)).toEqual([
      { label: 'Tile K (Bag Tile Ks)', y: 20 },
      { label: 'Tile J (Bag Tile Js)', y: 19 },
    ]);
    expect(chart_data[9]).toEqual({ label: 'Tile C (Bag Tile Cs)', y: 12 });
  });
});

describe('GET /api/dashboard: top products of one shop month', () => {
  // A shop month is one UTC month give or take its edges' hours; its bars are read from the month's rows in quantity
  // order, netting one by one only what its edges and returns touch. They must be what the lines themselves rank.
  it('equal the ranking straight from the lines, with edges, a return and ties at the tenth bar', async () => {
    const stock = { quantity: 500, unit_price: 100, sale_price: 500, stock_date: '2026-01-01' };
    const product = async (name: string) => receiveBatch(t, admin, await makeCatalogue(t, admin, name), stock);
    const mid = '2026-08-15T09:00:00Z';
    for (const [i, quantity] of [30, 28, 26, 24, 22, 20, 18, 15, 15, 15, 15, 14, 12, 10].entries()) {
      await saleAt(t, admin, mid, [[await product(`Rank ${String.fromCharCode(90 - i)}`), quantity]]);
    }
    // 1 August 01:30 in Kampala is still July in UTC: only the lines count it in.
    const riser = await product('Early Riser');
    await saleAt(t, admin, mid, [[riser, 5]]);
    await saleAt(t, admin, '2026-07-31T22:30:00Z', [[riser, 40]]);
    await saleAt(t, admin, '2026-07-31T21:30:00Z', [[await product('Night Owl'), 17]]);
    // 1 September 01:30 in Kampala is still August in UTC: the month's row holds it, the lines take it off.
    const leaver = await product('Late Leaver');
    await saleAt(t, admin, mid, [[leaver, 3]]);
    await saleAt(t, admin, '2026-08-31T22:30:00Z', [[leaver, 50]]);
    // 31 July 23:30 in Kampala: July either way.
    await saleAt(t, admin, '2026-07-31T20:30:00Z', [[await product('Dusk July'), 100]]);
    // 35 sold and 30 of them brought back within the month.
    // (Returned first, within the returns' window, then both dated in August.)
    const sentBack = await postSale(t, admin, [[await product('Sent Back'), 35]], { paymentMethod: 'CASH' });
    const line = (await t.call('GET', `/api/saleshow/${sentBack.id}`, { token: admin })).body.data.items[0];
    const back = await t.call('POST', `/api/salesreturnstore/${sentBack.id}`, {
      token: admin,
      body: { items: [{ sale_item_id: line.id, quantity: 30 }], reason: 'Wrong grade', refund_method: 'CASH' },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    await sql`UPDATE sales SET created_at = '2026-08-10T09:00:00Z' WHERE id = ${sentBack.id}`.execute(t.db);
    await sql`UPDATE sale_returns SET created_at = '2026-08-11T09:00:00Z' WHERE id = ${back.body.data.id}`.execute(
      t.db,
    );

    const fromLines = await rankedFromLines('2026-08-01', '2026-08-31');
    const bars = (await t.call('GET', '/api/dashboard?startDate=2026-08-01&endDate=2026-08-31', { token: admin })).body
      .data.chart_data as { label: string; y: number }[];
    expect(bars.map((bar) => ({ name: bar.label.split(' (')[0], y: bar.y }))).toEqual(fromLines);
    // The edges and the return decided it: the riser and the night owl are in, the leaver, dusk and the return out,
    // and of the four tied at 15 the first by name.
    expect(fromLines.map((r) => r.name)).toEqual([
      'Early Riser',
      'Rank Z',
      'Rank Y',
      'Rank X',
      'Rank W',
      'Rank V',
      'Rank U',
      'Rank T',
      'Night Owl',
      'Rank P',
    ]);
  });
});

/** The top 10 of the shop days from `first` to `last` ranked straight from the lines and returns, as bars are. */
async function rankedFromLines(first: string, last: string) {
  const from = kampalaMidnight(first);
  const until = kampalaMidnight(plusDays(last, 1));
  const { rows } = await sql<{ name: string; y: number }>`
    WITH l AS (
      SELECT product_id, measurement_id, quantity FROM sale_items WHERE created_at >= ${from} AND created_at < ${until}
      UNION ALL
      SELECT i.product_id, i.measurement_id, -ri.quantity FROM sale_return_items ri
        JOIN sale_returns r ON r.id = ri.return_id JOIN sale_items i ON i.id = ri.sale_item_id
       WHERE r.created_at >= ${from} AND r.created_at < ${until})
    SELECT p.name, sum(l.quantity)::float8 AS y FROM l
      JOIN products p ON p.id = l.product_id JOIN measurements m ON m.id = l.measurement_id
     GROUP BY l.product_id, l.measurement_id, p.name, m.name HAVING sum(l.quantity) > 0
     ORDER BY y DESC, p.name, m.name LIMIT 10`.execute(t.db);
  return rows;
}

describe('GET /api/dashboard: top products of a year', () => {
  // A year's bars read the ended months' sums kept in memory and only the products that can still be bars; a line
  // changed in an ended month changes the closed months' version, and the sums are read again.
  const firstOfMonthsAgo = (months: number) => {
    const first = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
    first.setUTCMonth(first.getUTCMonth() - months);
    return first.toISOString().slice(0, 10);
  };
  const midMonthAgo = (months: number) => `${firstOfMonthsAgo(months).slice(0, 8)}15T09:00:00Z`;
  const yearStart = firstOfMonthsAgo(11);
  const version = async () =>
    (await t.db.selectFrom('closed_months_version').select('version').executeTakeFirstOrThrow()).version;
  const bars = async () =>
    ((await dashboard(`?startDate=${yearStart}&endDate=${today}`)).chart_data as { label: string; y: number }[]).map(
      (bar) => ({ name: bar.label.split(' (')[0], y: bar.y }),
    );

  it('equal the ranking from the lines, and follow a sale re-dated into an ended month or taken out of one', async () => {
    const stock = { quantity: 2_000, unit_price: 100, sale_price: 500, stock_date: '2020-01-01' };
    const product = async (name: string) => receiveBatch(t, admin, await makeCatalogue(t, admin, name), stock);
    // Ten sold over ended months, two of them tied at the tenth bar.
    for (const [i, quantity] of [200, 190, 180, 170, 160, 150, 140, 130, 110, 110].entries()) {
      const batch = await product(`Year ${String.fromCharCode(65 + i)}`);
      await saleAt(t, admin, midMonthAgo(2), [[batch, quantity - 50]]);
      await saleAt(t, admin, midMonthAgo(4), [[batch, 50]]);
    }
    // Eleventh over the ended months, a bar by what it sold this month, though ten others sold more this month.
    const climber = await product('Year K');
    await saleAt(t, admin, midMonthAgo(3), [[climber, 105]]);
    await postSale(t, admin, [[climber, 8]], { paymentMethod: 'CASH' });
    const before = await version();
    for (let i = 1; i <= 10; i++)
      await postSale(t, admin, [[await product(`Today ${i}`), 9]], { paymentMethod: 'CASH' });
    // Selling today changes no ended month.
    expect(await version()).toBe(before);
    const late = await product('Late Sync');
    await saleAt(t, admin, midMonthAgo(2), [[late, 1]]);
    expect(await version()).not.toBe(before);

    const ranked = await rankedFromLines(yearStart, today);
    expect(await bars()).toEqual(ranked);
    expect(ranked.map((bar) => bar.name)).toEqual([
      'Year A',
      'Year B',
      'Year C',
      'Year D',
      'Year E',
      'Year F',
      'Year G',
      'Year H',
      'Year K',
      'Year I',
    ]);

    // A sale dated into an ended month after its sums were kept: read again, it tops the year.
    const lateSale = await saleAt(t, admin, midMonthAgo(5), [[late, 900]]);
    expect((await bars())[0]).toEqual({ name: 'Late Sync', y: 901 });
    expect(await bars()).toEqual(await rankedFromLines(yearStart, today));
    // Its lines taken out again: gone from the bars.
    await sql`DELETE FROM sale_items WHERE sale_id = ${lateSale.id}`.execute(t.db);
    expect(await bars()).toEqual(ranked);
  });

  it("equal it too when only the largest sums are kept and the open month is read a little at a time, as a chain's", async () => {
    const ranked = await rankedFromLines(yearStart, today);
    expect(ranked).toHaveLength(10);
    const [reading, kept] = [{ ...openReading }, keptSums.most];
    try {
      // Twelve sums kept of the year's products; the month read three at a time, the rest of a product looked up.
      keptSums.most = 12;
      Object.assign(openReading, { first: 3, deeper: 2, candidates: 1_000 });
      expect(await bars()).toEqual(ranked);
      // Read further and further while more than two products could be bars, to the month's end.
      Object.assign(openReading, { candidates: 2 });
      expect(await bars()).toEqual(ranked);
    } finally {
      Object.assign(openReading, reading);
      keptSums.most = kept;
    }
  });
});

describe('GET /api/dashboard: net profit', () => {
  it("is gross profit − the period's expenses − its write-off losses", async () => {
    const batch = await receiveBatch(t, admin, await makeCatalogue(t, admin, 'Paint'), {
      quantity: 20,
      unit_price: 30_000,
      sale_price: 45_000,
      stock_date: '2026-05-01',
    });
    // 3 × 45,000 = 135,000 less 10 % = 121,500 revenue; cost 90,000; gross 31,500.
    await saleAt(t, admin, '2026-05-10T09:00:00Z', [[batch, 3]], 10);
    const expense = (expense_date: string, category: string, amount: number) =>
      t.call('POST', '/api/expensestore', {
        token: admin,
        body: { expense_date, category, description: `${category} for May`, amount, payment_method: 'CASH' },
      });
    for (const [date, category, amount] of [
      ['2026-05-01', 'Rent', 10_000],
      ['2026-05-31', 'Transport', 2_500],
      ['2026-06-01', 'Rent', 99_000], // the next month
      ['2026-04-30', 'Rent', 99_000], // the month before
    ] as const) {
      expect((await expense(date, category, amount)).status).toBe(200);
    }
    const writeOff = await t.call('POST', '/api/stockadjustmentstore', {
      token: admin,
      body: { batch_id: batch.id, reason: 'DAMAGE', quantity: 0.5, adjustment_date: '2026-05-20', note: 'Spilt' },
    });
    expect(writeOff.status).toBe(200);

    const may = await dashboard('?startDate=2026-05-01&endDate=2026-05-31');
    expect(may).toMatchObject({
      total_revenue: 121_500,
      gross_profit: 31_500,
      total_expenses: 12_500,
      total_loss: 15_000,
      net_profit: 31_500 - 12_500 - 15_000,
    });
    // The profit and loss report for the same month says the same, to the shilling.
    const statement = await t.call(
      'GET',
      '/api/reportprofitlosslist?report_type=custom&date_range=2026-05-01,2026-05-31',
      { token: admin },
    );
    expect(statement.status).toBe(200);
    expect(statement.body).toMatchObject({
      revenue: may.total_revenue,
      gross_profit: may.gross_profit,
      total_expenses: may.total_expenses,
      total_loss: may.total_loss,
      net_profit: may.net_profit,
    });
    // The expense list's own total for the month says the same.
    const list = await t.call('GET', '/api/expenselist?startDate=2026-05-01&endDate=2026-05-31', { token: admin });
    expect(list.body.data.reduce((sum: number, e: { amount: number }) => sum + e.amount, 0)).toBe(12_500);

    // Deleting an expense puts its amount back on the net profit.
    const rent = list.body.data.find((e: { category: string }) => e.category === 'Rent');
    expect((await t.call('DELETE', `/api/expensedelete/${rent.id}`, { token: admin })).status).toBe(200);
    expect(await dashboard('?startDate=2026-05-01&endDate=2026-05-31')).toMatchObject({
      total_expenses: 2_500,
      net_profit: 31_500 - 2_500 - 15_000,
    });
  });
});

describe('GET /api/dashboard: owed by customers', () => {
  it("is the receivables report's total and over-limit count, whatever the period, for its holders only", async () => {
    const cashier = await t.signIn(DEMO_CASHIER.email, DEMO_CASHIER.password);
    const batch = await receiveBatch(t, admin, await makeCatalogue(t, admin, 'Roofing Sheets'), {
      quantity: 20,
      unit_price: 20_000,
      sale_price: 25_000,
    });
    let phone = 0;
    const customer = async (name: string, credit_limit: number) => {
      phone += 1;
      const res = await t.call('POST', '/api/customerstore', {
        token: admin,
        body: { name, phone_number: `07039${String(phone).padStart(5, '0')}`, credit_limit, payment_terms_days: 14 },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.id as number;
    };
    const onAccount = async (customer_id: number, quantity: number, extra = {}) => {
      const res = await t.call('POST', '/api/salesstore', {
        token: admin,
        body: {
          customerName: 'Site',
          customerPhone: '0700000000',
          items: [{ batchNumber: batch.batch_number, quantity }],
          payments: [{ method: 'ACCOUNT', amount: 25_000 * quantity }],
          customer_id,
          idempotencyKey: randomUUID(),
          ...extra,
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    const receivables = async () => {
      const res = await t.call('GET', '/api/reportreceivableslist', { token: admin });
      expect(res.status).toBe(200);
      return res.body as { total_receivables: number; over_limit_count: number };
    };
    // Nobody owes yet: the card says so, with 0.
    expect((await dashboard()).receivables).toEqual({ total: 0, over_limit_count: 0 });

    const mugisha = await customer('Mugisha Roofing', 500_000);
    const apio = await customer('Apio Builders', 30_000);
    await onAccount(mugisha, 4);
    await onAccount(apio, 2, { credit_override_reason: 'Pays on Friday' });
    const pay = await t.call('POST', '/api/customerpaymentstore', {
      token: admin,
      body: { customer_id: mugisha, amount: 35_000, method: 'CASH' },
    });
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);

    const report = await receivables();
    expect(report).toMatchObject({ total_receivables: 65_000 + 50_000, over_limit_count: 1 });
    expect((await dashboard()).receivables).toEqual({
      total: report.total_receivables,
      over_limit_count: report.over_limit_count,
    });
    // What is owed now, not in the period: a past month shows the same amount.
    expect((await dashboard('?startDate=2025-01-01&endDate=2025-01-31')).receivables).toEqual({
      total: 115_000,
      over_limit_count: 1,
    });

    // Without the report's key the card is not sent; the key alone brings it, and not the profit cards.
    const theirs = await t.call('GET', '/api/dashboard', { token: cashier });
    expect(theirs.body.data).not.toHaveProperty('receivables');
    const granted = await withCashierKeys(t, ['reportReceivablesList'], () =>
      t.call('GET', '/api/dashboard', { token: cashier }),
    );
    expect(granted.body.data.receivables).toEqual({ total: 115_000, over_limit_count: 1 });
    expect(granted.body.data).not.toHaveProperty('net_profit');
  });
});
