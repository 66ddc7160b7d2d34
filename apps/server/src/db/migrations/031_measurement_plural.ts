import { type Kysely, sql } from 'kysely';

// A unit's plural as the shop writes it ("Boxes", "Pairs of gloves"). Null: the English rule of the shared
// unitLabel (packages/shared/src/units.ts) makes it from the name, and abbreviations (kg, m, L) never change.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE measurements ADD COLUMN plural text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE measurements DROP COLUMN plural`.execute(db);
}
