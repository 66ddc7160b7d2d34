import { type Kysely, sql } from 'kysely';

// The POS search's typo tier. It measured each name's word similarity to the typed text: a misspelt common word
// ("galvnised") is near a thousand of the bench's 20,000 names, and scoring them was most of the search's time
// (bench/measurements.md, POS search, with the search's target). The words of every product and brand name are kept
// here instead, so a typed word found in no name is taken for the nearest real word (a few dozen words in the bench
// shop, a few thousand in a big one), and the search runs on that word as if typed. Words only come in: a word of a
// renamed or trashed product may stay, and finds nothing or other products.
//
// Brand names are kept once each too. A brand is a row per product, so a common one ("Crown") is 4,000 rows of the
// bench's brands: matching them all by trigram and sorting them was a large part of the search's time
// (bench/measurements.md, POS search). The search matches the distinct names instead and reads each name's first
// products in stock from an index on (name, product_id).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE search_words (word text PRIMARY KEY);
    -- GiST, not GIN: the search asks for the nearest word (ORDER BY <<-> LIMIT 1).
    CREATE INDEX search_words_trgm ON search_words USING gist (word gist_trgm_ops);

    -- The runs of three or more letters of a name ("50kgs" gives "kgs"): a typed word of letters only that is in none
    -- of them is in no name at all, and is worth correcting.
    CREATE OR REPLACE FUNCTION search_words_of(name text) RETURNS SETOF text LANGUAGE sql IMMUTABLE
    BEGIN ATOMIC
      SELECT DISTINCT w FROM regexp_split_to_table(lower(name), '[^[:alpha:]]+') w WHERE length(w) >= 3;
    END;

    CREATE TABLE search_brand_names (name text PRIMARY KEY);
    CREATE INDEX search_brand_names_trgm ON search_brand_names USING gin (name gin_trgm_ops);
    CREATE INDEX brands_name_product ON brands (name, product_id) WHERE deleted_at IS NULL;

    CREATE OR REPLACE FUNCTION remember_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_words SELECT search_words_of(NEW.name) ON CONFLICT DO NOTHING;
      IF TG_TABLE_NAME = 'brands' THEN
        INSERT INTO search_brand_names VALUES (NEW.name) ON CONFLICT DO NOTHING;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER products_search_words AFTER INSERT OR UPDATE OF name ON products
      FOR EACH ROW EXECUTE FUNCTION remember_search_words();
    CREATE TRIGGER brands_search_words AFTER INSERT OR UPDATE OF name ON brands
      FOR EACH ROW EXECUTE FUNCTION remember_search_words();

    -- Also for rows loaded with triggers off (the bench's data set).
    CREATE OR REPLACE FUNCTION rebuild_search_words() RETURNS void LANGUAGE sql
    BEGIN ATOMIC
      INSERT INTO search_words
        SELECT search_words_of(name) FROM products UNION SELECT search_words_of(name) FROM brands
        ON CONFLICT DO NOTHING;
      INSERT INTO search_brand_names SELECT DISTINCT name FROM brands ON CONFLICT DO NOTHING;
    END;
    SELECT rebuild_search_words();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER brands_search_words ON brands;
    DROP TRIGGER products_search_words ON products;
    DROP FUNCTION rebuild_search_words, remember_search_words, search_words_of;
    DROP TABLE search_words, search_brand_names;
    DROP INDEX brands_name_product;
  `.execute(db);
}
