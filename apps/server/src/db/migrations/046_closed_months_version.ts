import { type Kysely, sql } from 'kysely';

// The dashboard keeps in memory each product's quantity summed over a period's closed months (UTC months that ended
// a day or more ago), so a year's top products do not sum every product-month again (a million rows at a chain's
// size). Those sums hold while no line dated in an ended month changes, which is rare: an offline sale synced late, a
// sale re-dated or deleted. This one-row table's version changes whenever that happens, in the writing transaction,
// and the kept sums are used only under the version they were read at (modules/dashboard/closed-month-sums.ts).
// A random version rather than a counter: a restore brings back an older version with other rows, and a counter
// could reach the same number again over different sales. Today's sales touch no ended month and write nothing here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE closed_months_version (
      one boolean PRIMARY KEY DEFAULT true CHECK (one),
      version uuid NOT NULL DEFAULT gen_random_uuid()
    );
    INSERT INTO closed_months_version DEFAULT VALUES;

    -- The transition tables are named in a dynamic statement, as in migration 021: an INSERT has no old rows.
    CREATE FUNCTION closed_months_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      month_start timestamptz := date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
      changed boolean;
    BEGIN
      EXECUTE format('SELECT EXISTS (SELECT 1 FROM (%s) l WHERE l.created_at < $1)', CASE TG_OP
        WHEN 'INSERT' THEN 'SELECT created_at FROM added'
        WHEN 'DELETE' THEN 'SELECT created_at FROM removed'
        -- An update moves a line only if it changes what the rollups sum (a delivery does not).
        ELSE 'SELECT least(a.created_at, r.created_at) AS created_at FROM added a JOIN removed r USING (id)
                WHERE (a.product_id, a.measurement_id, a.quantity, a.created_at)
                  IS DISTINCT FROM (r.product_id, r.measurement_id, r.quantity, r.created_at)' END)
        INTO changed USING month_start;
      IF changed THEN
        UPDATE closed_months_version SET version = gen_random_uuid();
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER sale_items_closed_months_insert AFTER INSERT ON sale_items REFERENCING NEW TABLE AS added
      FOR EACH STATEMENT EXECUTE FUNCTION closed_months_changed();
    CREATE TRIGGER sale_items_closed_months_update AFTER UPDATE ON sale_items
      REFERENCING OLD TABLE AS removed NEW TABLE AS added
      FOR EACH STATEMENT EXECUTE FUNCTION closed_months_changed();
    CREATE TRIGGER sale_items_closed_months_delete AFTER DELETE ON sale_items REFERENCING OLD TABLE AS removed
      FOR EACH STATEMENT EXECUTE FUNCTION closed_months_changed();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER sale_items_closed_months_insert ON sale_items;
    DROP TRIGGER sale_items_closed_months_update ON sale_items;
    DROP TRIGGER sale_items_closed_months_delete ON sale_items;
    DROP FUNCTION closed_months_changed;
    DROP TABLE closed_months_version;
  `.execute(db);
}
