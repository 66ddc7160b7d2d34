import { type Kysely, sql } from 'kysely';

// The till: how a sale was paid, its receipt number, returns with their refunds, and the cash-up.
// Receipt and return numbers come from counter rows updated inside the sale's (return's) transaction rather than
// from sequences: a sequence value taken by a rolled-back sale is lost, and the numbers must have no gaps.
// Sales made before this keep their single payment_method; each becomes one payment of its whole total and gets a
// receipt number in the order the sales were made.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE shop_counters (name text PRIMARY KEY, value integer NOT NULL CHECK (value >= 0));

    ALTER TABLE sales
      ADD COLUMN receipt_number integer UNIQUE,
      ADD COLUMN change_given bigint NOT NULL DEFAULT 0 CHECK (change_given >= 0),
      DROP CONSTRAINT sales_payment_method_check,
      ADD CONSTRAINT sales_payment_method_check
        CHECK (payment_method IN ('CASH', 'MOBILE_MONEY', 'BANK', 'CARD', 'SPLIT'));
    UPDATE sales SET receipt_number = n.rn
      FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS rn FROM sales) n WHERE n.id = sales.id;
    INSERT INTO shop_counters (name, value)
      VALUES ('receipt', (SELECT coalesce(max(receipt_number), 0) FROM sales)), ('return', 0);

    -- amount is what was handed over; for cash it may exceed the total, the excess being the sale's change_given.
    CREATE TABLE sale_payments (
      id serial PRIMARY KEY,
      sale_id integer NOT NULL REFERENCES sales(id),
      method text NOT NULL CHECK (method IN ('CASH', 'MOBILE_MONEY', 'BANK', 'CARD')),
      amount bigint NOT NULL CHECK (amount > 0),
      reference text
    );
    CREATE INDEX sale_payments_sale ON sale_payments (sale_id);
    CREATE INDEX sale_payments_reference ON sale_payments (lower(reference)) WHERE reference IS NOT NULL;
    INSERT INTO sale_payments (sale_id, method, amount)
      SELECT id, payment_method, total_amount FROM sales WHERE total_amount > 0 ORDER BY id;

    CREATE TABLE sale_returns (
      id serial PRIMARY KEY,
      return_number integer NOT NULL UNIQUE,
      sale_id integer NOT NULL REFERENCES sales(id),
      reason text NOT NULL,
      refund_method text NOT NULL CHECK (refund_method IN ('CASH', 'MOBILE_MONEY', 'BANK', 'CARD')),
      refund_reference text,
      refund_amount bigint NOT NULL CHECK (refund_amount >= 0),
      cost_amount numeric(20,3) NOT NULL CHECK (cost_amount >= 0),
      vat_amount bigint NOT NULL DEFAULT 0 CHECK (vat_amount >= 0),
      created_by integer REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX sale_returns_sale ON sale_returns (sale_id);
    CREATE INDEX sale_returns_created ON sale_returns (created_at);

    CREATE TABLE sale_return_items (
      id serial PRIMARY KEY,
      return_id integer NOT NULL REFERENCES sale_returns(id),
      sale_item_id integer NOT NULL REFERENCES sale_items(id),
      batch_id integer NOT NULL REFERENCES stock_batches(id),
      quantity numeric(14,3) NOT NULL CHECK (quantity > 0),
      refund_amount bigint NOT NULL CHECK (refund_amount >= 0),
      unit_cost bigint NOT NULL CHECK (unit_cost >= 0)
    );
    CREATE INDEX sale_return_items_return ON sale_return_items (return_id);
    CREATE INDEX sale_return_items_line ON sale_return_items (sale_item_id);

    -- A saved cash-up covers one cashier's sales and returns made in (opened_at, closed_at] of one shop day.
    CREATE TABLE cash_ups (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      day date NOT NULL,
      opened_at timestamptz NOT NULL,
      closed_at timestamptz NOT NULL,
      opening_float bigint NOT NULL CHECK (opening_float >= 0),
      cash_taken bigint NOT NULL,
      change_given bigint NOT NULL,
      cash_refunds bigint NOT NULL,
      expected_cash bigint NOT NULL,
      counted_cash bigint NOT NULL CHECK (counted_cash >= 0),
      difference bigint NOT NULL,
      by_method jsonb NOT NULL,
      note text,
      created_by integer REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX cash_ups_user_day ON cash_ups (user_id, day);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE cash_ups, sale_return_items, sale_returns, sale_payments, shop_counters;
    UPDATE sales SET payment_method = 'CASH' WHERE payment_method = 'SPLIT';
    ALTER TABLE sales DROP COLUMN change_given, DROP COLUMN receipt_number,
      DROP CONSTRAINT sales_payment_method_check,
      ADD CONSTRAINT sales_payment_method_check CHECK (payment_method IN ('CASH', 'MOBILE_MONEY', 'BANK', 'CARD'));
  `.execute(db);
}
