import { randomUUID } from 'node:crypto';
import { formatDay } from '@duka/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldingThrough } from '../../../test/fold-fixtures.ts';
import { postSale, wholeReport } from '../../../test/report-fixtures.ts';
import type { Batch } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { tillShop } from '../../../test/till-fixtures.ts';
import { fold } from '../../db/folds.ts';
import { migrations } from '../../db/migrations/index.ts';

// The per-slot sale totals (migration 020) and the line rollups (021) are a second copy of the money the reports and the dashboard read: after
// sales, a return, an offline sale dated yesterday and a sale moved to another day they must equal, slot by slot and
// shop day by shop day, what the sales, lines, payments and returns themselves add up to.
let t: TestApp;
let admin: string;
let cashier: string;
let cement: Batch;
let nails: Batch;
const TZ = 'Africa/Kampala';

beforeAll(async () => {
  ({ t, admin, cashier, cement, nails } = await tillShop());
});
afterAll(() => t.close());

/** Per 15-minute slot, straight from the sales and returns: what sale_totals must hold. */
const recomputed = () =>
  sql<Record<string, string>>`
    SELECT slot, count(*) FILTER (WHERE is_sale) AS sales_count, sum(gross) AS gross, sum(discounts) AS discounts,
           sum(sold) AS sold, sum(sold_vat) AS sold_vat, sum(sold_cost) AS sold_cost, sum(refunds) AS refunds,
           sum(refund_vat) AS refund_vat, sum(refund_cost) AS refund_cost, sum(cash) AS cash,
           sum(mobile_money) AS mobile_money, sum(bank) AS bank, sum(card) AS card
    FROM (
      SELECT date_bin('15 minutes', sa.created_at, timestamptz '2000-01-01Z') AS slot, true AS is_sale,
             sa.subtotal AS gross, sa.discount_amount AS discounts, sa.total_amount AS sold, sa.vat_amount AS sold_vat,
             (SELECT sum(i.quantity * i.unit_cost) FROM sale_items i WHERE i.sale_id = sa.id) AS sold_cost,
             0 AS refunds, 0 AS refund_vat, 0 AS refund_cost,
             (SELECT coalesce(sum(amount), 0) FROM sale_payments WHERE sale_id = sa.id AND method = 'CASH')
               - sa.change_given AS cash,
             (SELECT coalesce(sum(amount), 0) FROM sale_payments WHERE sale_id = sa.id AND method = 'MOBILE_MONEY')
               AS mobile_money,
             (SELECT coalesce(sum(amount), 0) FROM sale_payments WHERE sale_id = sa.id AND method = 'BANK') AS bank,
             (SELECT coalesce(sum(amount), 0) FROM sale_payments WHERE sale_id = sa.id AND method = 'CARD') AS card
        FROM sales sa
      UNION ALL
      SELECT date_bin('15 minutes', r.created_at, timestamptz '2000-01-01Z'), false, 0, 0, 0, 0, 0,
             r.refund_amount, r.vat_amount, r.cost_amount, -r.refund_amount * (r.refund_method = 'CASH')::int,
             -r.refund_amount * (r.refund_method = 'MOBILE_MONEY')::int, -r.refund_amount * (r.refund_method = 'BANK')::int,
             -r.refund_amount * (r.refund_method = 'CARD')::int
        FROM sale_returns r
    ) m GROUP BY slot ORDER BY slot`
    .execute(t.db)
    .then((r) => r.rows.map((row) => normalised(row)));

const stored = () =>
  sql<Record<string, string>>`SELECT * FROM sale_totals ORDER BY slot`
    .execute(t.db)
    .then((r) => r.rows.map((row) => normalised(row)));

/** Every figure as an exact decimal string, the slot as an instant. */
const normalised = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : String(Number(v))]));

/** Eight sales at once by two users, of cement and nails alternately. */
const eightSales = () =>
  Array.from({ length: 8 }, (_, i) =>
    postSale(t, i % 2 ? cashier : admin, [[i % 2 ? nails : cement, 1 + i]], { paymentMethod: 'CASH' }),
  );

/** The migration undone with a sale's rows pending, then done again, a sale after each: every sum kept. */
const expectUndoneAndRedone = async (name: string, pending: () => Promise<number | undefined>) => {
  await postSale(t, cashier, [[nails, 2]], { paymentMethod: 'MOBILE_MONEY' });
  expect(await pending()).toBeGreaterThan(0);
  const migration = migrations[name];
  await migration?.down?.(t.db);
  await postSale(t, admin, [[cement, 1]], { paymentMethod: 'CASH' });
  await expectReconciled();
  await migration?.up(t.db);
  await postSale(t, cashier, [[nails, 1]], { paymentMethod: 'CASH' });
  await expectReconciled();
};

const expectReconciled = async () => {
  const [plain, totals] = await Promise.all([recomputed(), stored()]);
  expect(totals.length).toBeGreaterThan(0);
  expect(totals).toEqual(plain);
  // Every line carries its sale's instant.
  const adrift = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM sale_items i JOIN sales sa ON sa.id = i.sale_id WHERE i.created_at <> sa.created_at`.execute(
    t.db,
  );
  expect(adrift.rows[0]?.n).toBe(0);
  // The line rollups (migration 021) equal the lines summed per UTC month and product, per UTC day and supplier.
  const rollupsAdrift = await sql<{ n: number }>`
    SELECT (SELECT count(*) FROM (
              SELECT month, product_id, measurement_id, quantity FROM sale_product_months WHERE quantity <> 0
              EXCEPT
              SELECT date_trunc('month', created_at AT TIME ZONE 'UTC')::date, product_id, measurement_id, sum(quantity)
                FROM sale_items GROUP BY 1, 2, 3) x)
         + (SELECT count(*) FROM (
              SELECT day, supplier_id, quantity, revenue, cost FROM sale_supplier_days WHERE quantity <> 0
              EXCEPT
              SELECT (i.created_at AT TIME ZONE 'UTC')::date, b.supplier_id, sum(i.quantity),
                     sum(i.total_price - i.discount_amount), sum(i.quantity * i.unit_cost)
                FROM sale_items i JOIN stock_batches b ON b.id = i.batch_id GROUP BY 1, 2) y)
         AS n`.execute(t.db);
  expect(rollupsAdrift.rows[0]?.n).toBe(0);
  // The sales list counts its sales from the slots (no search), as count(*) does (with a search).
  for (const day of [undefined, today(), yesterday()]) {
    const period = day ? `?startDate=${day}&endDate=${day}` : '';
    const [listed, searched] = await Promise.all([
      t.call('GET', `/api/saleslist${period}`, { token: admin }),
      t.call('GET', `/api/saleslist${period}${period ? '&' : '?'}search=SN`, { token: admin }),
    ]);
    const from = day ? new Date(`${day}T00:00:00+03:00`) : new Date(0);
    const until = day ? new Date(from.getTime() + 86_400_000) : new Date('2100-01-01');
    const counted = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM sales WHERE created_at >= ${from} AND created_at < ${until}`.execute(t.db);
    expect(listed.body.total).toBe(counted.rows[0]?.n);
    expect(searched.body.total).toBe(counted.rows[0]?.n);
  }
  const rolled = await sql<{ q: string }>`SELECT coalesce(sum(quantity), 0) AS q FROM sale_product_months`.execute(
    t.db,
  );
  const sold = await sql<{ q: string }>`SELECT coalesce(sum(quantity), 0) AS q FROM sale_items`.execute(t.db);
  expect(Number(rolled.rows[0]?.q)).toBe(Number(sold.rows[0]?.q));
};

const today = () => formatDay(new Date(), TZ);
const yesterday = () => formatDay(new Date(Date.now() - 86_400_000), TZ);

describe('sale_totals', () => {
  it('equals a plain recomputation after sales, a return, an offline sale dated yesterday and a re-dated sale', async () => {
    const discounted = await postSale(t, cashier, [[cement, 3]], { paymentMethod: 'CASH', discount: 10 });
    await postSale(
      t,
      cashier,
      [
        [nails, 2.5],
        [cement, 1],
      ],
      {
        payments: [
          { method: 'MOBILE_MONEY', amount: 20_000, reference: 'MP-1' },
          { method: 'CASH', amount: 100_000 },
        ],
      },
    );
    await expectReconciled();

    const [line] = (await t.call('GET', `/api/saleshow/${discounted.id}`, { token: admin })).body.data.items as {
      id: number;
    }[];
    const back = await t.call('POST', `/api/salesreturnstore/${discounted.id}`, {
      token: cashier,
      body: {
        items: [{ sale_item_id: line?.id, quantity: 1.5 }],
        reason: 'Bags torn',
        refund_method: 'MOBILE_MONEY',
        refund_reference: 'MP-R-1',
      },
    });
    expect(back.status).toBe(200);
    await expectReconciled();

    const madeAt = new Date(Date.now() - 86_400_000).toISOString();
    const offline = await t.call('POST', '/api/salesstore', {
      token: cashier,
      body: {
        customerName: 'Anonymous',
        customerPhone: '0700000000',
        items: [{ batchNumber: nails.batch_number, quantity: 4 }],
        payments: [{ method: 'CASH', amount: 50_000 }],
        idempotencyKey: randomUUID(),
        offline: true,
        made_at: madeAt,
      },
    });
    expect(offline.status).toBe(200);
    await expectReconciled();
    const offlineSale = await t.db
      .selectFrom('sales')
      .select(['total_amount', 'created_at'])
      .where('id', '=', offline.body.data.id)
      .executeTakeFirstOrThrow();
    expect(offlineSale.created_at.toISOString()).toBe(madeAt);

    // The reports read the totals: yesterday holds the offline sale alone (unless the test runs at midnight).
    if (formatDay(new Date(madeAt), TZ) === yesterday()) {
      const revenue = await wholeReport(t, admin, 'reportrevenuelist', {
        report_type: 'custom',
        date_range: `${yesterday()},${yesterday()}`,
      });
      expect(revenue.data.data).toMatchObject([
        { day: yesterday(), sales_count: 1, revenue: offlineSale.total_amount },
      ]);
      const dashboard = await t.call('GET', `/api/dashboard?startDate=${yesterday()}&endDate=${yesterday()}`, {
        token: admin,
      });
      expect(dashboard.body.data.total_revenue).toBe(offlineSale.total_amount);
    }

    // A sale moved to another day (a repair, or the report tests) takes its money and its lines with it.
    await sql`UPDATE sales SET created_at = '2025-03-15T09:07:00Z' WHERE id = ${discounted.id}`.execute(t.db);
    await expectReconciled();
    const march = await wholeReport(t, admin, 'reportdailysaleslist', { Date: '2025-03-15' });
    expect(march.data.data).toHaveLength(1);
    expect(march.data.data[0].created_at).toBe('2025-03-15T09:07:00.000Z');
    expect(today()).not.toBe('2025-03-15');
  });

  it('adds each new sale to its slot once, however many tills sell in that slot at the same time', async () => {
    // Migration 025: a sale inserted by the committing transaction is added to its slot, not recomputed with it.
    const sales = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        postSale(t, i % 2 ? cashier : admin, [[i % 3 ? nails : cement, 1 + (i % 4)]], {
          paymentMethod: i % 2 ? 'MOBILE_MONEY' : 'CASH',
        }),
      ),
    );
    expect(new Set(sales.map((s) => s.id)).size).toBe(12);
    await expectReconciled();
  });

  it('adds what a transaction inserted and recomputes what it changed, in one commit, in either order', async () => {
    const old = await postSale(t, cashier, [[cement, 1]], { paymentMethod: 'CASH' });
    const fresh = () => postSale(t, cashier, [[nails, 1]], { paymentMethod: 'CASH' });
    const [first, second] = [await fresh(), await fresh()];
    // Copies of two sales, inserted in the old sale's slot by a transaction that also changes the old sale, once
    // before and once after the change: the slot is recomputed, and the copies are neither lost nor counted twice.
    const copy = (id: number, key: string) => sql`
      INSERT INTO sales (sale_number, idempotency_key, customer_name, customer_phone, discount_percent, subtotal,
                         discount_amount, total_amount, payment_method, created_by, created_at, change_given)
      SELECT sale_number || ${key}, idempotency_key || ${key}, customer_name, customer_phone, discount_percent,
             subtotal, discount_amount, total_amount, payment_method, created_by,
             (SELECT created_at FROM sales WHERE id = ${old.id}), change_given
      FROM sales WHERE id = ${id}`;
    await t.db.transaction().execute(async (trx) => {
      await copy(first.id, '-a').execute(trx);
      await sql`UPDATE sale_payments SET method = 'BANK' WHERE sale_id = ${old.id}`.execute(trx);
      await copy(second.id, '-b').execute(trx);
    });
    await expectReconciled();
    // A sale inserted and then deleted in one transaction leaves nothing behind.
    await t.db.transaction().execute(async (trx) => {
      await copy(first.id, '-c').execute(trx);
      await sql`DELETE FROM sales WHERE sale_number LIKE '%-c'`.execute(trx);
    });
    await expectReconciled();
  });

  it('keeps every sum while the pending rows fold into the kept ones, beside tills selling and a slot recomputed', async () => {
    const pending = () =>
      sql<{ n: number }>`SELECT count(*)::int AS n FROM sale_totals_pending`.execute(t.db).then((r) => r.rows[0]?.n);
    await postSale(t, admin, [[cement, 1]], { paymentMethod: 'CASH' });
    // A new sale is a pending row: no kept row was rewritten for it.
    expect(await pending()).toBeGreaterThan(0);
    const older = await sql<{ id: number }>`SELECT id FROM sales ORDER BY id LIMIT 1`.execute(t.db);
    let folded = await foldingThrough(
      t.db,
      'fold_sale_totals',
      Promise.all([
        ...eightSales(),
        // A payment changed on an older sale: its slot is recomputed while the fold and the sales run.
        sql`UPDATE sale_payments SET method = 'MOBILE_MONEY' WHERE sale_id = ${older.rows[0]?.id}`.execute(t.db),
      ]),
    );
    await expectReconciled();
    folded += await fold(t.db, 'fold_sale_totals');
    expect(folded).toBeGreaterThan(0);
    expect(await pending()).toBe(0);
    await expectReconciled();
    // Folded, the kept rows alone are the recomputation, and their days and months their sums.
    const kept = await sql<Record<string, unknown>>`SELECT * FROM sale_totals_kept_slots ORDER BY slot`.execute(t.db);
    expect(kept.rows.map((row) => normalised(row))).toEqual(await recomputed());
    const levels = await sql<{ n: number }>`
      SELECT (SELECT count(*) FROM (SELECT * FROM sale_totals_kept_days EXCEPT SELECT * FROM sale_totals_days) d)
           + (SELECT count(*) FROM (SELECT * FROM sale_totals_kept_months EXCEPT SELECT * FROM sale_totals_months) m)
           + (SELECT count(*) FROM (SELECT * FROM sale_totals_days EXCEPT SELECT * FROM sale_totals_kept_days) e)
           AS n`.execute(t.db);
    expect(levels.rows[0]?.n).toBe(0);
    // Undone with a sale pending, the migration gives back the tables with every sale in them; done again, the same.
    await expectUndoneAndRedone('051_sale_totals_pending', pending);
  });

  it('keeps the lines per day and supplier while their pending rows fold, and through their migration undone and redone', async () => {
    const pending = () =>
      sql<{ n: number }>`SELECT count(*)::int AS n FROM sale_supplier_days_pending`
        .execute(t.db)
        .then((r) => r.rows[0]?.n);
    await postSale(t, cashier, [[nails, 1]], { paymentMethod: 'CASH' });
    // A sale's lines are pending rows: no kept row was rewritten for them.
    expect(await pending()).toBeGreaterThan(0);
    let folded = await foldingThrough(t.db, 'fold_sale_supplier_days', Promise.all(eightSales()));
    await expectReconciled();
    folded += await fold(t.db, 'fold_sale_supplier_days');
    expect(folded).toBeGreaterThan(0);
    expect(await pending()).toBe(0);
    // Folded, the kept rows alone are what the view sums.
    const apart = await sql<{ n: number }>`
      SELECT (SELECT count(*) FROM (SELECT * FROM sale_supplier_days_kept EXCEPT SELECT * FROM sale_supplier_days) k)
           + (SELECT count(*) FROM (SELECT * FROM sale_supplier_days EXCEPT SELECT * FROM sale_supplier_days_kept) v)
           AS n`.execute(t.db);
    expect(apart.rows[0]?.n).toBe(0);
    // Undone with a sale's lines pending, the migration gives back the table with every line in it; done again, the
    // same.
    await expectUndoneAndRedone('053_stock_and_supplier_rows_appended', pending);
  });
});
