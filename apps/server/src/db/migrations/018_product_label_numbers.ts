import { type Kysely, sql } from 'kysely';

// Barcode labels: a product without a barcode is given the next shop number when its label is printed.
// A sequence, not max() + 1, so a number once printed on a label is never handed out again, even after its product
// is trashed or renumbered.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE SEQUENCE product_label_numbers`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP SEQUENCE product_label_numbers`.execute(db);
}
