import { type Kysely, sql } from 'kysely';

// What a sale's returns refunded, kept on the sale. The sales list and its files showed it by summing the sale's
// returns for every row: two index lookups per sale, most of the database's time in a year's export (534,000 sales),
// for a figure that changes only when a return is made. The return's transaction adds its refund here (the returns
// module); the tests recompute it from the returns. A return is never edited or deleted.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE sales ADD COLUMN returned_amount bigint NOT NULL DEFAULT 0 CHECK (returned_amount >= 0);
    UPDATE sales sa SET returned_amount = r.refunded
      FROM (SELECT sale_id, sum(refund_amount) AS refunded FROM sale_returns GROUP BY sale_id) r
      WHERE r.sale_id = sa.id;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sales DROP COLUMN returned_amount`.execute(db);
}
