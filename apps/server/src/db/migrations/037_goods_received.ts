import { type Kysely, sql } from 'kysely';

// Goods received and what the shop owes its suppliers.
// - goods_receipts: GR + 6 digits from the shop counter 'goods_receipt'. goods_value = Σ its lines' line_value. On
//   credit (payment CREDIT) it is a supplier bill for goods_value, and amount_due is what of it is still unpaid;
//   paid when received (PAID, with its method) it owes nothing (amount_due 0). landed_costs were paid when received
//   (landed_costs_method) and are spread over the lines into the batches' cost: never part of the bill.
// - goods_receipt_lines: quantity, unit_cost and sale_price in the unit received (factor base units each), as the
//   supplier's invoice reads; line_value = round(quantity × unit_cost); landed_cost its share; the batch it became
//   costs line_value + landed_cost in total.
// - supplier_payments: SP + 6 digits ('supplier_payment'). A reversal is a new row with the negative amount, the
//   payment it reverses and a reason. from_till: cash out of the paying cashier's drawer, which their cash-up counts.
// - supplier_payment_allocations: what a payment settled of each bill, oldest bill first; a reversal's rows are
//   negative. A bill's amount_due = goods_value − Σ its allocations.
// A supplier's balance = Σ amount_due of their bills = bills − payments + reversals (the tests recompute both).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE goods_receipts (
      id serial PRIMARY KEY,
      grn_number text NOT NULL UNIQUE,
      supplier_id integer NOT NULL REFERENCES suppliers(id),
      purchase_order_id integer REFERENCES purchase_orders(id),
      received_date date NOT NULL,
      supplier_invoice_number text,
      goods_value bigint NOT NULL CHECK (goods_value >= 0),
      landed_costs bigint NOT NULL DEFAULT 0 CHECK (landed_costs >= 0),
      landed_costs_method text CHECK (landed_costs_method IN ('CASH', 'MOBILE_MONEY', 'BANK', 'CARD')),
      payment text NOT NULL CHECK (payment IN ('CREDIT', 'PAID')),
      payment_method text CHECK (payment_method IN ('CASH', 'MOBILE_MONEY', 'BANK', 'CARD')),
      payment_reference text,
      amount_due bigint NOT NULL CHECK (amount_due >= 0),
      created_by integer REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT goods_receipts_landed_method CHECK (landed_costs = 0 OR landed_costs_method IS NOT NULL),
      CONSTRAINT goods_receipts_paid CHECK ((payment = 'PAID') = (payment_method IS NOT NULL)),
      CONSTRAINT goods_receipts_due CHECK (
        amount_due <= CASE WHEN payment = 'CREDIT' THEN goods_value ELSE 0 END)
    );
    CREATE INDEX goods_receipts_created ON goods_receipts (received_date, id);
    CREATE INDEX goods_receipts_supplier ON goods_receipts (supplier_id, received_date, id);
    CREATE INDEX goods_receipts_unpaid ON goods_receipts (supplier_id, received_date, id) WHERE amount_due > 0;
    CREATE INDEX goods_receipts_order ON goods_receipts (purchase_order_id) WHERE purchase_order_id IS NOT NULL;

    CREATE TABLE goods_receipt_lines (
      id serial PRIMARY KEY,
      goods_receipt_id integer NOT NULL REFERENCES goods_receipts(id),
      purchase_order_line_id integer REFERENCES purchase_order_lines(id),
      product_id integer NOT NULL REFERENCES products(id),
      brand_id integer REFERENCES brands(id),
      measurement_id integer NOT NULL REFERENCES measurements(id),
      factor numeric(14,3) NOT NULL CHECK (factor > 0),
      quantity numeric(14,3) NOT NULL CHECK (quantity > 0),
      unit_cost bigint NOT NULL CHECK (unit_cost >= 0),
      sale_price bigint NOT NULL CHECK (sale_price >= 0),
      line_value bigint NOT NULL CHECK (line_value >= 0),
      landed_cost bigint NOT NULL CHECK (landed_cost >= 0),
      stock_batch_id integer NOT NULL UNIQUE REFERENCES stock_batches(id)
    );
    CREATE INDEX goods_receipt_lines_receipt ON goods_receipt_lines (goods_receipt_id, id);
    CREATE INDEX goods_receipt_lines_order_line ON goods_receipt_lines (purchase_order_line_id)
      WHERE purchase_order_line_id IS NOT NULL;

    CREATE TABLE supplier_payments (
      id serial PRIMARY KEY,
      payment_number text NOT NULL UNIQUE,
      supplier_id integer NOT NULL REFERENCES suppliers(id),
      amount bigint NOT NULL,
      method text NOT NULL CHECK (method IN ('CASH', 'MOBILE_MONEY', 'BANK', 'CARD')),
      reference text,
      payment_date date NOT NULL,
      from_till boolean NOT NULL DEFAULT false,
      reverses_id integer UNIQUE REFERENCES supplier_payments(id),
      reason text,
      created_by integer REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT supplier_payments_sign CHECK (
        (reverses_id IS NULL AND amount > 0) OR (reverses_id IS NOT NULL AND amount < 0 AND reason IS NOT NULL)),
      CONSTRAINT supplier_payments_till_cash CHECK (NOT from_till OR method = 'CASH')
    );
    CREATE INDEX supplier_payments_supplier ON supplier_payments (supplier_id, payment_date, id);
    CREATE INDEX supplier_payments_till ON supplier_payments (created_by, created_at) WHERE from_till;

    CREATE TABLE supplier_payment_allocations (
      id serial PRIMARY KEY,
      payment_id integer NOT NULL REFERENCES supplier_payments(id),
      goods_receipt_id integer NOT NULL REFERENCES goods_receipts(id),
      amount bigint NOT NULL CHECK (amount <> 0)
    );
    CREATE INDEX supplier_payment_allocations_payment ON supplier_payment_allocations (payment_id);
    CREATE INDEX supplier_payment_allocations_receipt ON supplier_payment_allocations (goods_receipt_id);

    -- Cash paid to suppliers out of a cashier's drawer: counted by one cash-up each, as sales are.
    CREATE TABLE cash_up_supplier_payments (
      payment_id integer PRIMARY KEY REFERENCES supplier_payments(id),
      cash_up_id integer NOT NULL REFERENCES cash_ups(id) ON DELETE CASCADE
    );
    ALTER TABLE cash_ups
      ADD COLUMN last_supplier_payment_id integer,
      ADD COLUMN cash_paid_out bigint NOT NULL DEFAULT 0;

    INSERT INTO shop_counters (name, value) VALUES ('goods_receipt', 0), ('supplier_payment', 0);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM shop_counters WHERE name IN ('goods_receipt', 'supplier_payment');
    ALTER TABLE cash_ups DROP COLUMN cash_paid_out, DROP COLUMN last_supplier_payment_id;
    DROP TABLE cash_up_supplier_payments, supplier_payment_allocations, supplier_payments, goods_receipt_lines,
      goods_receipts;
  `.execute(db);
}
