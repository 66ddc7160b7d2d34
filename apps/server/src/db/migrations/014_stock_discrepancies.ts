import { type Kysely, sql } from 'kysely';

// Stock discrepancies: a sale made while the till was offline is a fact when it arrives, so
// a batch that no longer holds enough gives what it has (never below 0) and the shortfall is recorded here for a
// manager to resolve: by writing off a count error (the write-off is linked) or by noting that stock was received.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE stock_discrepancies (
      id serial PRIMARY KEY,
      product_id integer NOT NULL REFERENCES products(id),
      batch_id integer NOT NULL REFERENCES stock_batches(id),
      quantity numeric(14,3) NOT NULL CHECK (quantity > 0),
      sale_id integer NOT NULL REFERENCES sales(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      resolved_at timestamptz,
      resolved_by integer REFERENCES users(id),
      resolution_kind text CHECK (resolution_kind IN ('WRITE_OFF', 'STOCK_RECEIVED')),
      resolution_note text,
      stock_adjustment_id integer REFERENCES stock_adjustments(id),
      -- Resolved means all three are there; open means none of them.
      CONSTRAINT stock_discrepancies_resolution CHECK (
        (resolved_at IS NULL AND resolution_kind IS NULL AND resolution_note IS NULL)
        OR (resolved_at IS NOT NULL AND resolution_kind IS NOT NULL AND resolution_note IS NOT NULL)
      )
    );
    CREATE INDEX stock_discrepancies_open ON stock_discrepancies (created_at) WHERE resolved_at IS NULL;
    CREATE INDEX stock_discrepancies_sale ON stock_discrepancies (sale_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE stock_discrepancies`.execute(db);
}
