import { type Kysely, sql } from 'kysely';

// A customer's statement reads their sales put on account. Since migration 042's index of every customer's sale by
// day (the revenue report's cards), the planner, expecting a customer to have a few such sales, walked that one
// and read every sale made to any customer to find them: 26,727 buffers and 320 ms for customer 1's 2,501 at scale 1,
// where the customer's own sales on account are 2,512 buffers and 34 ms (bench/measurements.md, customer statement).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX sales_customer_on_account ON sales (customer_id, created_at) WHERE on_account > 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX sales_customer_on_account`.execute(db);
}
