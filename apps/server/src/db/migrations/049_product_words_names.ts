import { type Kysely, sql } from 'kysely';

// The stock levels searched by one word, without reading every name that holds it. The screen's order is the product
// name: the trigram index finds every matching product (10,000 of a chain's 200,000 for 'Premium') and each was read
// and sorted for a page of 20 (bench/measurements.md, stock levels by word). product_words now carries each word's
// product name, so a word's products come from an index in the page's own order and the page reads its first few.
// The name follows the product's (the trigger of migration 041 writes a product's words again when it is renamed).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE product_words ADD COLUMN name text;
    UPDATE product_words x SET name = p.name FROM products p WHERE p.id = x.product_id;
    ALTER TABLE product_words ALTER COLUMN name SET NOT NULL;
    CREATE INDEX product_words_name ON product_words (word, name, product_id);

    DROP FUNCTION rebuild_search_words;
    DROP FUNCTION product_words_of;
    CREATE FUNCTION product_words_of(id integer, name text)
      RETURNS TABLE (word text, first boolean, fit integer, product_id integer, product_name text) LANGUAGE sql IMMUTABLE
    BEGIN ATOMIC
      SELECT w, starts_with(lower(name), w), length(name), id, name FROM search_words_of(name) w;
    END;
    ${rebuildSearchWords}
    ANALYZE product_words;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX product_words_name;
    DROP FUNCTION rebuild_search_words;
    DROP FUNCTION product_words_of;
    ALTER TABLE product_words DROP COLUMN name;
    CREATE FUNCTION product_words_of(id integer, name text)
      RETURNS TABLE (word text, first boolean, fit integer, product_id integer) LANGUAGE sql IMMUTABLE
    BEGIN ATOMIC
      SELECT w, starts_with(lower(name), w), length(name), id FROM search_words_of(name) w;
    END;
    ${rebuildSearchWords}
  `.execute(db);
}

// Unchanged from migration 041; its body names product_words_of, so it is made again with it.
const rebuildSearchWords = sql`
    CREATE FUNCTION rebuild_search_words() RETURNS void LANGUAGE sql
    BEGIN ATOMIC
      INSERT INTO search_words
        SELECT search_words_of(name) FROM products UNION SELECT search_words_of(name) FROM brands
        ON CONFLICT DO NOTHING;
      INSERT INTO search_brand_names SELECT DISTINCT name FROM brands ON CONFLICT DO NOTHING;
      INSERT INTO product_words SELECT w.* FROM products p CROSS JOIN LATERAL product_words_of(p.id, p.name) w
        ON CONFLICT DO NOTHING;
    END;`;
