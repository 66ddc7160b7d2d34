import { type Kysely, sql } from 'kysely';

// Expenses: money spent outside stock, by category, so the profit and loss statement and the dashboard
// take them off gross profit. Soft-deleted into the trash like the catalogue; a supplier may be named, never removed
// from under an expense (the reference makes a permanent delete of that supplier a clear 409).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE expenses (
      id serial PRIMARY KEY,
      expense_date date NOT NULL,
      category text NOT NULL CHECK (length(category) BETWEEN 1 AND 100),
      description text NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      payment_method text NOT NULL CHECK (payment_method IN ('CASH', 'MOBILE_MONEY', 'BANK', 'CARD')),
      reference text,
      supplier_id integer REFERENCES suppliers(id),
      created_by integer REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    CREATE INDEX expenses_date_live ON expenses (expense_date) WHERE deleted_at IS NULL;
    CREATE INDEX expenses_category_live ON expenses (lower(category)) WHERE deleted_at IS NULL;
    CREATE INDEX expenses_supplier ON expenses (supplier_id) WHERE supplier_id IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE expenses`.execute(db);
}
