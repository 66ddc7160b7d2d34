import { type Kysely, sql } from 'kysely';

// Each sale stores the VAT rate in force when it was made and the VAT inside its total, so changing the
// business's rate never rewrites a past sale and the tax report sums what the receipts showed. Sales made before VAT
// existed, or while the business is not registered, carry 0 and 0 (the original receipt's "VAT 00%"). The defaults keep
// inserts of a node still on the previous version working during a rolling upgrade.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE sales
      ADD COLUMN vat_rate numeric(5, 2) NOT NULL DEFAULT 0 CHECK (vat_rate BETWEEN 0 AND 100),
      ADD COLUMN vat_amount bigint NOT NULL DEFAULT 0 CHECK (vat_amount >= 0 AND vat_amount <= total_amount)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sales DROP COLUMN vat_amount, DROP COLUMN vat_rate`.execute(db);
}
