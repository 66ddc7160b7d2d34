import { type Kysely, sql } from 'kysely';

// Receipt numbers are now the highest a sale holds plus one, under a lock (platform/counters.ts,
// stampReceiptNumber): the counter row every sale rewrote goes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM shop_counters WHERE name = 'receipt'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    INSERT INTO shop_counters (name, value) SELECT 'receipt', coalesce(max(receipt_number), 0) FROM sales`.execute(db);
}
