// Products: a name unique within its category, an optional barcode unique among live products and an optional SKU.
// Brands and stock batches refer to them.
import type { productCreateSchema, productUpdateSchema } from '@duka/shared';
import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { describeChanges, type RequestContext, writeAudit } from '../../platform/audit.ts';
import { nameJson } from '../../platform/creator.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { matchesSearch } from '../../platform/listing.ts';
import { registerTrashKind } from '../../platform/trash.ts';
import { assertNameFree } from '../../platform/unique-name.ts';
import { countBatchesUsing } from '../stock/stock.references.ts';
import { lockBarcodes } from './product-labels.service.ts';

export const productKind = registerTrashKind({
  model: 'product',
  label: 'Product',
  table: 'products',
  nameSql: 'name',
  refusePurge: async (trx, id) => {
    if ((await countBatchesUsing(trx, 'product_id', id)) > 0) return 'Stock records still refer to this product.';
    const brand = await trx.selectFrom('brands').select('id').where('product_id', '=', id).executeTakeFirst();
    return brand ? 'Brands (some may be in the trash) still refer to this product.' : undefined;
  },
  refuseRestore: async (trx, id) => {
    const row = await trx
      .selectFrom('products')
      .innerJoin('categories', 'categories.id', 'products.category_id')
      .select('categories.deleted_at')
      .where('products.id', '=', id)
      .executeTakeFirstOrThrow();
    return row.deleted_at ? "Restore this product's category first." : undefined;
  },
});

type ProductInput = z.infer<typeof productUpdateSchema>;

/** The products list's rows (lists/record-lists.ts: productList), newest first, not yet paged; its files' too. */
export function productQuery(db: Database, search: string | undefined) {
  let q = db
    .selectFrom('products as p')
    // LEFT JOIN on a NOT NULL foreign key (one category each, as an inner join would find): without a search the
    // list's count then reads products alone (PostgreSQL drops the unused join).
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .leftJoin('users as creator', 'creator.id', 'p.created_by')
    .select([
      'p.id',
      'p.name',
      'p.category_id',
      'p.barcode',
      'p.sku',
      'p.environment',
      'p.created_at',
      nameJson('c').as('category'),
      nameJson('creator').as('user'),
    ])
    .where('p.deleted_at', 'is', null);
  if (search) q = q.where((eb) => matchesSearch(eb, ['p.name', 'c.name', 'p.barcode', 'p.sku'], search));
  return q.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc');
}
export async function getProduct(db: Database, id: number) {
  const row = await db
    .selectFrom('products')
    .select(['id', 'name', 'category_id', 'barcode', 'sku', 'environment', 'created_at'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound('Product');
  return row;
}

async function assertCategory(db: Database | Parameters<typeof assertNameFree>[0], id: number) {
  const found = await db
    .selectFrom('categories')
    .select('id')
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!found) throw invalidField('category_id', 'Category is required.');
}

/** Absent codes are stored as none, so an update that leaves a code out clears it (the form always sends both). */
const withCodes = <T extends { barcode?: string; sku?: string }>(input: T) => ({
  ...input,
  barcode: input.barcode ?? null,
  sku: input.sku ?? null,
});

/** A scanner must find one product per barcode: a clash is a 422 naming the product that has it. */
async function assertBarcodeFree(trx: Transaction<DB>, barcode: string | null, exceptId?: number) {
  if (!barcode) return;
  await lockBarcodes(trx); // until commit: label printing may be giving out codes at the same moment
  let query = trx.selectFrom('products').select('name').where('barcode', '=', barcode).where('deleted_at', 'is', null);
  if (exceptId) query = query.where('id', '<>', exceptId);
  const holder = await query.executeTakeFirst();
  if (holder) throw invalidField('barcode', `The barcode ${barcode} is already used by the product "${holder.name}".`);
}

export async function createProduct(db: Database, input: z.infer<typeof productCreateSchema>, ctx: RequestContext) {
  return db.transaction().execute(async (trx) => {
    await assertCategory(trx, input.category_id);
    await assertNameFree(trx, 'products', input.name, { within: { column: 'category_id', id: input.category_id } });
    await assertBarcodeFree(trx, input.barcode ?? null);
    const row = await trx
      .insertInto('products')
      .values({ ...withCodes(input), created_by: ctx.userId })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    await writeAudit(trx, ctx, {
      type: 'Product',
      activity: 'Create',
      details: `Created product "${row.name}" (id ${row.id})`,
    });
    return row;
  });
}

export async function updateProduct(db: Database, id: number, input: ProductInput, ctx: RequestContext) {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('products')
      .select(['name', 'category_id', 'barcode', 'sku'])
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('Product');
    await assertCategory(trx, input.category_id);
    await assertNameFree(trx, 'products', input.name, {
      exceptId: id,
      within: { column: 'category_id', id: input.category_id },
    });
    const change = withCodes(input);
    await assertBarcodeFree(trx, change.barcode, id);
    await trx.updateTable('products').set(change).where('id', '=', id).execute();
    await writeAudit(trx, ctx, {
      type: 'Product',
      activity: 'Update',
      details: `Product ${id} ${describeChanges(before, change)}`,
    });
  });
}

export const productOptions = (db: Database) =>
  db.selectFrom('products').select(['id', 'name']).where('deleted_at', 'is', null).orderBy(sql`lower(name)`).execute();

export const categoryOptions = (db: Database) =>
  db
    .selectFrom('categories')
    .select(['id', 'name'])
    .where('deleted_at', 'is', null)
    .orderBy(sql`lower(name)`)
    .execute();
