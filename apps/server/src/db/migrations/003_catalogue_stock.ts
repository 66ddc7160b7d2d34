import { type Kysely, sql } from 'kysely';

// The catalogue (measurements, products, brands, suppliers) and stock batches with their write-offs.
// A batch's balance is stored and kept equal to received − sold − written off by a CHECK, so no path can drift.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE measurements (
      id serial PRIMARY KEY,
      name text NOT NULL,
      environment text NOT NULL,
      created_by integer REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    CREATE UNIQUE INDEX measurements_name_live ON measurements (lower(name)) WHERE deleted_at IS NULL;

    CREATE TABLE products (
      id serial PRIMARY KEY,
      name text NOT NULL,
      category_id integer NOT NULL REFERENCES categories(id),
      environment text NOT NULL,
      created_by integer REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    CREATE UNIQUE INDEX products_name_live ON products (category_id, lower(name)) WHERE deleted_at IS NULL;
    CREATE INDEX products_name_trgm ON products USING gin (name gin_trgm_ops);

    CREATE TABLE brands (
      id serial PRIMARY KEY,
      name text NOT NULL,
      product_id integer NOT NULL REFERENCES products(id),
      environment text NOT NULL,
      created_by integer REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    CREATE UNIQUE INDEX brands_name_live ON brands (product_id, lower(name)) WHERE deleted_at IS NULL;
    CREATE INDEX brands_name_trgm ON brands USING gin (name gin_trgm_ops);

    CREATE TABLE suppliers (
      id serial PRIMARY KEY,
      supplier_number text NOT NULL UNIQUE,
      name text NOT NULL,
      phone_number text NOT NULL,
      email text NOT NULL,
      tin text NOT NULL,
      country text NOT NULL,
      address text NOT NULL,
      environment text NOT NULL,
      created_by integer REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    CREATE INDEX suppliers_name_trgm ON suppliers USING gin (name gin_trgm_ops);

    CREATE TABLE stock_batches (
      id serial PRIMARY KEY,
      batch_number text NOT NULL UNIQUE,
      product_id integer NOT NULL REFERENCES products(id),
      brand_id integer NOT NULL REFERENCES brands(id),
      measurement_id integer NOT NULL REFERENCES measurements(id),
      supplier_id integer NOT NULL REFERENCES suppliers(id),
      quantity numeric(14,3) NOT NULL CHECK (quantity > 0),
      unit_price bigint NOT NULL CHECK (unit_price >= 0),
      total_cost bigint NOT NULL CHECK (total_cost >= 0),
      sale_price bigint NOT NULL CHECK (sale_price >= 0),
      min_stock_level numeric(14,3) NOT NULL CHECK (min_stock_level >= 0),
      quantity_sold numeric(14,3) NOT NULL DEFAULT 0 CHECK (quantity_sold >= 0),
      quantity_adjusted numeric(14,3) NOT NULL DEFAULT 0 CHECK (quantity_adjusted >= 0),
      balance numeric(14,3) NOT NULL CHECK (balance >= 0),
      stock_date date NOT NULL,
      environment text NOT NULL,
      created_by integer REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      CONSTRAINT stock_batches_balance CHECK (balance = quantity - quantity_sold - quantity_adjusted)
    );
    CREATE INDEX stock_batches_product ON stock_batches (product_id, stock_date, id) WHERE deleted_at IS NULL;
    CREATE INDEX stock_batches_date ON stock_batches (stock_date);

    CREATE TABLE stock_adjustments (
      id serial PRIMARY KEY,
      batch_id integer NOT NULL REFERENCES stock_batches(id),
      reason text NOT NULL CHECK (reason IN ('DAMAGE', 'LOSS', 'EXPIRY', 'COUNT_CORRECTION')),
      quantity numeric(14,3) NOT NULL CHECK (quantity > 0),
      unit_cost bigint NOT NULL,
      note text NOT NULL,
      adjustment_date date NOT NULL,
      created_by integer REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX stock_adjustments_date ON stock_adjustments (adjustment_date);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE stock_adjustments, stock_batches, suppliers, brands, products, measurements`.execute(db);
}
