// Barcode labels: before a label is printed, each chosen product without a barcode gets one — its SKU
// when that is a code a scanner can type and no other product uses, else the next shop number — so the label scans
// at the POS. Then the labels' contents: name, POS price and barcode.
import { LABELS_MAX } from '@duka/shared';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { describeChanges, type RequestContext, writeAudit } from '../../platform/audit.ts';
import { AppError, notFound } from '../../platform/errors.ts';

/** Shop numbers: "DK" and ten digits. The letters keep them apart from every EAN and UPC, which are digits only. */
export const SHOP_NUMBER_PREFIX = 'DK';
/** A SKU longer than this would print bars too thin to scan on a 70 mm label. */
const SKU_AS_BARCODE_MAX = 20;

/**
 * Barcodes are given one at a time across the shop: the check that a code is free and its use happen under this
 * transaction lock, taken by label printing and by product create/update alike.
 */
export const lockBarcodes = (trx: Transaction<DB>) =>
  sql`SELECT pg_advisory_xact_lock(hashtext('product barcodes'))`.execute(trx);

const barcodeHolder = (trx: Transaction<DB>, code: string) =>
  trx
    .selectFrom('products')
    .select('id')
    .where('barcode', '=', code)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/** The SKU as the barcode when a scanner can type it (letters and digits, short) and it names this product alone. */
async function skuAsBarcode(trx: Transaction<DB>, product: { id: number; sku: string | null }) {
  const { sku } = product;
  if (!sku || sku.length > SKU_AS_BARCODE_MAX || !/^[A-Za-z0-9]+$/.test(sku)) return null;
  const twin = await trx
    .selectFrom('products')
    .select('id')
    .where('sku', '=', sku)
    .where('id', '<>', product.id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return twin || (await barcodeHolder(trx, sku)) ? null : sku;
}

/** The next shop number no live product holds (one typed by hand is skipped). */
async function nextShopNumber(trx: Transaction<DB>) {
  for (;;) {
    const { rows } = await sql<{ n: string }>`SELECT nextval('product_label_numbers')::text AS n`.execute(trx);
    const code = `${SHOP_NUMBER_PREFIX}${(rows[0] as { n: string }).n.padStart(10, '0')}`;
    if (!(await barcodeHolder(trx, code))) return code;
  }
}

export interface AssignedBarcode {
  id: number;
  name: string;
  barcode: string;
}

/**
 * Gives every chosen product without a barcode one, in one transaction with an audit row per product (from/to);
 * products that have a barcode keep it. An unknown or trashed id refuses the whole call and changes nothing.
 */
export async function assignBarcodes(
  db: Database,
  input: { product_ids?: number[]; without_barcode?: boolean },
  ctx: RequestContext,
) {
  return db.transaction().execute(async (trx) => {
    await lockBarcodes(trx);
    let query = trx
      .selectFrom('products')
      .select(['id', 'name', 'barcode', 'sku'])
      .where('deleted_at', 'is', null)
      .forUpdate();
    query = input.product_ids
      ? query.where('id', 'in', input.product_ids)
      : query.where('barcode', 'is', null).orderBy('created_at').orderBy('id').limit(LABELS_MAX);
    const found = await query.execute();
    const ids = input.product_ids ? [...new Set(input.product_ids)] : found.map((p) => p.id);
    const missing = ids.filter((id) => !found.some((p) => p.id === id));
    if (missing.length) throw notFound(`Product ${missing.join(', ')}`);
    if (!ids.length) throw new AppError('invalid', 'Every product has a barcode already.');

    const products: AssignedBarcode[] = [];
    let assigned = 0;
    for (const id of ids) {
      const product = found.find((p) => p.id === id) as (typeof found)[number];
      let { barcode } = product;
      if (!barcode) {
        barcode = (await skuAsBarcode(trx, product)) ?? (await nextShopNumber(trx));
        await trx.updateTable('products').set({ barcode }).where('id', '=', id).execute();
        await writeAudit(trx, ctx, {
          type: 'Product',
          activity: 'Update',
          details: `Product ${id} barcode for its label ${describeChanges({ barcode: null }, { barcode })}`,
        });
        assigned += 1;
      }
      products.push({ id, name: product.name, barcode });
    }
    return { products, assigned };
  });
}

export interface LabelContent {
  name: string;
  barcode: string;
  /** What the POS charges first: the oldest batch with stock, else the latest batch; none before any stock. */
  sale_price: number | null;
}

/** The labels of the given products, in the order given; every one must be live and have a barcode. */
export async function labelContents(db: Database, ids: number[]): Promise<LabelContent[]> {
  const rows = await db
    .selectFrom('products as p')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('stock_batches')
          .distinctOn('product_id')
          .select(['product_id', 'sale_price'])
          .where('deleted_at', 'is', null)
          .where('product_id', 'in', ids)
          .orderBy('product_id')
          .orderBy(sql`balance > 0`, 'desc')
          .orderBy(sql`CASE WHEN balance > 0 THEN stock_date END`)
          .orderBy(sql`CASE WHEN balance > 0 THEN id END`)
          .orderBy('stock_date', 'desc')
          .orderBy('id', 'desc')
          .as('price'),
      (join) => join.onRef('price.product_id', '=', 'p.id'),
    )
    .select(['p.id', 'p.name', 'p.barcode', 'price.sale_price'])
    .where('p.id', 'in', ids)
    .where('p.deleted_at', 'is', null)
    .execute();
  return ids.map((id) => {
    const row = rows.find((r) => r.id === id);
    if (!row) throw notFound(`Product ${id}`);
    if (!row.barcode) throw new AppError('invalid', `The product "${row.name}" has no barcode yet.`);
    return {
      name: row.name,
      barcode: row.barcode,
      sale_price: row.sale_price === null ? null : Number(row.sale_price),
    };
  });
}
