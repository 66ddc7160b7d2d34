// The sales list's deep pages: past offset 2,000 a page walks the (created_at, id) index from the nearer
// end, starting at the 15-minute slot that holds its first sale (seekSales). Whatever the page, it holds exactly the
// rows a plain ORDER BY … OFFSET gives, with a period and with a search too, and a search that finds few sales pages
// them from their keys.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInApp } from '../../../test/crud-contract.ts';
import { insertSales } from '../../../test/report-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';

const SALES = 6_000;
const PAGE = 10;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  ({ t, admin } = await signedInApp());
  // Straight into the table (the triggers keep the slot totals): 6,000 sales over three days, four at each instant,
  // so pages break inside a slot and inside an instant; every 7th sale recorded late (an offline sale), so ids do
  // not follow the instants.
  await insertSales(t, SALES, {
    key: 'pages-',
    customer: sql`CASE WHEN g % 3 = 0 THEN 'Okello' ELSE 'Walk-in' END`,
    at: sql`timestamptz '2026-09-01 08:00+03' + (CASE WHEN g % 7 = 0 THEN g / 2 ELSE g END / 4) * interval '3 minutes'`,
    total: 1_000,
    method: 'CASH',
  });
});
afterAll(() => t.close());

/** The page's sale ids from the list, and from a plain ORDER BY … OFFSET over the same sales. */
async function both(page: number, filter: { startDate?: string; endDate?: string; search?: string } = {}) {
  const params = new URLSearchParams({ page: String(page), pagination_size: String(PAGE), ...filter });
  const res = await t.call('GET', `/api/saleslist?${params}`, { token: admin });
  expect(res.status).toBe(200);
  const from = filter.startDate ? sql`${`${filter.startDate}T00:00:00+03:00`}::timestamptz` : sql`'-infinity'`;
  const until = filter.endDate
    ? sql`${`${filter.endDate}T00:00:00+03:00`}::timestamptz + interval '1 day'`
    : sql`'infinity'`;
  const search = filter.search ? sql`AND customer_name ILIKE ${`%${filter.search}%`}` : sql``;
  const plain = await sql<{ id: number }>`
    SELECT id FROM sales WHERE created_at >= ${from} AND created_at < ${until} ${search}
    ORDER BY created_at DESC, id DESC LIMIT ${PAGE} OFFSET ${(page - 1) * PAGE}`.execute(t.db);
  return {
    listed: (res.body.data as { id: number }[]).map((s) => s.id),
    plain: plain.rows.map((r) => r.id),
    total: res.body.total as number,
  };
}

describe('GET /api/saleslist: deep pages', () => {
  it('are the same rows as ORDER BY … OFFSET, forwards, backwards, with a period and a search', async () => {
    for (const page of [1, 201, 250, 333, 451, 599, 600]) {
      const { listed, plain, total } = await both(page);
      expect(total).toBe(SALES);
      expect(listed).toHaveLength(PAGE);
      expect(listed).toEqual(plain);
    }
    for (const page of [210, 260]) {
      const { listed, plain } = await both(page, { startDate: '2026-09-02', endDate: '2026-09-03' });
      expect(listed.length).toBeGreaterThan(0);
      expect(listed).toEqual(plain);
    }
    const searched = await both(250, { search: 'Walk-in' });
    expect(searched.total).toBe((SALES / 3) * 2);
    expect(searched.listed).toEqual(searched.plain);
  });

  it('are the same rows when a search finds few sales, read by their keys first', async () => {
    // 40 of the Okello sales over the three days, some of them recorded late: a page is sorted from the sales found.
    await sql`
      UPDATE sales SET customer_name = 'Nansubuga'
      WHERE idempotency_key LIKE 'pages-%' AND substr(idempotency_key, 7)::int % 150 = 0`.execute(t.db);
    for (const page of [1, 2, 4]) {
      const { listed, plain, total } = await both(page, { search: 'nansubuga' });
      expect(total).toBe(40);
      expect(listed).toHaveLength(PAGE);
      expect(listed).toEqual(plain);
    }
  });
});
