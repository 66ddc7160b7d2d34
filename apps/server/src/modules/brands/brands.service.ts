// Brands belong to a product; one create may name the same brand for several products (one record each).
import type { brandCreateSchema, brandUpdateSchema } from '@duka/shared';
import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { describeChanges, type RequestContext, writeAudit } from '../../platform/audit.ts';
import { nameJson } from '../../platform/creator.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import { matchesSearch } from '../../platform/listing.ts';
import { shopDayOf } from '../../platform/period.ts';
import { registerTrashKind } from '../../platform/trash.ts';
import { assertNameFree } from '../../platform/unique-name.ts';
import { countBatchesUsing } from '../stock/stock.references.ts';

export const brandKind = registerTrashKind({
  model: 'brand',
  label: 'Brand',
  table: 'brands',
  nameSql: 'name',
  refusePurge: async (trx, id) =>
    (await countBatchesUsing(trx, 'brand_id', id)) > 0 ? 'Stock records still refer to this brand.' : undefined,
  refuseRestore: async (trx, id) => {
    const row = await trx
      .selectFrom('brands')
      .innerJoin('products', 'products.id', 'brands.product_id')
      .select('products.deleted_at')
      .where('brands.id', '=', id)
      .executeTakeFirstOrThrow();
    return row.deleted_at ? "Restore this brand's product first." : undefined;
  },
});

/** The brands list's rows (lists/record-lists.ts: brandList), newest first, not yet paged. `formatted_created_at` is
 * the day in the shop's time zone, not the database server's. */
export function brandQuery(db: Database, search: string | undefined, timeZone: string) {
  let q = db
    .selectFrom('brands as b')
    .innerJoin('products as p', 'p.id', 'b.product_id')
    .leftJoin('users as creator', 'creator.id', 'b.created_by')
    .select([
      'b.id',
      'b.name',
      'b.product_id',
      'b.environment',
      'b.created_at',
      nameJson('p').as('product'),
      nameJson('creator').as('user'),
      shopDayOf('b.created_at', timeZone).as('formatted_created_at'),
    ])
    .where('b.deleted_at', 'is', null)
    .where('p.deleted_at', 'is', null);
  if (search) q = q.where((eb) => matchesSearch(eb, ['b.name', 'p.name'], search));
  return q.orderBy('b.created_at', 'desc').orderBy('b.id', 'desc');
}

export async function getBrand(db: Database, id: number) {
  const row = await db
    .selectFrom('brands')
    .select(['id', 'name', 'product_id', 'environment', 'created_at'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound('Brand');
  return row;
}

async function assertProduct(trx: Transaction<DB>, id: number, field: string) {
  const found = await trx
    .selectFrom('products')
    .select('id')
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!found)
    throw invalidField(field, field === 'product_ids' ? 'At least one product is required.' : 'Product is required.');
}

export async function createBrands(db: Database, input: z.infer<typeof brandCreateSchema>, ctx: RequestContext) {
  return db.transaction().execute(async (trx) => {
    const created = [];
    for (const productId of new Set(input.product_ids)) {
      await assertProduct(trx, productId, 'product_ids');
      await assertNameFree(trx, 'brands', input.name, { within: { column: 'product_id', id: productId } });
      const row = await trx
        .insertInto('brands')
        .values({ name: input.name, product_id: productId, environment: input.environment, created_by: ctx.userId })
        .returning(['id', 'name', 'product_id'])
        .executeTakeFirstOrThrow();
      await writeAudit(trx, ctx, {
        type: 'Brand',
        activity: 'Create',
        details: `Created brand "${row.name}" (id ${row.id}) for product ${productId}`,
      });
      created.push(row);
    }
    return created;
  });
}

export async function updateBrand(
  db: Database,
  id: number,
  input: z.infer<typeof brandUpdateSchema>,
  ctx: RequestContext,
) {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('brands')
      .select(['name', 'product_id'])
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('Brand');
    await assertProduct(trx, input.product_id, 'product_id');
    if (before.product_id !== input.product_id && (await countBatchesUsing(trx, 'brand_id', id)) > 0) {
      throw new AppError('conflict', 'This brand has stock records; its product cannot change.');
    }
    await assertNameFree(trx, 'brands', input.name, {
      exceptId: id,
      within: { column: 'product_id', id: input.product_id },
    });
    await trx.updateTable('brands').set(input).where('id', '=', id).execute();
    await writeAudit(trx, ctx, {
      type: 'Brand',
      activity: 'Update',
      details: `Brand ${id} ${describeChanges(before, input)}`,
    });
  });
}

export const brandOptions = (db: Database, productId: number) =>
  db
    .selectFrom('brands')
    .select(['id', 'name'])
    .where('product_id', '=', productId)
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.exists(eb.selectFrom('products').select('id').where('id', '=', productId).where('deleted_at', 'is', null)),
    )
    .orderBy(sql`lower(name)`)
    .execute();

/**
 * Every brand name once (a brand is a row per product), with the id of its first live row: the stock form offers
 * them for any product, and receiving links the chosen one to the batch's product (stock.service.ts).
 */
export const brandNames = (db: Database) =>
  db
    .selectFrom('brands as b')
    .innerJoin('products as p', 'p.id', 'b.product_id')
    .select(['b.id', 'b.name'])
    .distinctOn(sql`lower(b.name)`)
    .where('b.deleted_at', 'is', null)
    .where('p.deleted_at', 'is', null)
    .orderBy(sql`lower(b.name)`)
    .orderBy('b.id')
    .execute();
