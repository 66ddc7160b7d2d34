import { type Kysely, sql } from 'kysely';

// A report sorted by a column of another table (the low stock report: by balance, then product name) sorts every
// matching batch before it keeps a page, and PostgreSQL computes a row's output before sorting it: building
// {"name": …} objects for 53,000 low batches was most of the report's time on the bench data (bench/measurements.md,
// low stock report). Declared costly, a function is computed after the sort and the limit instead, for the page's
// rows only (plpgsql, so it is never inlined).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION name_json(name text) RETURNS json LANGUAGE plpgsql IMMUTABLE COST 1000 AS $$
    BEGIN
      RETURN CASE WHEN name IS NULL THEN NULL ELSE json_build_object('name', name) END;
    END $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION name_json`.execute(db);
}
