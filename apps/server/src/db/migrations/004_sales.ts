import { type Kysely, sql } from 'kysely';

// Sales and their lines. Lines keep the price charged and the batch's unit cost at the moment of
// sale, so receipts and profit stay right when prices change later. Sales are never deleted.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sales (
      id serial PRIMARY KEY,
      sale_number text NOT NULL UNIQUE,
      idempotency_key text NOT NULL UNIQUE,
      customer_name text NOT NULL,
      customer_phone text NOT NULL,
      customer_email text,
      customer_address text,
      discount_percent numeric(5,2) NOT NULL CHECK (discount_percent BETWEEN 0 AND 100),
      subtotal bigint NOT NULL CHECK (subtotal >= 0),
      discount_amount bigint NOT NULL CHECK (discount_amount >= 0),
      total_amount bigint NOT NULL CHECK (total_amount >= 0),
      payment_method text NOT NULL CHECK (payment_method IN ('CASH', 'MOBILE_MONEY', 'BANK', 'CARD')),
      notice text,
      created_by integer REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT sales_total CHECK (total_amount = subtotal - discount_amount)
    );
    CREATE INDEX sales_created ON sales (created_at);
    CREATE INDEX sales_customer_trgm ON sales USING gin (customer_name gin_trgm_ops);

    CREATE TABLE sale_items (
      id serial PRIMARY KEY,
      sale_id integer NOT NULL REFERENCES sales(id),
      batch_id integer NOT NULL REFERENCES stock_batches(id),
      product_id integer NOT NULL REFERENCES products(id),
      brand_id integer NOT NULL REFERENCES brands(id),
      measurement_id integer NOT NULL REFERENCES measurements(id),
      quantity numeric(14,3) NOT NULL CHECK (quantity > 0),
      unit_price bigint NOT NULL CHECK (unit_price >= 0),
      unit_cost bigint NOT NULL CHECK (unit_cost >= 0),
      total_price bigint NOT NULL CHECK (total_price >= 0)
    );
    CREATE INDEX sale_items_sale ON sale_items (sale_id);
    CREATE INDEX sale_items_batch ON sale_items (batch_id);
    CREATE INDEX sale_items_product ON sale_items (product_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sale_items, sales`.execute(db);
}
