import { NO_BRAND, type PosSaleUnit, unitPrice } from '@duka/shared';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { PREPARED, prefixEnd } from '../../db/prepared.ts';
import { likePattern } from '../../platform/listing.ts';
import { isKeptWordShape } from '../../platform/search-words.ts';

// The POS search box: one query over product name, brand, barcode, SKU and batch number, best first.
// Names and brands match every word of the text (ILIKE, trigram-indexed, a cheap test per row; one word of letters
// reads the names holding it best first from the kept words of each name instead, migration 041), after each word of
// letters that is in no name has been taken for the nearest word of a name or brand within a typo (pg_trgm word
// similarity over the words the database keeps, migration 026): a typo costs one small lookup, not a scan of every
// name near it. Codes (barcode, SKU, batch number) match the text as typed, whole or by their beginning
// (prefix-indexed), never fuzzily, so a scanned code that is not in the catalogue is not taken for a similar one.

export interface PosSearchHit {
  product_id: number;
  name: string;
  /** `{ id: null, name: NO_BRAND }` for goods without a brand. */
  brand: { id: number | null; name: string };
  measurement: { id: number; name: string; plural: string | null };
  batch_number: string;
  sale_price: number;
  balance: number;
  barcode: string | null;
  sku: string | null;
  /** The units it may be sold in, the base first, each priced from sale_price (per base unit). */
  units: PosSaleUnit[];
}

/** A product's unit as the search reads it, before its price. */
type UnitRow = Omit<PosSaleUnit, 'price'>;

export const POS_SEARCH_LIMIT = 20;
/** Products (or product brands) read for their batches: enough for 20 lines when some have several units. */
const CANDIDATES = 60;
/**
 * The tables and indexes the search reads, warmed into PostgreSQL's cache after a start (db/warm.ts) in this order:
 * the catalogue's, the words' and the brands', then the batches in stock, the batches' table (the largest by far) last.
 */
export const POS_SEARCH_RELATIONS = [
  'products',
  'products_pkey',
  'products_barcode_prefix',
  'products_sku_prefix',
  'products_name_trgm',
  'product_words',
  'product_words_pkey',
  'product_words_first',
  'search_words',
  'search_words_trgm',
  'search_brand_names',
  'search_brand_names_trgm',
  'brands',
  'brands_pkey',
  'brands_name_product',
  'measurements',
  'measurements_pkey',
  'product_units',
  'product_units_product_id_measurement_id_key',
  'stock_batches_in_stock',
  'stock_batches_pkey',
  'stock_batches_number_prefix',
  'stock_batches',
] as const;
/** How near a typed word must be to a word of a name to be taken for it: pg_trgm word similarity 0.4, below the
 * default 0.6, so one typo ("cemnet", "binfing") still finds the word. */
const WORD_SIMILARITY = 0.4;

/** A barcode (6 or more digits) or most of a batch number (BN + 6 or more hex): a code, never a word of a name. */
const isCode = (q: string) => /^\d{6,}$/.test(q) || /^bn[0-9a-f]{6,14}$/i.test(q);
/** "text%" with the user's wildcards taken literally. */
const startsWith = (q: string) => likePattern(q).slice(1);
/**
 * A code column starting with `prefix`, as the range that the column's prefix index (text_pattern_ops) reads in the
 * statement's kept plan (db/prepared.ts).
 */
const codeStarts = (column: RawBuilder<string>, prefix: string) => {
  const end = prefixEnd(prefix);
  return end === null
    ? sql<boolean>`${column} LIKE ${startsWith(prefix)}`
    : sql<boolean>`(${column} ~>=~ ${prefix} AND ${column} ~<~ ${end})`;
};
/** Every word of the text somewhere in the column, in any order ("cement portland" finds "Portland Cement"). */
const hasEvery = (column: RawBuilder<string>, words: string[]) =>
  sql<boolean>`(${sql.join(
    words.map((word) => sql`${column} ILIKE ${likePattern(word)}`),
    sql` AND `,
  )})`;

/**
 * One line per product + brand + measurement: its oldest batch with stock (the one to sell first), plus any batch
 * whose own number matches. Scores, best first: a batch number (50), a whole barcode or SKU (40), a name starting
 * with the text (30), a brand starting with it (19), a code starting with it (15), every word in a name (10) or a
 * brand (9): integers, since sorting numeric scores was a large part of a broad word's search (bench/measurements.md,
 * POS search). A product found by its name and by a code is a candidate twice; its best score is the one kept. The catalogue is ranked before any batch is read, which keeps a broad word
 * quick on a big shop.
 */
export async function searchPos(db: Database, text: string): Promise<PosSearchHit[]> {
  const q = text.trim();
  // A scanned code is never a word of a name.
  const words = isCode(q) ? [] : await nearestWords(db, q.split(/\s+/));
  return searchLines(db, q, words);
}

/**
 * A text of each common form the search sends a statement of its own for: a code, a kept word, another word, the
 * start of a batch number, two words (each further word is a form of its own, seldom typed).
 */
const SEARCH_FORMS = ['000000', 'warm', 'a-1', 'bn00', 'warm up'];

/** Searches once in each form on `connection`, planning its statements there before a till needs them (db/warm.ts). */
export async function searchEachForm(connection: Database): Promise<void> {
  for (const text of SEARCH_FORMS) await searchPos(connection, text);
}

/**
 * Each word as typed when some name or brand holds it, otherwise the nearest word of a name or brand within a typo
 * (word similarity 0.4: "cemnet" is cement, "binfing" binding, "buckt" bucket), otherwise as typed. Only words of
 * three or more letters are corrected: the words kept are runs of letters, so such a word in none of them is in no
 * name (sizes, codes and short words are left as typed).
 */
async function nearestWords(db: Database, words: string[]): Promise<string[]> {
  const correctable = words.filter(isKeptWordShape);
  // A size, a code or a short word alone: nothing to look up.
  if (correctable.length === 0) return words;
  // The nearest word by the GiST index's word-similarity distance (<<->, 1 − word similarity), then kept only if
  // near enough: one statement, with no threshold to set for the session.
  const { rows } = await sql<{ typed: string; word: string }>`${PREPARED}
    SELECT w.typed, coalesce(
      (SELECT w.typed FROM search_words WHERE strpos(word, lower(w.typed)) > 0 LIMIT 1),
      (SELECT nearest.word FROM (
         SELECT word, lower(w.typed) <<-> word AS distance FROM search_words
         ORDER BY lower(w.typed) <<-> word, word LIMIT 1
       ) nearest WHERE nearest.distance <= ${1 - WORD_SIMILARITY}::real),
      w.typed) AS word
    FROM unnest(${correctable}::text[]) AS w(typed)`.execute(db);
  const nearest = new Map(rows.map((r) => [r.typed, r.word]));
  return words.map((word) => nearest.get(word) ?? word);
}

/**
 * The product `product` has a batch with stock: tested per candidate (OFFSET 0 keeps it a subquery the planner does not
 * turn into a join), so a broad word tests its first few products only.
 */
const hasStock = (product: RawBuilder<number>) => sql<boolean>`EXISTS (
  SELECT 1 FROM stock_batches s WHERE s.product_id = ${product} AND s.deleted_at IS NULL AND s.balance > 0 OFFSET 0
)`;

/**
 * The products (as the ranking's hits) whose name holds a kept word matching `word` (a condition on w.word), or only
 * those whose name starts with it (`first`), scored `score`: each word's best products in stock in the ranking's
 * order, then the best of all, as many as the ranking keeps.
 */
const wordsOfNames = (word: RawBuilder<boolean>, first: boolean, score: number) => sql`
        (SELECT x.product_id, NULL::int, x.fit, ''::text, ${sql.lit(score)}
         FROM search_words w
         CROSS JOIN LATERAL (
           SELECT x.product_id, x.fit FROM product_words x
           WHERE x.word = w.word${first ? sql` AND x.first` : sql``}
             -- A trashed product's words stay: the ranking's own stock test below leaves it out.
             AND ${hasStock(sql`x.product_id`)}
           ORDER BY x.fit, x.product_id
           LIMIT ${CANDIDATES}
         ) x
         WHERE ${word}
         ORDER BY x.fit, x.product_id
         LIMIT ${CANDIDATES})`;

/**
 * The products (as the ranking's hits) in stock whose code `column` starts with `typed`, scored 40 for the whole code
 * and 15 for its beginning: the first ones in the code's order, as many as the ranking keeps, read from its prefix
 * index. Ranked all together, the few digits of a barcode typed by hand scored and sorted every product sharing them:
 * 0.6–0.8 s for "600000" among 200,000 products (bench/measurements.md, POS search).
 */
const productsByCodeStart = (column: RawBuilder<string>, typed: string) => sql`
        (SELECT p.id AS product_id, NULL::int AS brand_id, length(p.name) AS fit, ''::text AS tie,
                CASE WHEN ${column} = ${typed} THEN 40 ELSE 15 END AS score
         FROM products p
         WHERE p.deleted_at IS NULL AND ${codeStarts(column, typed)}
           AND ${hasStock(sql`p.id`)}
         ORDER BY ${column} USING ~<~
         LIMIT ${CANDIDATES})`;

/** The lines for the text `q` (codes) and its `words` (names and brands; none for a code). */
function searchLines(db: Database, q: string, words: string[]): Promise<PosSearchHit[]> {
  // Names and brands only for words: a barcode's digits would match names by chance and cost a trigram scan.
  const inName: RawBuilder<boolean> = words.length ? hasEvery(sql`p.name`, words) : sql`false`;
  const inBrand: RawBuilder<boolean> = words.length ? hasEvery(sql`n.name`, words) : sql`false`;
  // A name starting with the text (the words, once corrected) ranks first.
  const start = startsWith(words.join(' ') || q);
  const codes = sql`${productsByCodeStart(sql`p.barcode`, q)} UNION ALL ${productsByCodeStart(sql`lower(p.sku)`, q.toLowerCase())}`;
  // One word of letters: the names holding it are those with a kept word holding it (migration 041), read in the
  // ranking's order, the best few of each such word. Several words, or a size or code, go through the trigram index.
  const oneWord = words.length === 1 && isKeptWordShape(words[0] as string) ? (words[0] as string) : null;
  const namesByTrigram = sql`
        SELECT p.id AS product_id, NULL::int AS brand_id, length(p.name) AS fit, ''::text AS tie,
               CASE WHEN p.name ILIKE ${start} THEN 30 ELSE 10 END AS score
        FROM products p
        WHERE p.deleted_at IS NULL AND ${inName}
        UNION ALL
        ${codes}`;
  const namesByWord = sql`
        ${codes}
        UNION ALL
        ${wordsOfNames(sql`w.word LIKE lower(${start})`, true, 30)}
        UNION ALL
        ${wordsOfNames(sql`w.word LIKE lower(${likePattern(oneWord ?? '')})`, false, 10)}`;
  // Batch numbers are BN + 14 hex: searched once the text could be the start of one.
  const batchPrefix = /^bn[0-9a-f]{2,14}$/i.test(q) ? q.toUpperCase() : null;
  // One statement, no transaction: each of its scans is small or indexed, so no plan runs parallel workers (which
  // take longer to start than the whole search runs). Prepared: planning it took as long as running it.
  return sql<Omit<PosSearchHit, 'units'> & { score: number; units: UnitRow[] }>`${PREPARED}
      WITH hits AS (
        ${oneWord === null ? namesByTrigram : namesByWord}
        UNION ALL
        -- A brand is a row per product: the matching names best first (each name once, migration 026), then each
        -- name's first products in stock, until there are as many candidates as the ranking keeps. Three letters
        -- match a tenth of a chain's 2,000 brand names, each on hundreds of products: the names are read in order
        -- and the products of the first few only.
        (SELECT b.product_id, b.id, n.fit, n.name, n.score
         FROM (
           SELECT n.name, length(n.name) AS fit, CASE WHEN n.name ILIKE ${start} THEN 19 ELSE 9 END AS score
           FROM search_brand_names n
           WHERE ${inBrand}
           ORDER BY score DESC, fit, n.name
         ) n
         CROSS JOIN LATERAL (
           SELECT b.product_id, b.id FROM brands b
           WHERE b.name = n.name AND b.deleted_at IS NULL
             AND EXISTS (
               SELECT 1 FROM stock_batches s JOIN products p ON p.id = s.product_id
               WHERE s.product_id = b.product_id AND s.brand_id = b.id
                 AND s.deleted_at IS NULL AND s.balance > 0 AND p.deleted_at IS NULL
               OFFSET 0
             )
           ORDER BY b.product_id
           LIMIT ${CANDIDATES}
         ) b
         LIMIT ${CANDIDATES})
      ), ranked AS (
        -- OFFSET 0 keeps the ranking below the stock test, so a broad word tests the best few products only. Brands
        -- of the same score and length rank by name, as they were taken above.
        SELECT * FROM hits ORDER BY score DESC, fit, tie, product_id OFFSET 0
      ), best AS (
        SELECT h.product_id, h.brand_id, h.score
        FROM ranked h
        -- OFFSET 0 here and in the brands' test keeps each stock test a subquery run per candidate instead of a
        -- semi-join for the planner to place: planning took 0.3 ms less (1.4 -> 1.1 ms), running as long.
        WHERE EXISTS (
          SELECT 1 FROM stock_batches s JOIN products p ON p.id = s.product_id
          WHERE s.product_id = h.product_id AND (h.brand_id IS NULL OR s.brand_id = h.brand_id)
            AND s.deleted_at IS NULL AND s.balance > 0 AND p.deleted_at IS NULL
          OFFSET 0
        )
        LIMIT ${CANDIDATES}
      ), oldest AS (
        SELECT DISTINCT ON (s.product_id, s.brand_id, s.measurement_id) s.id, best.score
        FROM best
        JOIN stock_batches s ON s.product_id = best.product_id
          AND (best.brand_id IS NULL OR s.brand_id = best.brand_id)
        WHERE s.deleted_at IS NULL AND s.balance > 0
        ORDER BY s.product_id, s.brand_id, s.measurement_id, s.stock_date, s.id, best.score DESC
      ), numbered AS (
        SELECT id, CASE WHEN batch_number = upper(${q}) THEN 50 ELSE 10 END AS score
        FROM stock_batches
        WHERE ${batchPrefix !== null} AND deleted_at IS NULL AND balance > 0
          AND ${codeStarts(sql`batch_number`, batchPrefix ?? '')}
        ORDER BY batch_number
        LIMIT ${POS_SEARCH_LIMIT}
      ), lines AS (
        SELECT id, max(score) AS score FROM (SELECT * FROM oldest UNION ALL SELECT * FROM numbered) x GROUP BY id
      )
      -- The brand and unit by primary-key subqueries rather than joins: planning the five-table join took 0.3 ms
      -- more, a tenth of the whole search.
      SELECT s.product_id, p.name,
             coalesce((SELECT json_build_object('id', b.id, 'name', b.name) FROM brands b WHERE b.id = s.brand_id),
                      json_build_object('id', NULL, 'name', ${NO_BRAND}::text)) AS brand,
             (SELECT json_build_object('id', m.id, 'name', m.name, 'plural', m.plural)
              FROM measurements m WHERE m.id = s.measurement_id)
               AS measurement,
             s.batch_number, s.sale_price, s.balance, p.barcode, p.sku, l.score,
             -- The product's other units, when the batch is counted in its base (a batch of another unit has none).
             coalesce((SELECT json_agg(json_build_object('id', u.measurement_id, 'name', m.name, 'plural', m.plural,
                                         'factor', u.factor, 'bulk_discount_percent', u.bulk_discount_percent)
                                       ORDER BY u.factor, m.name)
                       FROM product_units u JOIN measurements m ON m.id = u.measurement_id
                       WHERE u.product_id = s.product_id
                         AND s.measurement_id = coalesce(p.base_measurement_id, s.measurement_id)),
                      '[]'::json) AS units
      FROM lines l
      JOIN stock_batches s ON s.id = l.id
      JOIN products p ON p.id = s.product_id
      WHERE p.deleted_at IS NULL
      ORDER BY l.score DESC, lower(p.name), (SELECT lower(b.name) FROM brands b WHERE b.id = s.brand_id), s.stock_date,
               s.id
      LIMIT ${POS_SEARCH_LIMIT}
    `
    .execute(db)
    .then(({ rows }) => rows.map(({ score: _score, units, ...hit }) => ({ ...hit, units: saleUnits(hit, units) })));
}

/** The base (factor 1, its sale price), then the product's units priced from it. */
function saleUnits(hit: Pick<PosSearchHit, 'measurement' | 'sale_price'>, units: UnitRow[]): PosSaleUnit[] {
  const price = Number(hit.sale_price);
  return [
    { ...hit.measurement, factor: 1, bulk_discount_percent: 0, price },
    ...units.map((u) => {
      const factor = Number(u.factor);
      const discount = Number(u.bulk_discount_percent);
      return { ...u, factor, bulk_discount_percent: discount, price: unitPrice(price, factor, discount) };
    }),
  ];
}

/** A cart line's other batches: the same product, brand and unit with stock, oldest first, with their prices. */
export const lineBatches = (
  db: Database,
  line: { product_id: number; brand_id: number | null; measurement_id: number },
) =>
  db
    .selectFrom('stock_batches')
    .select(['batch_number', 'sale_price', 'balance', 'stock_date'])
    .where('deleted_at', 'is', null)
    .where('balance', '>', 0)
    .where('product_id', '=', line.product_id)
    .where('brand_id', line.brand_id === null ? 'is' : '=', line.brand_id)
    .where('measurement_id', '=', line.measurement_id)
    .orderBy('stock_date')
    .orderBy('id')
    .execute();
