// Data generator for benchmarks: a shop with `products` products, one brand, one batch each, straight in SQL.
import { sql } from 'kysely';
import type { Database } from '../apps/server/src/db/connection.ts';

export async function generateShop(db: Database, products: number) {
  await sql`
    WITH admin AS (SELECT id FROM users ORDER BY id LIMIT 1),
    cat AS (INSERT INTO categories (name, environment, created_by) SELECT 'Bench', 'TEST', id FROM admin RETURNING id),
    meas AS (INSERT INTO measurements (name, environment) VALUES ('Piece', 'TEST') RETURNING id),
    sup AS (INSERT INTO suppliers (supplier_number, name, phone_number, email, tin, country, address, environment)
            VALUES ('SRBENCH0000000001', 'Bench Supplier', '0700000001', 'bench@duka.test', '1', 'Uganda', 'Kampala', 'TEST') RETURNING id),
    prod AS (INSERT INTO products (name, category_id, environment)
             SELECT 'Product ' || g || ' ' || md5(g::text), cat.id, 'TEST' FROM generate_series(1, ${products}) g, cat RETURNING id),
    brand AS (INSERT INTO brands (name, product_id, environment) SELECT 'Brand', prod.id, 'TEST' FROM prod RETURNING id, product_id)
    INSERT INTO stock_batches (batch_number, product_id, brand_id, measurement_id, supplier_id, quantity, unit_price, total_cost,
                               sale_price, min_stock_level, balance, stock_date, environment)
    SELECT 'BN' || upper(lpad(to_hex(brand.id), 14, '0')), brand.product_id, brand.id, meas.id, sup.id, 1000000, 900, 900000000,
           1000, 1, 1000000, '2026-11-01', 'TEST'
    FROM brand, meas, sup`.execute(db);
}
