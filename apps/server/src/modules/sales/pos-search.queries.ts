import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { likePattern } from '../../platform/listing.ts';

// The POS search box (issue 15): one query over product name, brand, barcode, SKU and batch number, best first.
// Names and brands tolerate a typo through pg_trgm word similarity (trigram-indexed); codes (barcode, SKU, batch
// number) match whole or by their beginning (prefix-indexed), never fuzzily, so a scanned code that is not in the
// catalogue is not taken for a similar one.

export interface PosSearchHit {
  product_id: number;
  name: string;
  brand: { id: number; name: string };
  measurement: { id: number; name: string };
  batch_number: string;
  sale_price: number;
  balance: number;
  barcode: string | null;
  sku: string | null;
}

export const POS_SEARCH_LIMIT = 20;
/** Products (or product brands) read for their batches: enough for 20 lines when some have several units. */
const CANDIDATES = 60;
/** Below the default 0.6, so one typo ("cemnet", "binfing") still finds the word; the index still prunes by it. */
const WORD_SIMILARITY = '0.4';

/**
 * One line per product + brand + measurement: its oldest batch with stock (the one to sell first), plus any batch
 * whose own number matches. Ranked: an exact batch number or code, a name starting with the text, then by
 * similarity; the catalogue is ranked before any batch is read, which keeps a broad word quick on a big shop.
 */
/** A barcode (6 or more digits) or most of a batch number (BN + 6 or more hex): a code, never a word of a name. */
const isCode = (q: string) => /^\d{6,}$/.test(q) || /^bn[0-9a-f]{6,14}$/i.test(q);
/** "text%" with the user's wildcards taken literally. */
const startsWith = (q: string) => likePattern(q).slice(1);

export function searchPos(db: Database, text: string): Promise<PosSearchHit[]> {
  const q = text.trim();
  const pattern = likePattern(q);
  // Names and brands only for words: a barcode's digits would match names by chance and cost a trigram scan.
  const nameMatches: RawBuilder<boolean> = isCode(q) ? sql`false` : sql`(${q} <% name OR name ILIKE ${pattern})`;
  // Batch numbers are BN + 14 hex: searched once the text could be the start of one.
  const batchPrefix = /^bn[0-9a-f]{2,14}$/i.test(q) ? startsWith(q.toUpperCase()) : null;
  return db.transaction().execute(async (trx) => {
    // Local to this transaction: the pooled connection keeps the server defaults afterwards. The planner prices a
    // trigram test as cheap and scans every product rather than use the indexes (measured with 20,000 products:
    // 40 ms against 1–5 ms); every condition below has an index, so take them.
    await sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${WORD_SIMILARITY}, true),
                     set_config('enable_seqscan', 'off', true)`.execute(trx);
    const { rows } = await sql<PosSearchHit & { score: number }>`
      WITH product_ids AS (
        SELECT id FROM products WHERE deleted_at IS NULL AND ${nameMatches}
        UNION SELECT id FROM products WHERE deleted_at IS NULL AND barcode LIKE ${startsWith(q)}
        UNION SELECT id FROM products WHERE deleted_at IS NULL AND lower(sku) LIKE ${startsWith(q.toLowerCase())}
      ), product_hits AS (
        SELECT p.id AS product_id, NULL::int AS brand_id,
               greatest(
                 CASE WHEN p.barcode = ${q} OR lower(p.sku) = lower(${q}) THEN 4 ELSE 0 END,
                 CASE WHEN p.name ILIKE ${startsWith(q)} THEN 2 ELSE 0 END + word_similarity(${q}, p.name),
                 CASE WHEN p.barcode LIKE ${startsWith(q)} OR lower(p.sku) LIKE ${startsWith(q.toLowerCase())}
                      THEN 1.5 ELSE 0 END
               ) AS score
        FROM products p WHERE p.id IN (SELECT id FROM product_ids)
      ), brand_hits AS (
        SELECT b.product_id, b.id AS brand_id,
               CASE WHEN b.name ILIKE ${startsWith(q)} THEN 1 ELSE 0 END + 0.9 * word_similarity(${q}, b.name) AS score
        FROM brands b
        WHERE b.deleted_at IS NULL AND ${nameMatches}
      ), best AS (
        -- Ranked on the catalogue first, so a broad word reads the batches of the best few products only.
        SELECT h.product_id, h.brand_id, h.score
        FROM (SELECT * FROM product_hits UNION ALL SELECT * FROM brand_hits) h
        WHERE EXISTS (
          SELECT 1 FROM stock_batches s
          WHERE s.product_id = h.product_id AND (h.brand_id IS NULL OR s.brand_id = h.brand_id)
            AND s.deleted_at IS NULL AND s.balance > 0
        )
          AND EXISTS (SELECT 1 FROM products p WHERE p.id = h.product_id AND p.deleted_at IS NULL)
        ORDER BY h.score DESC
        LIMIT ${CANDIDATES}
      ), oldest AS (
        SELECT DISTINCT ON (s.product_id, s.brand_id, s.measurement_id) s.id, best.score
        FROM best
        JOIN stock_batches s ON s.product_id = best.product_id
          AND (best.brand_id IS NULL OR s.brand_id = best.brand_id)
        WHERE s.deleted_at IS NULL AND s.balance > 0
        ORDER BY s.product_id, s.brand_id, s.measurement_id, s.stock_date, s.id, best.score DESC
      ), numbered AS (
        SELECT id, CASE WHEN batch_number = upper(${q}) THEN 5 ELSE 1 END AS score
        FROM stock_batches
        WHERE ${batchPrefix !== null} AND deleted_at IS NULL AND balance > 0 AND batch_number LIKE ${batchPrefix ?? ''}
        ORDER BY batch_number
        LIMIT ${POS_SEARCH_LIMIT}
      ), lines AS (
        SELECT id, max(score) AS score FROM (SELECT * FROM oldest UNION ALL SELECT * FROM numbered) x GROUP BY id
      )
      SELECT s.product_id, p.name,
             json_build_object('id', b.id, 'name', b.name) AS brand,
             json_build_object('id', m.id, 'name', m.name) AS measurement,
             s.batch_number, s.sale_price, s.balance, p.barcode, p.sku, l.score
      FROM lines l
      JOIN stock_batches s ON s.id = l.id
      JOIN products p ON p.id = s.product_id
      JOIN brands b ON b.id = s.brand_id
      JOIN measurements m ON m.id = s.measurement_id
      WHERE p.deleted_at IS NULL
      ORDER BY l.score DESC, lower(p.name), lower(b.name), s.stock_date, s.id
      LIMIT ${POS_SEARCH_LIMIT}
    `.execute(trx);
    return rows.map(({ score: _score, ...hit }) => hit);
  });
}

/** A cart line's other batches: the same product, brand and unit with stock, oldest first, with their prices. */
export const lineBatches = (db: Database, line: { product_id: number; brand_id: number; measurement_id: number }) =>
  db
    .selectFrom('stock_batches')
    .select(['batch_number', 'sale_price', 'balance', 'stock_date'])
    .where('deleted_at', 'is', null)
    .where('balance', '>', 0)
    .where('product_id', '=', line.product_id)
    .where('brand_id', '=', line.brand_id)
    .where('measurement_id', '=', line.measurement_id)
    .orderBy('stock_date')
    .orderBy('id')
    .execute();
