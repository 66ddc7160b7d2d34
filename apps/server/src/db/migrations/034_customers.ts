import { type Kysely, sql } from 'kysely';

// The debt book: customers with a credit limit and payment terms, sales put (partly) on their account, payments and
// their reversals, and which payment settled which sale.
// - customers.balance is kept: what the customer owes (negative: an advance the shop holds). It always equals the
//   sales on account − payments (reversals are negative payments) − returns credited to the account, and equally
//   Σ sales.account_due − Σ customer_payments.unapplied (the tests recompute both).
// - sales.on_account is what the sale put on the account; account_due what of it is still unpaid (payments settle the
//   oldest first, a return credits it before refunding anything).
// - customer_payments.unapplied is what of a payment settled no sale yet: the advance. A customer never has both an
//   unpaid sale and an unapplied payment (the advance is spent as soon as there is something to pay).
/**
 * What each sale and return brings to the money by method (migration 025's view): a return takes off its refund
 * method only `handedBack`, which is, once returns may be credited to an account, the refund less what was credited.
 */
const saleMoneyView = (handedBack: string) => sql`
  CREATE OR REPLACE VIEW sale_money AS
    SELECT sa.id AS sale_id, NULL::integer AS return_id, sa.created_at AS at, true AS is_sale,
           sa.subtotal::bigint AS gross, sa.discount_amount::bigint AS discounts, sa.total_amount::bigint AS sold,
           sa.vat_amount::bigint AS sold_vat,
           (SELECT coalesce(sum(i.quantity * i.unit_cost), 0) FROM sale_items i WHERE i.sale_id = sa.id)
             AS sold_cost,
           0::bigint AS refunds, 0::bigint AS refund_vat, 0::numeric AS refund_cost,
           (p.cash - sa.change_given)::bigint AS cash, p.mobile_money::bigint AS mobile_money,
           p.bank::bigint AS bank, p.card::bigint AS card
      FROM sales sa
      CROSS JOIN LATERAL (
        SELECT coalesce(sum(amount) FILTER (WHERE method = 'CASH'), 0) AS cash,
               coalesce(sum(amount) FILTER (WHERE method = 'MOBILE_MONEY'), 0) AS mobile_money,
               coalesce(sum(amount) FILTER (WHERE method = 'BANK'), 0) AS bank,
               coalesce(sum(amount) FILTER (WHERE method = 'CARD'), 0) AS card
          FROM sale_payments WHERE sale_id = sa.id
      ) p
    UNION ALL
    SELECT NULL, r.id, r.created_at, false, 0, 0, 0, 0, 0, r.refund_amount, r.vat_amount, r.cost_amount,
           CASE WHEN r.refund_method = 'CASH' THEN -(${sql.raw(handedBack)})::bigint ELSE 0 END,
           CASE WHEN r.refund_method = 'MOBILE_MONEY' THEN -(${sql.raw(handedBack)})::bigint ELSE 0 END,
           CASE WHEN r.refund_method = 'BANK' THEN -(${sql.raw(handedBack)})::bigint ELSE 0 END,
           CASE WHEN r.refund_method = 'CARD' THEN -(${sql.raw(handedBack)})::bigint ELSE 0 END
      FROM sale_returns r`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE customers (
      id serial PRIMARY KEY,
      customer_number text NOT NULL UNIQUE,
      name text NOT NULL,
      phone_number text NOT NULL,
      email text,
      address text,
      tin text,
      credit_limit bigint NOT NULL DEFAULT 0 CHECK (credit_limit >= 0),
      payment_terms_days integer NOT NULL DEFAULT 30 CHECK (payment_terms_days >= 0),
      notes text,
      balance bigint NOT NULL DEFAULT 0,
      created_by integer REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    CREATE UNIQUE INDEX customers_phone_live ON customers (phone_number) WHERE deleted_at IS NULL;
    CREATE INDEX customers_name_trgm ON customers USING gin (name gin_trgm_ops);
    CREATE INDEX customers_owing ON customers (balance) WHERE balance <> 0;

    ALTER TABLE sales
      ADD COLUMN customer_id integer REFERENCES customers(id),
      ADD COLUMN on_account bigint NOT NULL DEFAULT 0 CHECK (on_account >= 0),
      ADD COLUMN account_due bigint NOT NULL DEFAULT 0,
      ADD COLUMN customer_balance_after bigint,
      ADD CONSTRAINT sales_account_due CHECK (account_due >= 0 AND account_due <= on_account),
      ADD CONSTRAINT sales_account_customer CHECK (on_account = 0 OR customer_id IS NOT NULL),
      DROP CONSTRAINT sales_payment_method_check,
      ADD CONSTRAINT sales_payment_method_check
        CHECK (payment_method IN ('CASH', 'MOBILE_MONEY', 'BANK', 'CARD', 'ACCOUNT', 'SPLIT'));
    CREATE INDEX sales_customer ON sales (customer_id, created_at, id) WHERE customer_id IS NOT NULL;
    CREATE INDEX sales_account_open ON sales (customer_id, created_at, id) WHERE account_due > 0;

    ALTER TABLE sale_payments DROP CONSTRAINT sale_payments_method_check,
      ADD CONSTRAINT sale_payments_method_check CHECK (method IN ('CASH', 'MOBILE_MONEY', 'BANK', 'CARD', 'ACCOUNT'));

    ALTER TABLE sale_returns
      ADD COLUMN credited_amount bigint NOT NULL DEFAULT 0,
      ADD CONSTRAINT sale_returns_credited CHECK (credited_amount >= 0 AND credited_amount <= refund_amount);

    CREATE TABLE customer_payments (
      id serial PRIMARY KEY,
      payment_number text NOT NULL UNIQUE,
      customer_id integer NOT NULL REFERENCES customers(id),
      amount bigint NOT NULL,
      method text NOT NULL CHECK (method IN ('CASH', 'MOBILE_MONEY', 'BANK', 'CARD')),
      reference text,
      payment_date date NOT NULL,
      reverses_id integer UNIQUE REFERENCES customer_payments(id),
      reason text,
      unapplied bigint NOT NULL DEFAULT 0 CHECK (unapplied >= 0),
      created_by integer REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT customer_payments_sign CHECK (
        (reverses_id IS NULL AND amount > 0 AND unapplied <= amount)
        OR (reverses_id IS NOT NULL AND amount < 0 AND unapplied = 0 AND reason IS NOT NULL))
    );
    CREATE INDEX customer_payments_customer ON customer_payments (customer_id, payment_date, id);
    CREATE INDEX customer_payments_unapplied ON customer_payments (customer_id, id) WHERE unapplied > 0;
    CREATE INDEX customer_payments_created ON customer_payments (created_by, created_at);

    CREATE TABLE customer_payment_allocations (
      id serial PRIMARY KEY,
      payment_id integer NOT NULL REFERENCES customer_payments(id),
      sale_id integer NOT NULL REFERENCES sales(id),
      -- What a payment settled of a sale; a reversal's rows are negative: what it made owed again.
      amount bigint NOT NULL CHECK (amount <> 0)
    );
    CREATE INDEX customer_payment_allocations_payment ON customer_payment_allocations (payment_id);
    CREATE INDEX customer_payment_allocations_sale ON customer_payment_allocations (sale_id);

    CREATE TABLE cash_up_customer_payments (
      payment_id integer PRIMARY KEY REFERENCES customer_payments(id),
      cash_up_id integer NOT NULL REFERENCES cash_ups(id) ON DELETE CASCADE
    );
    ALTER TABLE cash_ups ADD COLUMN last_payment_id integer;

    INSERT INTO shop_counters (name, value) VALUES ('customer', 0), ('customer_payment', 0);
  `.execute(db);
  await saleMoneyView('r.refund_amount - r.credited_amount').execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await saleMoneyView('r.refund_amount').execute(db);
  await sql`
    DELETE FROM shop_counters WHERE name IN ('customer', 'customer_payment');
    ALTER TABLE cash_ups DROP COLUMN last_payment_id;
    DROP TABLE cash_up_customer_payments, customer_payment_allocations, customer_payments;
    ALTER TABLE sale_returns DROP CONSTRAINT sale_returns_credited, DROP COLUMN credited_amount;
    ALTER TABLE sale_payments DROP CONSTRAINT sale_payments_method_check,
      ADD CONSTRAINT sale_payments_method_check CHECK (method IN ('CASH', 'MOBILE_MONEY', 'BANK', 'CARD'));
    ALTER TABLE sales DROP CONSTRAINT sales_payment_method_check,
      ADD CONSTRAINT sales_payment_method_check
        CHECK (payment_method IN ('CASH', 'MOBILE_MONEY', 'BANK', 'CARD', 'SPLIT')),
      DROP COLUMN customer_balance_after, DROP COLUMN account_due, DROP COLUMN on_account, DROP COLUMN customer_id;
    DROP TABLE customers;
  `.execute(db);
}
