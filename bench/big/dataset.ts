// The bench's big shop, written straight in SQL: at scale 1, 20,000 products, 100,000 batches, 1,000,000
// sales with 3,000,000 lines over the last 24 months, 200,000 audit rows, plus expenses and write-offs, 2,000
// customers with accounts (a sale in 25 on account, paid by a payment each a month later except the last months'),
// and 500 goods receipts from suppliers with their bills and payments; at scale 10 ten times as many over ten
// years. Every
// figure is a pure function of row numbers (hashint8), so a run is repeatable, and every invariant the app keeps
// holds: line total = round(quantity × price), subtotal = Σ lines, discount = round(subtotal × % / 100) spread over
// the lines by the largest remainder (as spreadDiscount), total = subtotal − discount, the batch's sold quantity =
// Σ its lines, balance = received − sold − written off (≥ 0), each line's unit cost = its batch's cost, no sale
// before its batch's stock date; a customer's balance = Σ on account − Σ payments = Σ still due, a sale's due =
// on account − Σ what payments settled of it, oldest first; a receipt's value = Σ its lines = its batches' cost, its
// due = value − Σ what payments settled. Efficiency: staging tables and generate_series, one transaction per table,
// foreign-key triggers off during the load (the rows are consistent by construction), secondary indexes dropped
// before and rebuilt after, then VACUUM ANALYZE.
import type pg from 'pg';

export interface DatasetSize {
  products: number;
  batches: number;
  sales: number;
  audit: number;
  days: number;
  customers: number;
  receipts: number;
}

export function sizeFor(scale: number): DatasetSize {
  const n = (full: number, min: number) => Math.max(min, Math.round(full * scale));
  const products = n(20_000, 50);
  return {
    products,
    batches: Math.max(products, n(100_000, 250)),
    sales: n(1_000_000, 2_000),
    audit: n(200_000, 400),
    // Two years up to scale 2, then a year more per unit of scale: scale 10 is ten years of a chain's history.
    days: Math.max(730, Math.round(365 * scale)),
    customers: n(2_000, 20),
    receipts: n(500, 10),
  };
}

export const BIG_TABLES = [
  'sales',
  'sale_items',
  'sale_payments',
  'stock_batches',
  'stock_adjustments',
  'audit_logs',
  'products',
  'brands',
  'customers',
  'customer_payments',
  'customer_payment_allocations',
  'goods_receipts',
  'goods_receipt_lines',
  'supplier_payments',
  'supplier_payment_allocations',
];

/** The customer sale `g` (a sale in 25) is put on: customer 1 has ~2,500 of them at every scale, for a statement
 * of ~5,000 lines; the others are spread over the rest. */
const accountCustomer = (g: string, size: DatasetSize) => {
  const heavy = Math.max(1, Math.round(size.sales / 25 / 2_500));
  return `CASE WHEN (${g} / 25) % ${heavy} = 0 THEN 1
               ELSE 2 + ((${g} / 25)::bigint * 7919) % ${Math.max(1, size.customers - 1)} END`;
};

/** A customer's name from their number; names repeat, numbers and phones do not. */
const customerName = (c: string) => `(ARRAY['Okello','Nakato','Mugisha','Achieng','Ssemakula','Namubiru','Kato','Atim',
  'Wasswa','Nansubuga','Opio','Kyomuhendo','Lubega','Adong','Tumusiime','Nalwoga','Ochieng','Birungi','Mutebi',
  'Akello'])[1 + ${c} % 20] || ' ' || (ARRAY['John','Sarah','Peter','Grace','Brian','Ruth','Henry','Joyce','David',
  'Esther','Samuel','Ann','Musa','Betty','Paul','Irene','Tom','Rose','Ivan','Hardware','Builders','Contractors',
  'Construction','Enterprises','Traders'])[1 + (${c} / 20) % 25]`;

/** The till (migration 012): one payment of each sale's whole total. */
export const TILL_SQL = `
    INSERT INTO sale_payments (sale_id, method, amount)
      SELECT id, payment_method, total_amount FROM sales WHERE total_amount > 0 ORDER BY id;`;

/** Fills an empty catalogue and sales; `log` gets one line per step with its time. */
export async function generateDataset(client: pg.Client, size: DatasetSize, log: (msg: string) => void) {
  const { products: P, batches: B, sales: S, audit: A, days: D, customers: C, receipts: R } = size;
  const W = Math.max(1, Math.floor(B / 20)); // a sale picks among the W batches "on the shelf" at its time
  const step = async (name: string, text: string) => {
    const started = performance.now();
    await client.query(text);
    log(`  ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  const existing = await client.query('SELECT (SELECT count(*) FROM products) + (SELECT count(*) FROM sales) AS n');
  if (Number(existing.rows[0].n) > 0) throw new Error('the bench database already holds products or sales');
  const admin = (await client.query('SELECT id FROM users ORDER BY id LIMIT 1')).rows[0].id as number;

  await client.query(`SET work_mem = '256MB'; SET maintenance_work_mem = '512MB'; SET synchronous_commit = off;
    SET session_replication_role = replica; SET TIME ZONE 'Africa/Kampala'`);
  // The secondary indexes of the big tables go, and come back after the load (constraint indexes stay).
  const dropped = await client.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
     WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [BIG_TABLES],
  );
  for (const index of dropped.rows) await client.query(`DROP INDEX ${index.name}`);

  // The first day of the 24 months; the last is today in the shop's zone.
  const start = `(current_date - ${D - 1})`;
  const cost = (b: string) => `(100 * (10 + ((${b})::bigint * 37) % 490))`;
  const price = (b: string) => `(${cost(b)} + 100 * (${cost(b)} / 400 + 1))`;

  await step(
    'catalogue',
    `BEGIN;
    INSERT INTO categories (id, name, environment, created_by)
      SELECT g, (ARRAY['Cement','Steel','Timber','Paint','Plumbing','Electrical','Roofing','Tiles','Tools','Hardware',
                      'Sand and aggregates','Glass','Doors','Windows','Adhesives','Garden','Safety','Fasteners','Wire','Pipes'])[g],
             'PRODUCTION', ${admin} FROM generate_series(1, 20) g;
    INSERT INTO measurements (id, name, environment)
      SELECT g, (ARRAY['Piece','Bag','Kilogram','Metre','Tonne'])[g], 'PRODUCTION' FROM generate_series(1, 5) g;
    INSERT INTO suppliers (id, supplier_number, name, phone_number, email, tin, country, address, environment)
      SELECT g, 'SR' || upper(lpad(to_hex(g), 14, '0')), 'Supplier ' || g || ' Ltd', '07' || lpad(g::text, 8, '0'),
             'supplier' || g || '@duka.test', (1000000000 + g)::text, 'Uganda', 'Plot ' || g || ', Kampala', 'PRODUCTION'
      FROM generate_series(1, 50) g;
    INSERT INTO products (id, name, category_id, environment, created_by, barcode, sku, created_at)
      SELECT p, (ARRAY['Heavy','Light','Premium','Standard','Galvanised','Treated','Red','White','Black','Blue',
                      'Long','Short','Wide','Narrow','Fine','Coarse','Outdoor','Indoor','Quick','Classic'])[1 + p % 20]
                || ' ' || (ARRAY['cement','nail','bolt','screw','hinge','lock','pipe','elbow','tap','valve','cable',
                      'switch','socket','bulb','brush','roller','bucket','shovel','hammer','saw','plank','board',
                      'sheet','tile','grout','sealant','primer','gloss','emulsion','varnish','wire','mesh','rod',
                      'bar','angle','channel','washer','anchor','clip','bracket'])[1 + (p / 20) % 40]
                || ' ' || p,
             1 + p % 20, 'PRODUCTION', ${admin}, '600' || lpad(p::text, 10, '0'), 'SKU-' || p,
             ${start} - 30 + (p % 30)
      FROM generate_series(1, ${P}) p;
    -- 2,000 brand names (20 makers × 10 lines × 10 towns), as a chain's catalogue holds: the POS search of any
    -- three letters meets many of them.
    INSERT INTO brands (id, name, product_id, environment, created_by)
      SELECT 2 * (p - 1) + v,
             (ARRAY['Tororo','Hima','Kasese','Roofings','Steel and Tube','Crown','Sadolin','Plascon','Uganda Baati',
                    'Mukwano','Nile','Simba','Kilimanjaro','Victoria','Rwenzori','Elgon','Karuma','Bugisu','Ankole',
                    'Busoga'])[1 + k % 20]
             || ' ' || (ARRAY['Gold','Pro','Max','Plus','Ultra','Star','Super','Prime','Eco','Royal'])[1 + (k / 20) % 10]
             || ' ' || (ARRAY['Kampala','Jinja','Mbale','Gulu','Mbarara','Lira','Masaka','Entebbe','Arua','Hoima'])[1 + k / 200],
             p, 'PRODUCTION', ${admin}
      FROM generate_series(1, ${P}) p, generate_series(1, 2) v CROSS JOIN LATERAL (SELECT (p * 7 + v * 1013) % 2000 AS k) x;
    COMMIT`,
  );

  // One row per sale line: sale g has 1 + (7g mod 5) lines (3 on average) from the batches on the shelf at its time.
  await step(
    'sale lines (staging)',
    `DROP TABLE IF EXISTS bench_lines, bench_sales, bench_shares;
    CREATE UNLOGGED TABLE bench_lines AS
    SELECT g AS sale_id, k AS line, batch_id, quantity, ${price('batch_id')} AS unit_price, ${cost('batch_id')} AS unit_cost,
           round(quantity * ${price('batch_id')})::bigint AS total_price
    FROM (
      SELECT g, k, h,
             (floor((g - 1)::numeric * ${B - W} / ${S}) + 1 + (h / 100) % ${W})::int AS batch_id,
             CASE WHEN h % 10 < 6 THEN 1 WHEN h % 10 < 8 THEN 2 WHEN h % 10 = 8 THEN 5
                  ELSE 0.5 * (1 + (h / 10) % 7) END::numeric(14,3) AS quantity
      FROM generate_series(1, ${S}) g
      CROSS JOIN LATERAL generate_series(1, 1 + (7 * g) % 5) k
      CROSS JOIN LATERAL (SELECT abs(hashint8(g::bigint * 8 + k))::bigint AS h) x
    ) l`,
  );
  await step(
    'sale totals (staging)',
    `CREATE UNLOGGED TABLE bench_sales AS
    SELECT sale_id AS id, subtotal, pct,
           round(subtotal * pct / 100)::bigint AS discount_amount
    FROM (SELECT sale_id, sum(total_price) AS subtotal,
                 CASE WHEN sale_id % 10 = 3 THEN 5 WHEN sale_id % 10 = 7 THEN 2.5 ELSE 0 END::numeric(5,2) AS pct
          FROM bench_lines GROUP BY sale_id) t;
    CREATE UNLOGGED TABLE bench_shares AS
    WITH lines AS (
      SELECT l.sale_id, l.line, s.discount_amount::numeric * l.total_price AS exact, s.subtotal::numeric AS subtotal,
             s.discount_amount::numeric AS discount
      FROM bench_lines l JOIN bench_sales s ON s.id = l.sale_id WHERE s.discount_amount > 0
    ), floored AS (
      SELECT sale_id, line, discount, div(exact, subtotal) AS base, mod(exact, subtotal) AS remainder FROM lines
    ), ranked AS (
      SELECT sale_id, line, base, discount - sum(base) OVER (PARTITION BY sale_id) AS left_over,
             row_number() OVER (PARTITION BY sale_id ORDER BY remainder DESC, line) AS rank
      FROM floored
    )
    SELECT sale_id, line, (base + CASE WHEN rank <= left_over THEN 1 ELSE 0 END)::bigint AS share FROM ranked`,
  );
  // A sale in 25 goes on a customer's account, whole. It is paid by a payment of its own 30 days later, so payments
  // settle the oldest sales first, unless it is of the last 75 days (400 for every seventh customer, who pays late):
  // those are still owed, and the receivables report ages them.
  await step(
    'accounts (staging)',
    `CREATE UNLOGGED TABLE bench_account AS
    SELECT id AS sale_id, customer_id, on_account, day,
           day < current_date - CASE WHEN customer_id % 7 = 0 THEN 400 ELSE 75 END AS paid
    FROM (SELECT s.id, (${accountCustomer('s.id', size)})::int AS customer_id, s.subtotal - s.discount_amount AS on_account,
                 ${start} + floor((s.id - 1)::float8 * ${D} / ${S})::int AS day
          FROM bench_sales s WHERE s.id % 25 = 1 AND s.subtotal > s.discount_amount) a`,
  );

  await step(
    'stock batches',
    `BEGIN;
    INSERT INTO stock_batches (id, batch_number, product_id, brand_id, measurement_id, supplier_id, quantity, unit_price,
                               total_cost, sale_price, min_stock_level, quantity_sold, quantity_adjusted, balance,
                               stock_date, environment, created_by, created_at, updated_at)
    SELECT b, 'BN' || upper(lpad(to_hex(b), 14, '0')), p, 2 * (p - 1) + 1 + ((b - 1) / ${P}) % 2, 1 + p % 5, 1 + b % 50,
           received, ${cost('b')}, round(received * ${cost('b')})::bigint, ${price('b')}, 5 + b % 10,
           sold, adjusted, received - sold - adjusted, day, 'PRODUCTION', ${admin}, day + time '07:30', day + time '07:30'
    FROM (
      SELECT b, ((b - 1) % ${P}) + 1 AS p, coalesce(s.sold, 0) AS sold, adjusted,
             ${start} + (greatest(0, b - 1 - ${W})::bigint * ${D - 1} / ${Math.max(1, B - W)})::int AS day,
             coalesce(s.sold, 0) + adjusted + CASE
               WHEN b > ${B - 2 * W} THEN 20 + abs(hashint4(b)) % 300
               WHEN abs(hashint4(b)) % 10 < 6 AND coalesce(s.sold, 0) + adjusted > 0 THEN 0
               ELSE 1 + abs(hashint4(b)) % 15 END AS received
      FROM generate_series(1, ${B}) b
      CROSS JOIN LATERAL (SELECT CASE WHEN b % 50 = 0 THEN 1 + b % 3 ELSE 0 END::numeric(14,3) AS adjusted) a
      LEFT JOIN (SELECT batch_id, sum(quantity) AS sold FROM bench_lines GROUP BY batch_id) s ON s.batch_id = b
    ) t;
    INSERT INTO stock_adjustments (batch_id, reason, quantity, unit_cost, note, adjustment_date, created_by, created_at)
    SELECT id, (ARRAY['DAMAGE','LOSS','EXPIRY','COUNT_CORRECTION'])[1 + (id / 50) % 4], quantity_adjusted, unit_price,
           'Found at the count', least(current_date, stock_date + 10), ${admin}, least(current_date, stock_date + 10) + time '18:00'
    FROM stock_batches WHERE quantity_adjusted > 0;
    COMMIT`,
  );

  // Goods received from suppliers: receipt r brings up to 10 batches of one supplier (ids 50 apart, as a batch's
  // supplier is its id mod 50), spread over the years; each batch is dated the receipt's day (its first batch's, so
  // no sale comes before its batch). A third were paid on receipt; the rest are bills, each paid by a payment of its
  // own 30 days later unless received in the last 60 days.
  const groups = Math.ceil(R / 50);
  const block = Math.floor(B / groups);
  const perReceipt = Math.max(1, Math.min(10, Math.floor(block / 50)));
  await step(
    'goods receipts',
    `BEGIN;
    CREATE UNLOGGED TABLE bench_receipt_lines AS
      SELECT r, ((r - 1) / 50) * ${block} + 1 + (r - 1) % 50 + 50 * j AS batch_id
      FROM generate_series(1, ${R}) r, generate_series(0, ${perReceipt - 1}) j;
    UPDATE stock_batches b SET stock_date = f.day, created_at = f.day + time '07:30', updated_at = f.day + time '07:30'
      FROM (SELECT l.batch_id, min(x.stock_date) OVER (PARTITION BY l.r) AS day
            FROM bench_receipt_lines l JOIN stock_batches x ON x.id = l.batch_id) f
     WHERE b.id = f.batch_id AND b.stock_date <> f.day;
    INSERT INTO goods_receipts (id, grn_number, supplier_id, received_date, supplier_invoice_number, goods_value,
                                landed_costs, payment, payment_method, amount_due, created_by, created_at)
      SELECT r, 'GR-' || lpad(r::text, 6, '0'), min(b.supplier_id), min(b.stock_date), 'INV-' || (7000 + r),
             sum(b.total_cost), 0, CASE WHEN r % 3 = 0 THEN 'PAID' ELSE 'CREDIT' END,
             CASE WHEN r % 3 = 0 THEN 'BANK' END,
             CASE WHEN r % 3 = 0 OR min(b.stock_date) < current_date - 60 THEN 0 ELSE sum(b.total_cost) END,
             ${admin}, min(b.stock_date) + time '09:00'
      FROM bench_receipt_lines l JOIN stock_batches b ON b.id = l.batch_id GROUP BY r ORDER BY r;
    INSERT INTO goods_receipt_lines (goods_receipt_id, product_id, brand_id, measurement_id, factor, quantity, unit_cost,
                                     sale_price, line_value, landed_cost, stock_batch_id)
      SELECT l.r, b.product_id, b.brand_id, b.measurement_id, 1, b.quantity, b.unit_price, b.sale_price, b.total_cost, 0, b.id
      FROM bench_receipt_lines l JOIN stock_batches b ON b.id = l.batch_id ORDER BY l.r, b.id;
    CREATE UNLOGGED TABLE bench_bills AS
      SELECT row_number() OVER (ORDER BY received_date, id) AS n, id, supplier_id, goods_value, received_date + 30 AS paid_on
      FROM goods_receipts WHERE payment = 'CREDIT' AND amount_due = 0;
    INSERT INTO supplier_payments (id, payment_number, supplier_id, amount, method, reference, payment_date, from_till,
                                   created_by, created_at)
      SELECT n, 'SP' || lpad(n::text, 6, '0'), supplier_id, goods_value, 'BANK', 'TRF-' || n, paid_on, false, ${admin},
             paid_on + time '11:00'
      FROM bench_bills ORDER BY n;
    INSERT INTO supplier_payment_allocations (payment_id, goods_receipt_id, amount)
      SELECT n, id, goods_value FROM bench_bills ORDER BY n;
    COMMIT`,
  );

  // Sales in shop hours (08:00-20:00 in Kampala), in id order, spread evenly over the days.
  await step(
    'sales',
    `BEGIN;
    INSERT INTO sales (id, receipt_number, sale_number, idempotency_key, customer_name, customer_phone, discount_percent, subtotal,
                       discount_amount, total_amount, payment_method, customer_id, on_account, account_due, created_by,
                       created_at)
    SELECT s.id, s.id, 'SN' || upper(lpad(to_hex(s.id), 14, '0')), 'bench-' || s.id,
           CASE WHEN a.sale_id IS NULL THEN
             (ARRAY['Walk-in','Okello John','Nakato Sarah','Mugisha Peter','Achieng Grace','Ssemakula Brian',
                    'Namubiru Ruth','Kato Henry','Atim Joyce','Wasswa David','Nansubuga Esther','Opio Samuel',
                    'Kyomuhendo Ann','Lubega Musa','Adong Betty','Tumusiime Paul','Nalwoga Irene','Ochieng Tom',
                    'Birungi Rose','Mutebi Ivan'])[1 + s.id % 20]
           ELSE ${customerName('a.customer_id')} END,
           CASE WHEN a.sale_id IS NULL THEN '07' || lpad((s.id % 100000000)::text, 8, '0')
                ELSE '079' || lpad(a.customer_id::text, 7, '0') END,
           s.pct, s.subtotal, s.discount_amount, s.subtotal - s.discount_amount,
           CASE WHEN a.sale_id IS NULL THEN (ARRAY['CASH','MOBILE_MONEY','BANK','CARD'])[1 + s.id % 4] ELSE 'ACCOUNT' END,
           a.customer_id, coalesce(a.on_account, 0), CASE WHEN a.paid OR a.sale_id IS NULL THEN 0 ELSE a.on_account END,
           ${admin}, (${start} + floor(x)::int) + time '08:00' + (x - floor(x)) * interval '12 hours'
    FROM bench_sales s CROSS JOIN LATERAL (SELECT (s.id - 1)::float8 * ${D} / ${S} AS x) t
    LEFT JOIN bench_account a ON a.sale_id = s.id
    ORDER BY s.id;
    ${TILL_SQL}
    COMMIT`,
  );
  await step(
    'sale lines',
    `BEGIN;
    INSERT INTO sale_items (sale_id, batch_id, product_id, brand_id, measurement_id, quantity, unit_price, unit_cost,
                            total_price, discount_amount, created_at)
    SELECT l.sale_id, l.batch_id, b.product_id, b.brand_id, b.measurement_id, l.quantity, l.unit_price, l.unit_cost,
           l.total_price, coalesce(sh.share, 0), sa.created_at
    FROM bench_lines l
    JOIN stock_batches b ON b.id = l.batch_id
    JOIN sales sa ON sa.id = l.sale_id
    LEFT JOIN bench_shares sh ON sh.sale_id = l.sale_id AND sh.line = l.line
    ORDER BY l.sale_id, l.line;
    COMMIT`,
  );
  // The customers, then the payments of their paid sales (one each, in the order made) and what each settled; the
  // balance is what is still due. The document counters continue after the last number used.
  await step(
    'customers and payments',
    `BEGIN;
    INSERT INTO customers (id, customer_number, name, phone_number, address, credit_limit, payment_terms_days, balance,
                           created_by, created_at, updated_at)
      SELECT c, 'CU' || lpad(c::text, 6, '0'), ${customerName('c')}, '079' || lpad(c::text, 7, '0'),
             'Plot ' || c || ', Kampala', CASE WHEN c = 1 THEN 50000000 ELSE 3000000 END, 30, coalesce(d.due, 0),
             ${admin}, (${start} - 30 + c % 30) + time '09:00', (${start} - 30 + c % 30) + time '09:00'
      FROM generate_series(1, ${C}) c
      LEFT JOIN (SELECT customer_id, sum(on_account) FILTER (WHERE NOT paid) AS due FROM bench_account GROUP BY 1) d
        ON d.customer_id = c
      ORDER BY c;
    CREATE UNLOGGED TABLE bench_paid AS
      SELECT row_number() OVER (ORDER BY day, sale_id) AS n, sale_id, customer_id, on_account, day + 30 AS paid_on
      FROM bench_account WHERE paid;
    INSERT INTO customer_payments (id, payment_number, customer_id, amount, method, payment_date, unapplied, created_by,
                                   created_at)
      SELECT n, 'CP' || lpad(n::text, 6, '0'), customer_id, on_account, (ARRAY['CASH','MOBILE_MONEY','BANK'])[1 + n % 3],
             paid_on, 0, ${admin}, paid_on + time '10:00'
      FROM bench_paid ORDER BY n;
    INSERT INTO customer_payment_allocations (payment_id, sale_id, amount)
      SELECT n, sale_id, on_account FROM bench_paid ORDER BY n;
    UPDATE shop_counters SET value = CASE name
        WHEN 'customer' THEN ${C}
        WHEN 'customer_payment' THEN (SELECT count(*) FROM customer_payments)
        WHEN 'goods_receipt' THEN ${R}
        WHEN 'supplier_payment' THEN (SELECT count(*) FROM supplier_payments) END
      WHERE name IN ('customer', 'customer_payment', 'goods_receipt', 'supplier_payment');
    COMMIT`,
  );
  await step(
    'audit log and expenses',
    `BEGIN;
    INSERT INTO audit_logs (type, activity, details, browser, platform, ip, user_id, created_at)
    SELECT CASE WHEN g % 5 = 0 THEN 'Authentication' WHEN g % 5 = 1 THEN 'Stock' ELSE 'Sales' END,
           CASE WHEN g % 5 = 0 THEN 'Login' WHEN g % 5 = 1 THEN 'Update' ELSE 'Sale' END,
           CASE WHEN g % 5 = 0 THEN 'Administrator signed in'
                WHEN g % 5 = 1 THEN 'Updated batch BN' || upper(lpad(to_hex(1 + g % ${B}), 14, '0'))
                ELSE 'Sale SN' || upper(lpad(to_hex(1 + g % ${S}), 14, '0')) || ': ' || (1 + g % 5) || ' line(s)' END,
           (ARRAY['Chrome','Firefox','Edge','Safari'])[1 + g % 4], (ARRAY['Windows','Android','Linux','macOS'])[1 + g % 4],
           '192.168.1.' || (1 + g % 250), ${admin},
           (${start} + floor(x)::int) + time '08:00' + (x - floor(x)) * interval '12 hours'
    FROM generate_series(1, ${A}) g CROSS JOIN LATERAL (SELECT (g - 1)::float8 * ${D} / ${A} AS x) t;
    INSERT INTO expenses (expense_date, category, description, amount, payment_method, created_by)
    SELECT ${start} + d, (ARRAY['Rent','Salaries and wages','Transport','Electricity','Water','Security'])[1 + d % 6],
           'Bench expense ' || d, 50000 + (d * 7919 % 100) * 1000, 'CASH', ${admin}
    FROM generate_series(0, ${D - 1}) d;
    COMMIT`,
  );
  for (const table of [
    'categories',
    'measurements',
    'suppliers',
    'products',
    'brands',
    'stock_batches',
    'sales',
    'customers',
    'customer_payments',
    'goods_receipts',
    'supplier_payments',
  ]) {
    await client.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
  }
  await client.query(
    'DROP TABLE bench_lines, bench_sales, bench_shares, bench_account, bench_paid, bench_receipt_lines, bench_bills; SET session_replication_role = origin',
  );
  for (const index of dropped.rows) await step(`index ${index.name}`, index.def);
  // The triggers keeping the sale totals and line rollups (migrations 020, 021) were off during the load; the
  // rebuild reads each sale's lines and payments by the indexes just made again.
  await step('sale totals', 'SELECT rebuild_sale_totals(), rebuild_sale_line_rollups()');
  // The stock's day totals too (migration 039), what each supplier delivered each day (migration 050), and the POS
  // search's words with each product's (migration 041).
  await step('stock totals', 'SELECT rebuild_stock_totals(), rebuild_supplier_received_days()');
  await step('search words', 'SELECT rebuild_search_words()');
  for (const table of BIG_TABLES) await step(`vacuum analyze ${table}`, `VACUUM (ANALYZE) ${table}`);
}

/** Checks the invariants the app relies on; throws naming the first that fails. */
export async function verifyDataset(client: pg.Client, size: DatasetSize) {
  const checks: [string, string][] = [
    ['sales', `SELECT count(*) = ${size.sales} AS ok FROM sales WHERE idempotency_key LIKE 'bench-%'`],
    [
      'payments',
      `SELECT bool_and(p.amount = s.total_amount AND s.receipt_number = s.id) AS ok
       FROM sales s JOIN sale_payments p ON p.sale_id = s.id WHERE s.idempotency_key LIKE 'bench-%'`,
    ],
    [
      'sale totals',
      `SELECT bool_and(s.subtotal = t.sub AND s.discount_amount = t.disc AND s.total_amount = s.subtotal - s.discount_amount
                       AND s.discount_amount = round(s.subtotal * s.discount_percent / 100)) AS ok
       FROM sales s JOIN (SELECT sale_id, sum(total_price) AS sub, sum(discount_amount) AS disc FROM sale_items GROUP BY sale_id) t
         ON t.sale_id = s.id`,
    ],
    [
      'line totals and costs',
      `SELECT bool_and(i.total_price = round(i.quantity * i.unit_price) AND i.unit_cost = b.unit_price
                       AND i.product_id = b.product_id AND s.created_at::date >= b.stock_date) AS ok
       FROM sale_items i JOIN stock_batches b ON b.id = i.batch_id JOIN sales s ON s.id = i.sale_id`,
    ],
    [
      'batch balances',
      `SELECT bool_and(b.quantity_sold = coalesce(t.sold, 0) AND b.balance = b.quantity - b.quantity_sold - b.quantity_adjusted
                       AND b.quantity_adjusted = coalesce(a.adj, 0)) AS ok
       FROM stock_batches b
       LEFT JOIN (SELECT batch_id, sum(quantity) AS sold FROM sale_items GROUP BY batch_id) t ON t.batch_id = b.id
       LEFT JOIN (SELECT batch_id, sum(quantity) AS adj FROM stock_adjustments GROUP BY batch_id) a ON a.batch_id = b.id`,
    ],
    [
      'customer balances',
      `SELECT bool_and(c.balance = coalesce(t.due, 0) AND c.balance = coalesce(t.charged, 0) - coalesce(p.paid, 0)) AS ok
       FROM customers c
       LEFT JOIN (SELECT customer_id, sum(account_due) AS due, sum(on_account) AS charged FROM sales
                  WHERE customer_id IS NOT NULL GROUP BY customer_id) t ON t.customer_id = c.id
       LEFT JOIN (SELECT customer_id, sum(amount) AS paid FROM customer_payments GROUP BY customer_id) p
         ON p.customer_id = c.id`,
    ],
    [
      'sales on account',
      `SELECT bool_and(s.account_due = s.on_account - coalesce(a.settled, 0) AND s.payment_method = 'ACCOUNT'
                       AND p.amount = s.total_amount AND p.method = 'ACCOUNT') AS ok
       FROM sales s JOIN sale_payments p ON p.sale_id = s.id
       LEFT JOIN (SELECT sale_id, sum(amount) AS settled FROM customer_payment_allocations GROUP BY sale_id) a
         ON a.sale_id = s.id
       WHERE s.customer_id IS NOT NULL`,
    ],
    [
      'goods receipts',
      `SELECT bool_and(g.goods_value = l.value AND l.costs AND l.dated
                       AND g.amount_due = CASE WHEN g.payment = 'CREDIT' THEN g.goods_value - coalesce(a.settled, 0) ELSE 0 END)
                AS ok
       FROM goods_receipts g
       JOIN (SELECT l.goods_receipt_id, sum(l.line_value) AS value,
                    bool_and(b.total_cost = l.line_value + l.landed_cost AND b.quantity = l.quantity * l.factor
                             AND b.supplier_id = r.supplier_id) AS costs,
                    bool_and(b.stock_date = r.received_date) AS dated
             FROM goods_receipt_lines l JOIN stock_batches b ON b.id = l.stock_batch_id
             JOIN goods_receipts r ON r.id = l.goods_receipt_id GROUP BY l.goods_receipt_id) l ON l.goods_receipt_id = g.id
       LEFT JOIN (SELECT goods_receipt_id, sum(amount) AS settled FROM supplier_payment_allocations GROUP BY 1) a
         ON a.goods_receipt_id = g.id`,
    ],
  ];
  for (const [name, text] of checks) {
    const { rows } = await client.query(text);
    if (rows[0].ok !== true) throw new Error(`bench data set: ${name} do not hold`);
  }
}
