// The sale totals per UTC day and per UTC month (migration 040) are a third copy of the sales' money: after bulk
// inserts, sales through the API, a return, an offline sale, re-dated and deleted sales and concurrent transactions
// that each touch several days, they must equal their slots summed per day and per month, and the months must count
// the sales themselves. The sales list reads its count and its deep pages' starting slot from them: its count and
// pages must be what count(*) and ORDER BY … OFFSET give, for periods that start and end inside days and months.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postSale } from '../../../test/report-fixtures.ts';
import type { Batch } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { tillShop } from '../../../test/till-fixtures.ts';
import { spansOf } from '../reports/sale-totals-levels.ts';

const SALES = 6_000;
const PAGE = 10;
let t: TestApp;
let admin: string;
let cashier: string;
let cement: Batch;
let nails: Batch;

beforeAll(async () => {
  ({ t, admin, cashier, cement, nails } = await tillShop());
  // Straight into the table (the triggers keep every level): 6,000 sales every 17 minutes from 2026-07-20 21:04
  // (Kampala's midnight is 21:00 UTC), over two UTC month ends, three at each instant but every 5th recorded late.
  await sql`
    INSERT INTO sales (sale_number, idempotency_key, customer_name, customer_phone, discount_percent, subtotal,
                       discount_amount, total_amount, payment_method, created_by, created_at)
    SELECT 'LV' || lpad(g::text, 8, '0'), 'levels-' || g, 'Walk-in', '0772123456', 0, 1000 + g, 0, 1000 + g, 'CASH',
           (SELECT id FROM users ORDER BY id LIMIT 1),
           timestamptz '2026-07-20 21:04Z' + (CASE WHEN g % 5 = 0 THEN g / 2 ELSE g END / 3) * interval '51 minutes'
    FROM generate_series(1, ${SALES}) g`.execute(t.db);
});
afterAll(() => t.close());

const FIGURES = `sum(sales_count)::int AS sales_count, sum(gross) AS gross, sum(discounts) AS discounts,
  sum(sold) AS sold, sum(sold_vat) AS sold_vat, sum(sold_cost) AS sold_cost, sum(refunds) AS refunds,
  sum(refund_vat) AS refund_vat, sum(refund_cost) AS refund_cost, sum(cash) AS cash,
  sum(mobile_money) AS mobile_money, sum(bank) AS bank, sum(card) AS card`;

/** Every figure as an exact decimal string, the unit's start as an instant. */
const normalised = (rows: Record<string, unknown>[]) =>
  rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : String(Number(v))]),
    ),
  );
const rowsOf = (query: string) =>
  sql<Record<string, unknown>>`${sql.raw(query)}`.execute(t.db).then((r) => normalised(r.rows));

async function expectLevels() {
  const [days, daysOfSlots, months, monthsOfSlots] = await Promise.all([
    rowsOf('SELECT * FROM sale_totals_days ORDER BY day'),
    rowsOf(`SELECT date_bin('1 day', slot, timestamptz '2000-01-01Z') AS day, ${FIGURES}
            FROM sale_totals GROUP BY 1 ORDER BY 1`),
    rowsOf('SELECT * FROM sale_totals_months ORDER BY month'),
    rowsOf(`SELECT date_trunc('month', slot, 'UTC') AS month, ${FIGURES} FROM sale_totals GROUP BY 1 ORDER BY 1`),
  ]);
  expect(days.length).toBeGreaterThan(0);
  expect(days).toEqual(daysOfSlots);
  expect(months).toEqual(monthsOfSlots);
  // The months count the sales themselves.
  const counted = await rowsOf(`SELECT date_trunc('month', created_at, 'UTC') AS month, count(*) AS n
                                FROM sales GROUP BY 1 ORDER BY 1`);
  expect(months.map((m) => ({ month: m.month, n: m.sales_count }))).toEqual(counted);
}

/** The page's sale ids and total from the list, and from count(*) and a plain ORDER BY … OFFSET. */
async function both(page: number, filter: { startDate?: string; endDate?: string } = {}) {
  const params = new URLSearchParams({ page: String(page), pagination_size: String(PAGE), ...filter });
  const res = await t.call('GET', `/api/saleslist?${params}`, { token: admin });
  expect(res.status).toBe(200);
  const from = filter.startDate ? sql`${`${filter.startDate}T00:00:00+03:00`}::timestamptz` : sql`'-infinity'`;
  const until = filter.endDate
    ? sql`${`${filter.endDate}T00:00:00+03:00`}::timestamptz + interval '1 day'`
    : sql`'infinity'`;
  const within = sql`created_at >= ${from} AND created_at < ${until}`;
  const [plain, counted] = await Promise.all([
    sql<{ id: number }>`SELECT id FROM sales WHERE ${within}
      ORDER BY created_at DESC, id DESC LIMIT ${PAGE} OFFSET ${(page - 1) * PAGE}`.execute(t.db),
    sql<{ n: number; sold: string }>`SELECT count(*)::int AS n, coalesce(sum(total_amount), 0) AS sold
      FROM sales WHERE ${within}`.execute(t.db),
  ]);
  return {
    listed: (res.body.data as { id: number }[]).map((s) => s.id),
    plain: plain.rows.map((r) => r.id),
    total: res.body.total as number,
    counted: counted.rows[0]?.n,
    sold: res.body.totals.total_sales as number,
    summed: Number(counted.rows[0]?.sold),
  };
}

describe('sale totals per UTC day and month', () => {
  it('splits a period into whole months, whole days and slots that cover it exactly', () => {
    const at = (iso: string) => new Date(iso);
    const cases: [Date | undefined, Date | undefined][] = [
      [at('2026-07-31T21:00Z'), at('2026-09-30T21:00Z')],
      [at('2026-08-14T21:00Z'), at('2026-08-15T21:00Z')],
      [at('2026-08-15T00:00Z'), at('2026-08-15T00:15Z')],
      [undefined, at('2026-08-05T21:00Z')],
      [at('2026-08-05T21:00Z'), undefined],
      [at('2026-08-01T00:00Z'), at('2026-10-01T00:00Z')],
      [undefined, undefined],
    ];
    const unit = { month: 0, day: 86_400_000, slot: 900_000 };
    for (const [from, until] of cases) {
      const spans = spansOf(from, until);
      // In order, each starting where the one before ends, from `from` to `until`.
      expect(spans[0]?.from).toEqual(from);
      expect(spans.at(-1)?.until).toEqual(until);
      for (let i = 1; i < spans.length; i++) expect(spans[i]?.from).toEqual(spans[i - 1]?.until);
      for (const span of spans) {
        for (const end of [span.from, span.until]) {
          if (!end) continue;
          if (span.level === 'month') expect(end.toISOString()).toMatch(/-01T00:00:00.000Z$/);
          else expect(end.getTime() % unit[span.level]).toBe(0);
        }
      }
      expect(spans.filter((s) => s.level === 'month').length).toBeLessThanOrEqual(1);
    }
    // One shop day in Kampala holds no whole UTC day; two hold one, between the slots of their edges.
    expect(spansOf(at('2026-08-14T21:00Z'), at('2026-08-15T21:00Z')).map((s) => s.level)).toEqual(['slot']);
    expect(spansOf(at('2026-08-13T21:00Z'), at('2026-08-15T21:00Z')).map((s) => s.level)).toEqual([
      'slot',
      'day',
      'slot',
    ]);
    expect(spansOf(at('2026-07-31T21:00Z'), at('2026-09-30T21:00Z')).map((s) => s.level)).toEqual([
      'slot',
      'month',
      'day',
      'slot',
    ]);
  });

  it('equal their slots summed after bulk inserts, sales, a return, an offline sale, re-dated and deleted sales', async () => {
    await expectLevels();
    const sold = await postSale(t, cashier, [[cement, 3]], { paymentMethod: 'CASH', discount: 10 });
    await postSale(t, cashier, [[nails, 2]], { paymentMethod: 'MOBILE_MONEY' });
    const [line] = (await t.call('GET', `/api/saleshow/${sold.id}`, { token: admin })).body.data.items as {
      id: number;
    }[];
    const back = await t.call('POST', `/api/salesreturnstore/${sold.id}`, {
      token: cashier,
      body: { items: [{ sale_item_id: line?.id, quantity: 1 }], reason: 'Bags torn', refund_method: 'CASH' },
    });
    expect(back.status).toBe(200);
    const offline = await t.call('POST', '/api/salesstore', {
      token: cashier,
      body: {
        customerName: 'Anonymous',
        customerPhone: '0700000000',
        items: [{ batchNumber: nails.batch_number, quantity: 1 }],
        payments: [{ method: 'CASH', amount: 10_000 }],
        idempotencyKey: randomUUID(),
        offline: true,
        made_at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
      },
    });
    expect(offline.status).toBe(200);
    await expectLevels();
    // One transaction moving sales across days and months and deleting others, the last sales of their days.
    await t.db.transaction().execute(async (trx) => {
      await sql`UPDATE sales SET created_at = '2026-06-30T23:59:00Z' WHERE sale_number = 'LV00000007'`.execute(trx);
      await sql`UPDATE sales SET created_at = created_at + interval '40 days' WHERE sale_number = 'LV00000100'`.execute(
        trx,
      );
      await sql`DELETE FROM sales WHERE sale_number IN ('LV00000200', 'LV00005999', 'LV00006000')`.execute(trx);
    });
    await expectLevels();
    // The rebuild (after a bulk load with the triggers off) gives the same rows.
    await sql`SELECT rebuild_sale_totals()`.execute(t.db);
    await expectLevels();
  });

  it('stay exact when transactions touching several days and months commit at once, in opposite orders', async () => {
    // Pairs of sales of two days a month apart, every sale in a slot of its own; half the transactions change the
    // earlier one first, half the later one: every transaction takes the days' and months' locks in the same order.
    const ids = await sql<{ id: number; day: number }>`
      SELECT DISTINCT ON (sale_slot(created_at)) id, (created_at >= '2026-08-20T00:00Z')::int AS day FROM sales
       WHERE sale_number LIKE 'LV%' AND ((created_at >= '2026-07-25T00:00Z' AND created_at < '2026-07-26T00:00Z')
          OR (created_at >= '2026-08-25T00:00Z' AND created_at < '2026-08-26T00:00Z'))
       ORDER BY sale_slot(created_at), id`.execute(t.db);
    const early = ids.rows.filter((r) => r.day === 0).map((r) => r.id);
    const late = ids.rows.filter((r) => r.day === 1).map((r) => r.id);
    expect(Math.min(early.length, late.length)).toBeGreaterThanOrEqual(8);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        t.db.transaction().execute(async (trx) => {
          const pair = i % 2 ? [late[i], early[i]] : [early[i], late[i]];
          for (const id of pair) {
            await sql`UPDATE sales SET total_amount = total_amount + 1, subtotal = subtotal + 1 WHERE id = ${id}`.execute(
              trx,
            );
            await sql`SELECT pg_sleep(0.02)`.execute(trx);
          }
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    await expectLevels();
  });

  it("give the sales list's count, totals and deep pages as count(*) and ORDER BY … OFFSET do", async () => {
    const whole = await both(1);
    expect(whole.total).toBe(whole.counted);
    expect(whole.sold).toBe(whole.summed);
    const last = Math.ceil(whole.total / PAGE);
    for (const page of [201, 250, 299, 301, 450, last - 1, last]) {
      const { listed, plain } = await both(page);
      expect(listed.length).toBeGreaterThan(0);
      expect(listed).toEqual(plain);
    }
    // Periods of shop days (Kampala) starting and ending inside UTC days and months.
    for (const [startDate, endDate, pages] of [
      ['2026-07-22', '2026-09-20', [1, 205, 230, 260, 300, 400]],
      ['2026-08-01', '2026-08-31', [1, 120, 210, 250]],
      ['2026-08-14', '2026-08-14', [1, 3]],
    ] as [string, string, number[]][]) {
      for (const page of pages) {
        const { listed, plain, total, counted, sold, summed } = await both(page, { startDate, endDate });
        expect(total).toBe(counted);
        expect(sold).toBe(summed);
        expect(listed).toEqual(plain);
      }
    }
  });
});
