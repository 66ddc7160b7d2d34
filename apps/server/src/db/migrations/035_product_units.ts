import { type Kysely, sql } from 'kysely';

// Units of a product: a base unit, the smallest it is counted in (Bag), and other units that each hold `factor` base
// units (Tonne = 20 Bag), with an optional bulk discount. Stock is kept in base units only, so every stock figure,
// cost and roll-up that adds quantities keeps adding base units:
// - products.base_measurement_id: null while the product declares no units (its batches' unit is its base).
// - stock_batches: quantity, balance, unit_price (cost) and sale_price are per base unit; received_* say what was
//   received when it came in another unit ("2 Tonne" for 40 Bag).
// - sale_items: quantity is in base units and measurement_id is the base unit, as the batch gave them; sold_* and
//   factor say what the customer bought: sold_quantity × factor = quantity, and unit_price is per sold unit, so
//   total_price = round(sold_quantity × unit_price). Null sold_* (every line before units): sold in the base unit.
// - sale_return_items and stock_adjustments: quantity in base units; the quantity as entered, in its unit, beside it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE products ADD COLUMN base_measurement_id integer REFERENCES measurements(id);

    CREATE TABLE product_units (
      id serial PRIMARY KEY,
      product_id integer NOT NULL REFERENCES products(id),
      measurement_id integer NOT NULL REFERENCES measurements(id),
      factor numeric(14,3) NOT NULL CHECK (factor > 0),
      bulk_discount_percent numeric(5,2) NOT NULL DEFAULT 0
        CHECK (bulk_discount_percent >= 0 AND bulk_discount_percent < 100),
      UNIQUE (product_id, measurement_id)
    );

    ALTER TABLE stock_batches
      ADD COLUMN received_measurement_id integer REFERENCES measurements(id),
      ADD COLUMN received_quantity numeric(14,3) CHECK (received_quantity > 0);

    ALTER TABLE sale_items
      ADD COLUMN sold_measurement_id integer REFERENCES measurements(id),
      ADD COLUMN sold_quantity numeric(14,3) CHECK (sold_quantity > 0),
      ADD COLUMN factor numeric(14,3) NOT NULL DEFAULT 1 CHECK (factor > 0);

    ALTER TABLE sale_return_items ADD COLUMN sold_quantity numeric(14,3) CHECK (sold_quantity > 0);

    ALTER TABLE stock_adjustments
      ADD COLUMN entered_measurement_id integer REFERENCES measurements(id),
      ADD COLUMN entered_quantity numeric(14,3) CHECK (entered_quantity > 0);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE stock_adjustments DROP COLUMN entered_quantity, DROP COLUMN entered_measurement_id;
    ALTER TABLE sale_return_items DROP COLUMN sold_quantity;
    ALTER TABLE sale_items DROP COLUMN factor, DROP COLUMN sold_quantity, DROP COLUMN sold_measurement_id;
    ALTER TABLE stock_batches DROP COLUMN received_quantity, DROP COLUMN received_measurement_id;
    DROP TABLE product_units;
    ALTER TABLE products DROP COLUMN base_measurement_id;
  `.execute(db);
}
