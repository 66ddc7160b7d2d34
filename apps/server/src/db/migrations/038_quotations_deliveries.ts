import { type Kysely, sql } from 'kysely';

// Quotations, and goods sold now and collected over several trips.
// - quotations: QT + 6 digits (counter 'quotation'). status is OPEN, CONVERTED or CANCELLED as stored; EXPIRED is an
//   OPEN quotation past valid_until, computed when read (no job has to run). A customer of the debt book
//   (customer_id) or a name and phone. sale_id is the sale it became, once; nothing else holds stock.
// - quotation_lines: quantity and unit_price in the unit quoted (factor base units each), as the PDF reads.
// - sales.deliver_later: the goods were paid for and taken from their batches, and wait in the yard; its lines carry
//   the flag too, so the stock levels find a batch's goods in the yard by a small partial index, not by its sales.
// - sale_items.delivered_quantity: what left the yard, in the unit sold (sold_quantity, else quantity); what remains
//   to collect is sold − returned − delivered, and delivery notes never take it below 0.
// - delivery_notes: DN + 6 digits (counter 'delivery_note'), one trip; delivery_note_lines what left per sale line.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE quotations (
      id serial PRIMARY KEY,
      quotation_number text NOT NULL UNIQUE,
      customer_id integer REFERENCES customers(id),
      customer_name text NOT NULL,
      customer_phone text NOT NULL,
      valid_until date NOT NULL,
      notes text,
      discount_percent numeric(5,2) NOT NULL DEFAULT 0 CHECK (discount_percent >= 0 AND discount_percent <= 100),
      status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'CONVERTED', 'CANCELLED')),
      sale_id integer UNIQUE REFERENCES sales(id),
      cancel_reason text,
      created_by integer REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT quotations_converted CHECK ((status = 'CONVERTED') = (sale_id IS NOT NULL)),
      CONSTRAINT quotations_cancelled CHECK ((status = 'CANCELLED') = (cancel_reason IS NOT NULL))
    );
    CREATE INDEX quotations_created ON quotations (created_at, id);

    CREATE TABLE quotation_lines (
      id serial PRIMARY KEY,
      quotation_id integer NOT NULL REFERENCES quotations(id) ON DELETE CASCADE,
      product_id integer NOT NULL REFERENCES products(id),
      brand_id integer REFERENCES brands(id),
      measurement_id integer NOT NULL REFERENCES measurements(id),
      factor numeric(14,3) NOT NULL CHECK (factor > 0),
      quantity numeric(14,3) NOT NULL CHECK (quantity > 0),
      unit_price bigint NOT NULL CHECK (unit_price >= 0)
    );
    CREATE INDEX quotation_lines_quotation ON quotation_lines (quotation_id, id);

    ALTER TABLE sales ADD COLUMN deliver_later boolean NOT NULL DEFAULT false;
    ALTER TABLE sale_items
      ADD COLUMN deliver_later boolean NOT NULL DEFAULT false,
      ADD COLUMN delivered_quantity numeric(14,3) NOT NULL DEFAULT 0 CHECK (delivered_quantity >= 0);
    CREATE INDEX sales_deliver_later ON sales (created_at, id) WHERE deliver_later;
    CREATE INDEX sale_items_in_yard ON sale_items (batch_id) WHERE deliver_later;

    CREATE TABLE delivery_notes (
      id serial PRIMARY KEY,
      delivery_number text NOT NULL UNIQUE,
      sale_id integer NOT NULL REFERENCES sales(id),
      vehicle text,
      driver text,
      received_by text,
      created_by integer REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX delivery_notes_sale ON delivery_notes (sale_id, id);
    CREATE INDEX delivery_notes_created ON delivery_notes (created_at, id);

    CREATE TABLE delivery_note_lines (
      id serial PRIMARY KEY,
      delivery_note_id integer NOT NULL REFERENCES delivery_notes(id),
      sale_item_id integer NOT NULL REFERENCES sale_items(id),
      quantity numeric(14,3) NOT NULL CHECK (quantity > 0)
    );
    CREATE INDEX delivery_note_lines_note ON delivery_note_lines (delivery_note_id, id);
    CREATE INDEX delivery_note_lines_item ON delivery_note_lines (sale_item_id);

    INSERT INTO shop_counters (name, value) VALUES ('quotation', 0), ('delivery_note', 0);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM shop_counters WHERE name IN ('quotation', 'delivery_note');
    DROP TABLE delivery_note_lines, delivery_notes;
    DROP INDEX sales_deliver_later;
    ALTER TABLE sale_items DROP COLUMN delivered_quantity, DROP COLUMN deliver_later;
    ALTER TABLE sales DROP COLUMN deliver_later;
    DROP TABLE quotation_lines, quotations;
  `.execute(db);
}
