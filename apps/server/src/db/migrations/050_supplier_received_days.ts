import { type Kysely, sql } from 'kysely';

// The supplier report's batches received and their cost in a period, per supplier, without reading the batches: 12
// months of a chain's were 95,026 batches (18,959 buffers, 32 ms of the report's 33 at ten times a busy shop;
// bench/measurements.md, supplier report received). They are kept per stock date and supplier instead, by a trigger
// on the columns they come from, which a sale never writes: a batch received, edited, moved to another supplier or
// date, trashed, restored or deleted adds itself to its day's row and takes itself off the one it leaves.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE supplier_received_days (
      stock_date date NOT NULL,
      supplier_id integer NOT NULL,
      batches integer NOT NULL,
      cost numeric NOT NULL,
      PRIMARY KEY (stock_date, supplier_id)
    );

    CREATE FUNCTION batch_received_moved() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO supplier_received_days AS t (stock_date, supplier_id, batches, cost)
      SELECT c.stock_date, c.supplier_id, sum(c.batches), sum(c.cost)
        FROM (
          SELECT OLD.stock_date, OLD.supplier_id, -1, -OLD.total_cost
           WHERE TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL
          UNION ALL
          SELECT NEW.stock_date, NEW.supplier_id, 1, NEW.total_cost
           WHERE TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL
        ) c (stock_date, supplier_id, batches, cost)
       WHERE c.supplier_id IS NOT NULL
       GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (stock_date, supplier_id) DO UPDATE
        SET batches = t.batches + excluded.batches, cost = t.cost + excluded.cost;
      RETURN NULL;
    END $$;
    CREATE TRIGGER stock_batches_received_days AFTER INSERT OR DELETE ON stock_batches
      FOR EACH ROW EXECUTE FUNCTION batch_received_moved();
    CREATE TRIGGER stock_batches_received_days_moved
      AFTER UPDATE OF stock_date, supplier_id, total_cost, deleted_at ON stock_batches
      FOR EACH ROW WHEN (
        (OLD.stock_date, OLD.supplier_id, OLD.total_cost, OLD.deleted_at IS NULL)
          IS DISTINCT FROM (NEW.stock_date, NEW.supplier_id, NEW.total_cost, NEW.deleted_at IS NULL)
      ) EXECUTE FUNCTION batch_received_moved();

    -- Also for rows loaded with triggers off (the bench's data set).
    CREATE FUNCTION rebuild_supplier_received_days() RETURNS void LANGUAGE sql
    BEGIN ATOMIC
      DELETE FROM supplier_received_days;
      INSERT INTO supplier_received_days (stock_date, supplier_id, batches, cost)
        SELECT stock_date, supplier_id, count(*), sum(total_cost) FROM stock_batches
         WHERE deleted_at IS NULL AND supplier_id IS NOT NULL GROUP BY 1, 2;
    END;
    SELECT rebuild_supplier_received_days();
    ANALYZE supplier_received_days;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER stock_batches_received_days ON stock_batches;
    DROP TRIGGER stock_batches_received_days_moved ON stock_batches;
    DROP FUNCTION batch_received_moved, rebuild_supplier_received_days;
    DROP TABLE supplier_received_days;
  `.execute(db);
}
