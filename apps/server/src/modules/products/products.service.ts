// Products: a name unique within its category. Brands and stock batches refer to them.
import type { ListQuery, productCreateSchema, productUpdateSchema } from '@duka/shared';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/connection.ts';
import { describeChanges, type RequestContext, writeAudit } from '../../platform/audit.ts';
import { nameJson } from '../../platform/creator.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { matchesSearch, paginate } from '../../platform/listing.ts';
import { registerTrashKind } from '../../platform/trash.ts';
import { assertNameFree } from '../../platform/unique-name.ts';
import { countBatchesUsing } from '../stock/stock.references.ts';

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

export function listProducts(db: Database, query: ListQuery) {
  let q = db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .leftJoin('users as creator', 'creator.id', 'p.created_by')
    .select([
      'p.id',
      'p.name',
      'p.category_id',
      'p.environment',
      'p.created_at',
      nameJson('c').as('category'),
      nameJson('creator').as('user'),
    ])
    .where('p.deleted_at', 'is', null);
  if (query.search) q = q.where((eb) => matchesSearch(eb, ['p.name', 'c.name'], query.search as string));
  return paginate(q.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc'), query);
}

export async function getProduct(db: Database, id: number) {
  const row = await db
    .selectFrom('products')
    .select(['id', 'name', 'category_id', 'environment', 'created_at'])
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

export async function createProduct(db: Database, input: z.infer<typeof productCreateSchema>, ctx: RequestContext) {
  return db.transaction().execute(async (trx) => {
    await assertCategory(trx, input.category_id);
    await assertNameFree(trx, 'products', input.name, { within: { column: 'category_id', id: input.category_id } });
    const row = await trx
      .insertInto('products')
      .values({ ...input, created_by: ctx.userId })
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
      .select(['name', 'category_id'])
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
    await trx.updateTable('products').set(input).where('id', '=', id).execute();
    await writeAudit(trx, ctx, {
      type: 'Product',
      activity: 'Update',
      details: `Product ${id} ${describeChanges(before, input)}`,
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
