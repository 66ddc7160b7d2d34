import { type Kysely, sql } from 'kysely';

// Purchase orders: what the shop asks a supplier for before the goods come in.
// - po_number is PO + 6 digits from the shop counter 'purchase_order', without gaps.
// - A line is in the unit ordered (any unit of its product: the base, factor 1, or one of its units, factor base units
//   each); quantity, unit_cost and received_quantity are all in that unit, so the order reads as the supplier's
//   invoice will. factor is kept as it was when ordered: a later change of the product's units leaves the order as sent.
// - received_quantity is moved by goods received (recordReceived in modules/purchasing), never past quantity; the
//   order's status follows it: OPEN (nothing in), PARTLY_RECEIVED, RECEIVED (every line in full). CANCELLED is set by
//   a cancellation with its reason and instant, and no goods may be received against it afterwards.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE purchase_orders (
      id serial PRIMARY KEY,
      po_number text NOT NULL UNIQUE,
      supplier_id integer NOT NULL REFERENCES suppliers(id),
      status text NOT NULL DEFAULT 'OPEN'
        CHECK (status IN ('OPEN', 'PARTLY_RECEIVED', 'RECEIVED', 'CANCELLED')),
      expected_date date,
      notes text,
      cancel_reason text,
      created_by integer REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      cancelled_at timestamptz,
      CONSTRAINT purchase_orders_cancelled CHECK (
        (status = 'CANCELLED') = (cancelled_at IS NOT NULL AND cancel_reason IS NOT NULL))
    );
    CREATE INDEX purchase_orders_created ON purchase_orders (created_at, id);
    CREATE INDEX purchase_orders_supplier ON purchase_orders (supplier_id, created_at);

    CREATE TABLE purchase_order_lines (
      id serial PRIMARY KEY,
      purchase_order_id integer NOT NULL REFERENCES purchase_orders(id) ON DELETE CASCADE,
      product_id integer NOT NULL REFERENCES products(id),
      brand_id integer REFERENCES brands(id),
      measurement_id integer NOT NULL REFERENCES measurements(id),
      factor numeric(14,3) NOT NULL CHECK (factor > 0),
      quantity numeric(14,3) NOT NULL CHECK (quantity > 0),
      unit_cost bigint NOT NULL CHECK (unit_cost >= 0),
      received_quantity numeric(14,3) NOT NULL DEFAULT 0,
      CONSTRAINT purchase_order_lines_received CHECK (received_quantity >= 0 AND received_quantity <= quantity)
    );
    CREATE INDEX purchase_order_lines_order ON purchase_order_lines (purchase_order_id, id);
    CREATE INDEX purchase_order_lines_product ON purchase_order_lines (product_id);

    INSERT INTO shop_counters (name, value) VALUES ('purchase_order', 0);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM shop_counters WHERE name = 'purchase_order';
    DROP TABLE purchase_order_lines, purchase_orders;
  `.execute(db);
}
