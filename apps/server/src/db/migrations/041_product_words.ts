import { type Kysely, sql } from 'kysely';

// The POS search of one word without reading every name that holds it. Three letters ("gal") are in a twentieth of a
// chain's 200,000 names: the trigram index finds them all, and ranking 10,000 names to show 20 grew with the
// catalogue. A word of letters is only ever inside a name's run of letters, so the names holding it are exactly those
// with a kept word (search_words_of, migration 026) that holds it. product_words keeps each product's words with the
// ranking's own order beside them, whether the name starts with the word (`first`) and the name's length (`fit`),
// so the search reads each matching word's best few products from an index, whatever the catalogue's size.
// Kept by a trigger when a name comes in or changes; a trashed product's rows stay and the search skips it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE product_words (
      word text NOT NULL,
      first boolean NOT NULL,
      fit integer NOT NULL,
      product_id integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      PRIMARY KEY (word, fit, product_id)
    );
    -- The names starting with a word, in the ranking's order too.
    CREATE INDEX product_words_first ON product_words (word, fit, product_id) WHERE first;
    CREATE INDEX product_words_product ON product_words (product_id);

    -- The name's words, each marked when the name (lower-cased) starts with it.
    CREATE OR REPLACE FUNCTION product_words_of(id integer, name text)
      RETURNS TABLE (word text, first boolean, fit integer, product_id integer) LANGUAGE sql IMMUTABLE
    BEGIN ATOMIC
      SELECT w, starts_with(lower(name), w), length(name), id FROM search_words_of(name) w;
    END;

    CREATE OR REPLACE FUNCTION remember_product_words() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM product_words WHERE product_id = NEW.id;
      INSERT INTO product_words SELECT * FROM product_words_of(NEW.id, NEW.name);
      RETURN NULL;
    END $$;
    CREATE TRIGGER products_product_words AFTER INSERT OR UPDATE OF name ON products
      FOR EACH ROW EXECUTE FUNCTION remember_product_words();

    -- Also for rows loaded with triggers off (the bench's data set).
    CREATE OR REPLACE FUNCTION rebuild_search_words() RETURNS void LANGUAGE sql
    BEGIN ATOMIC
      INSERT INTO search_words
        SELECT search_words_of(name) FROM products UNION SELECT search_words_of(name) FROM brands
        ON CONFLICT DO NOTHING;
      INSERT INTO search_brand_names SELECT DISTINCT name FROM brands ON CONFLICT DO NOTHING;
      INSERT INTO product_words SELECT w.* FROM products p CROSS JOIN LATERAL product_words_of(p.id, p.name) w
        ON CONFLICT DO NOTHING;
    END;
    SELECT rebuild_search_words();
    ANALYZE product_words;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER products_product_words ON products;
    DROP FUNCTION remember_product_words, product_words_of;
    DROP TABLE product_words;
    CREATE OR REPLACE FUNCTION rebuild_search_words() RETURNS void LANGUAGE sql
    BEGIN ATOMIC
      INSERT INTO search_words
        SELECT search_words_of(name) FROM products UNION SELECT search_words_of(name) FROM brands
        ON CONFLICT DO NOTHING;
      INSERT INTO search_brand_names SELECT DISTINCT name FROM brands ON CONFLICT DO NOTHING;
    END;
  `.execute(db);
}
