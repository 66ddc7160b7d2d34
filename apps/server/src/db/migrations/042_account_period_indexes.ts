import { type Kysely, sql } from 'kysely';

// The revenue report's debt-book cards over a period: the sales put on account in it and the payments dated in it.
// Neither had an index led by its date, so at a chain's ten years each card read every customer's sales (the index on
// (customer_id, created_at)) or every payment (a scan of 300,000). These read the period's rows only, with the figure
// they sum, whatever the history before it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX sales_on_account_created ON sales (created_at) INCLUDE (on_account) WHERE customer_id IS NOT NULL;
    CREATE INDEX customer_payments_date ON customer_payments (payment_date) INCLUDE (amount);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX sales_on_account_created, customer_payments_date`.execute(db);
}
