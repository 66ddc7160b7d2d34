// The customer list's pages walk the index of live customers (key c.id, migration 040): from the far end past the
// middle, so the last page reads ten customers, not every one before it. Whatever the page, it holds exactly the rows a
// plain ORDER BY … OFFSET gives, with a search too. The receivables report ages each row's own customer (a LATERAL
// join per row of the page): its rows are what the one aging rule gives for every customer at once.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInApp } from '../../../test/crud-contract.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { agingByCustomer } from './receivables.queries.ts';

const CUSTOMERS = 47;
const PAGE = 10;
const ZONE = 'Africa/Kampala';
let t: TestApp;
let admin: string;

beforeAll(async () => {
  ({ t, admin } = await signedInApp());
  // Three customers at each instant (pages break inside an instant), every 7th in the trash, every 4th named Okello.
  await sql`
    INSERT INTO customers (customer_number, name, phone_number, credit_limit, payment_terms_days, created_at,
                           deleted_at)
    SELECT 'CP' || lpad(g::text, 6, '0'), CASE WHEN g % 4 = 0 THEN 'Okello ' ELSE 'Nakato ' END || g,
           '0703' || lpad(g::text, 6, '0'), 100000 * (g % 5), 15 * (g % 3),
           timestamptz '2026-05-01 09:00+03' + (g / 3) * interval '1 hour',
           CASE WHEN g % 7 = 0 THEN timestamptz '2026-06-01 09:00+03' END
    FROM generate_series(1, ${CUSTOMERS}) g`.execute(t.db);
  // Unpaid sales on account for most of them, made from 0 to 200 days ago; each balance is what its sales owe.
  await sql`
    INSERT INTO sales (sale_number, idempotency_key, customer_name, customer_phone, discount_percent, subtotal,
                       discount_amount, total_amount, payment_method, created_by, created_at, customer_id, on_account,
                       account_due)
    SELECT 'CPS' || c.id || '-' || k, 'customer-pages-' || c.id || '-' || k, c.name, c.phone_number, 0, 10000 * k,
           0, 10000 * k, 'CASH', (SELECT id FROM users ORDER BY id LIMIT 1),
           now() - ((c.id * 37 + k * 53) % 200) * interval '1 day', c.id, 10000 * k, 10000 * k - 1000 * (k % 2)
    FROM customers c CROSS JOIN generate_series(1, 4) k
    WHERE c.customer_number LIKE 'CP%' AND c.id % 5 <> 0 AND k <= 1 + c.id % 4`.execute(t.db);
  await sql`
    UPDATE customers c SET balance = (SELECT coalesce(sum(account_due), 0) FROM sales s WHERE s.customer_id = c.id)
    WHERE c.customer_number LIKE 'CP%'`.execute(t.db);
});
afterAll(() => t.close());

async function both(page: number, search?: string) {
  const params = new URLSearchParams({
    page: String(page),
    pagination_size: String(PAGE),
    ...(search ? { search } : {}),
  });
  const res = await t.call('GET', `/api/customerlist?${params}`, { token: admin });
  expect(res.status).toBe(200);
  const plain = await sql<{ id: number }>`
    SELECT id FROM customers WHERE deleted_at IS NULL ${search ? sql`AND name ILIKE ${`%${search}%`}` : sql``}
    ORDER BY created_at DESC, id DESC LIMIT ${PAGE} OFFSET ${(page - 1) * PAGE}`.execute(t.db);
  return {
    listed: (res.body.data as { id: number }[]).map((c) => c.id),
    plain: plain.rows.map((r) => r.id),
    total: res.body.total as number,
    lastPage: res.body.last_page as number,
  };
}

describe('GET /api/customerlist: pages', () => {
  it('are the same rows as ORDER BY … OFFSET on every page, with a search too', async () => {
    const first = await both(1);
    const live = await sql<{ n: number }>`SELECT count(*)::int AS n FROM customers WHERE deleted_at IS NULL`.execute(
      t.db,
    );
    expect(first.total).toBe(live.rows[0]?.n);
    for (let page = 1; page <= first.lastPage; page++) {
      const { listed, plain } = await both(page);
      expect(listed.length).toBeGreaterThan(0);
      expect(listed).toEqual(plain);
    }
    const searched = await both(1, 'Okello');
    for (let page = 1; page <= searched.lastPage; page++) {
      const { listed, plain } = await both(page, 'Okello');
      expect(listed).toEqual(plain);
    }
  });
});

describe('GET /api/reportreceivableslist', () => {
  it("ages each row's customer as the one aging rule does for all customers at once", async () => {
    const rows: Record<string, unknown>[] = [];
    for (let page = 1; ; page++) {
      const res = await t.call('GET', `/api/reportreceivableslist?page=${page}&pagination_size=${PAGE}`, {
        token: admin,
      });
      expect(res.status).toBe(200);
      rows.push(...(res.body.data.data as Record<string, unknown>[]));
      if (page >= res.body.data.last_page) {
        expect(res.body.data.total).toBe(rows.length);
        break;
      }
    }
    const owing = await sql<{ n: number; total: string }>`
      SELECT count(*)::int AS n, sum(balance) AS total FROM customers WHERE balance > 0`.execute(t.db);
    expect(rows.length).toBe(owing.rows[0]?.n);
    const all = await agingByCustomer(t.db, ZONE).execute();
    const byCustomer = new Map(all.map((a) => [a.customer_id, a]));
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) {
      const aged = byCustomer.get(row.customer_id as number);
      const buckets = ['current', 'd1_30', 'd31_60', 'd61_90', 'over_90'] as const;
      expect(Object.fromEntries(buckets.map((b) => [b, Number(row[b])]))).toEqual(
        Object.fromEntries(buckets.map((b) => [b, Number(aged?.[b] ?? 0)])),
      );
      expect(buckets.reduce((sum, b) => sum + Number(row[b]), 0)).toBe(row.balance);
    }
    // Largest balance first, then by id.
    const order = rows.map((r) => [-(r.balance as number), r.customer_id as number]);
    expect(order).toEqual(
      [...order].sort((a, b) => (a[0] as number) - (b[0] as number) || (a[1] as number) - (b[1] as number)),
    );
  });
});
