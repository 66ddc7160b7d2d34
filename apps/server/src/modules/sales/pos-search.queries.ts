import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { likePattern } from '../../platform/listing.ts';

// The POS search box (issue 15): one query over product name, brand, barcode, SKU and batch number, best first.
// Names and brands tolerate a typo through pg_trgm word similarity (trigram-indexed); codes match exactly or as a
// part, never fuzzily, so a scanned code that is not in the catalogue is not taken for a similar one.

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
/** Below the default 0.6, so one typo ("cemnet", "binfing") still finds the word; the index still prunes by it. */
const WORD_SIMILARITY = '0.4';

/**
 * One line per product + brand + measurement: its oldest batch with stock (the one to sell first), plus any batch
 * whose own number matches. Ranked: an exact code, a name starting with the text, then by similarity.
 */
export function searchPos(db: Database, text: string): Promise<PosSearchHit[]> {
  const q = text.trim();
  const pattern = likePattern(q);
  const prefix = pattern.slice(1); // "text%": the name starts with it
  return db.transaction().execute(async (trx) => {
    // Local to this transaction: the pooled connection keeps the server default afterwards.
    await sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${WORD_SIMILARITY}, true)`.execute(trx);
    const { rows } = await sql<PosSearchHit & { score: number }>`
      WITH named_products AS (
        SELECT id FROM products
        WHERE deleted_at IS NULL
          AND (${q} <% name OR name ILIKE ${pattern} OR barcode ILIKE ${pattern} OR sku ILIKE ${pattern})
      ), named_brands AS (
        SELECT id FROM brands WHERE deleted_at IS NULL AND (${q} <% name OR name ILIKE ${pattern})
      ), oldest AS (
        SELECT DISTINCT ON (s.product_id, s.brand_id, s.measurement_id) s.id
        FROM stock_batches s
        WHERE s.deleted_at IS NULL AND s.balance > 0
          AND (s.product_id IN (SELECT id FROM named_products) OR s.brand_id IN (SELECT id FROM named_brands))
        ORDER BY s.product_id, s.brand_id, s.measurement_id, s.stock_date, s.id
      ), numbered AS (
        SELECT id FROM stock_batches
        WHERE deleted_at IS NULL AND balance > 0 AND batch_number ILIKE ${pattern}
        LIMIT ${POS_SEARCH_LIMIT}
      )
      SELECT s.product_id, p.name,
             json_build_object('id', b.id, 'name', b.name) AS brand,
             json_build_object('id', m.id, 'name', m.name) AS measurement,
             s.batch_number, s.sale_price, s.balance, p.barcode, p.sku,
             greatest(
               CASE WHEN p.barcode = ${q} OR lower(p.sku) = lower(${q}) OR s.batch_number = upper(${q}) THEN 4 ELSE 0 END,
               CASE WHEN p.name ILIKE ${prefix} THEN 2 ELSE 0 END + word_similarity(${q}, p.name),
               word_similarity(${q}, p.name),
               word_similarity(${q}, b.name) * 0.9,
               CASE WHEN p.barcode ILIKE ${pattern} OR p.sku ILIKE ${pattern} OR s.batch_number ILIKE ${pattern}
                    THEN 1 ELSE 0 END
             ) AS score
      FROM stock_batches s
      JOIN products p ON p.id = s.product_id
      JOIN brands b ON b.id = s.brand_id
      JOIN measurements m ON m.id = s.measurement_id
      WHERE s.id IN (SELECT id FROM oldest UNION SELECT id FROM numbered) AND p.deleted_at IS NULL
      ORDER BY score DESC, lower(p.name), lower(b.name), s.stock_date, s.id
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
