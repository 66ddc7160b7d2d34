import { type Kysely, sql } from 'kysely';

// A customer's statement reads every sale they put on account and every payment they made. Through the indexes of
// migrations 034 and 045 each of those was a page of its table of its own, scattered over the years, and each payment
// a second time to see whether a reversal names it: 12,325 buffers for customer 1's 4,948 lines at scale 10. The
// indexes now carry what the statement shows, and it is read from them alone (96 buffers; bench/measurements.md,
// customer statement).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX sales_customer_on_account;
    CREATE INDEX sales_customer_on_account ON sales (customer_id, created_at)
      INCLUDE (id, on_account, receipt_number, sale_number) WHERE on_account > 0;
    DROP INDEX customer_payments_customer;
    CREATE INDEX customer_payments_customer ON customer_payments (customer_id, payment_date, id)
      INCLUDE (created_at, amount, payment_number, reverses_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX sales_customer_on_account;
    CREATE INDEX sales_customer_on_account ON sales (customer_id, created_at) WHERE on_account > 0;
    DROP INDEX customer_payments_customer;
    CREATE INDEX customer_payments_customer ON customer_payments (customer_id, payment_date, id);
  `.execute(db);
}
