// Product categories. Products refer to them; a referenced category stays in the trash.
import { countOf } from '@duka/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { describeChanges, type RequestContext, writeAudit } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import { matchesSearch } from '../../platform/listing.ts';
import { registerTrashKind } from '../../platform/trash.ts';
import { assertNameFree } from '../../platform/unique-name.ts';

export const categoryKind = registerTrashKind({
  model: 'category',
  label: 'Category',
  table: 'categories',
  nameSql: 'name',
  // A category in the trash would leave its live products pointing at nothing selectable.
  refuseDelete: async (trx, id) => {
    const live = await trx
      .selectFrom('products')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('category_id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return live.n > 0
      ? `${countOf(live.n, 'product')} ${live.n === 1 ? 'still uses' : 'still use'} this category. Move or delete them first.`
      : undefined;
  },
  refusePurge: async (trx, id) => {
    const any = await trx.selectFrom('products').select('id').where('category_id', '=', id).executeTakeFirst();
    return any ? 'Products (some may be in the trash) still refer to this category.' : undefined;
  },
});

/** The categories list's rows (lists/record-lists.ts: categoryList), newest first, not yet paged. */
export function categoryQuery(db: Database, search: string | undefined) {
  let q = db
    .selectFrom('categories as c')
    .leftJoin('users as creator', 'creator.id', 'c.created_by')
    .select([
      'c.id',
      'c.name',
      'c.environment',
      'c.created_at',
      sql<{
        name: string;
      } | null>`CASE WHEN creator.id IS NULL THEN NULL ELSE json_build_object('name', creator.name) END`.as('user'),
    ])
    .where('c.deleted_at', 'is', null);
  if (search) q = q.where((eb) => matchesSearch(eb, ['c.name'], search));
  return q.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc');
}

export async function getCategory(db: Database, id: number) {
  const category = await db
    .selectFrom('categories')
    .select(['id', 'name', 'environment', 'created_at'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!category) throw notFound('Category');
  return category;
}

export async function createCategory(db: Database, input: { name: string; environment: string }, ctx: RequestContext) {
  return db.transaction().execute(async (trx) => {
    await assertNameFree(trx, 'categories', input.name);
    const category = await trx
      .insertInto('categories')
      .values({ ...input, created_by: ctx.userId })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    await writeAudit(trx, ctx, {
      type: 'Category',
      activity: 'Create',
      details: `Created category "${category.name}" (id ${category.id})`,
    });
    return category;
  });
}

export async function updateCategory(db: Database, id: number, input: { name: string }, ctx: RequestContext) {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('categories')
      .select('name')
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('Category');
    await assertNameFree(trx, 'categories', input.name, { exceptId: id });
    await trx.updateTable('categories').set({ name: input.name }).where('id', '=', id).execute();
    await writeAudit(trx, ctx, {
      type: 'Category',
      activity: 'Update',
      details: `Category ${id} ${describeChanges(before, input)}`,
    });
  });
}
