// Roles and their permission keys. The built-in Administrator role holds every key
// implicitly and can be neither edited nor deleted.
import { countOf, PERMISSIONS } from '@duka/shared';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { describeChanges, type RequestContext, writeAudit } from '../../platform/audit.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import { matchesSearch } from '../../platform/listing.ts';
import { registerTrashKind } from '../../platform/trash.ts';
import { assertNameFree } from '../../platform/unique-name.ts';

type Trx = Transaction<DB>;
const ASSIGNABLE = new Set<string>(PERMISSIONS.filter((p) => p.visibility === 'public').map((p) => p.key));
const BUILT_IN = 'The Administrator role is built in and cannot be changed or deleted.';

export const roleKind = registerTrashKind({
  model: 'role',
  label: 'Role',
  table: 'roles',
  nameSql: 'name',
  refuseDelete: async (trx, id) => {
    const role = await trx.selectFrom('roles').select('is_admin').where('id', '=', id).executeTakeFirstOrThrow();
    if (role.is_admin) return BUILT_IN;
    const users = await countUsers(trx, id, true);
    return users > 0 ? `This role still has ${countOf(users, 'user')}. Move them to another role first.` : undefined;
  },
  refusePurge: async (trx, id) =>
    (await countUsers(trx, id, false)) > 0 ? 'Users (some may be in the trash) still refer to this role.' : undefined,
});

async function countUsers(db: Trx | Database, roleId: number, liveOnly: boolean) {
  let query = db.selectFrom('users').select(sql<number>`count(*)::int`.as('n')).where('role_id', '=', roleId);
  if (liveOnly) query = query.where('deleted_at', 'is', null);
  return (await query.executeTakeFirstOrThrow()).n;
}

/** The roles list's rows (lists/record-lists.ts: roleList) with their live users' count, newest first, not yet
 * paged. */
export function roleQuery(db: Database, search: string | undefined) {
  let q = db
    .selectFrom('roles as r')
    .leftJoin('users as creator', 'creator.id', 'r.created_by')
    .select((eb) => [
      'r.id',
      'r.name',
      'r.environment',
      'r.is_admin',
      'r.created_at',
      eb
        .selectFrom('users as u')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('u.role_id', '=', 'r.id')
        .where('u.deleted_at', 'is', null)
        .as('users_count'),
      sql<{
        name: string;
      } | null>`CASE WHEN creator.id IS NULL THEN NULL ELSE json_build_object('name', creator.name) END`.as('user'),
    ])
    .where('r.deleted_at', 'is', null);
  if (search) q = q.where((eb) => matchesSearch(eb, ['r.name'], search));
  return q.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc');
}

export async function getRole(db: Database | Trx, id: number) {
  const role = await db
    .selectFrom('roles')
    .select(['id', 'name', 'environment', 'is_admin', 'created_at'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!role) throw notFound('Role');
  return role;
}

export async function createRole(db: Database, input: { name: string; environment: string }, ctx: RequestContext) {
  return db.transaction().execute(async (trx) => {
    await assertNameFree(trx, 'roles', input.name);
    const role = await trx
      .insertInto('roles')
      .values({ ...input, created_by: ctx.userId })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    await writeAudit(trx, ctx, {
      type: 'Role',
      activity: 'Create',
      details: `Created role "${role.name}" (id ${role.id})`,
    });
    return role;
  });
}

export async function updateRole(db: Database, id: number, input: { name: string }, ctx: RequestContext) {
  await db.transaction().execute(async (trx) => {
    const before = await getRole(trx, id);
    if (before.is_admin) throw new AppError('conflict', BUILT_IN);
    await assertNameFree(trx, 'roles', input.name, { exceptId: id });
    await trx.updateTable('roles').set({ name: input.name }).where('id', '=', id).execute();
    await writeAudit(trx, ctx, {
      type: 'Role',
      activity: 'Update',
      details: `Role ${id} ${describeChanges(before, input)}`,
    });
  });
}

export async function assignedMenus(db: Database, id: number) {
  const role = await getRole(db, id);
  const rows = await db.selectFrom('role_permissions').select('permission_key').where('role_id', '=', id).execute();
  return {
    role: { id: role.id, name: role.name, is_admin: role.is_admin },
    assignedMenuNames: rows.map((r) => r.permission_key),
  };
}

/** Replaces the role's keys in one transaction; only public catalogue keys may be assigned. */
export async function assignMenus(db: Database, id: number, selected: string[], ctx: RequestContext) {
  const keys = [...new Set(selected)];
  const unknown = keys.filter((k) => !ASSIGNABLE.has(k));
  if (unknown.length)
    throw invalidField('selectedMenus', `These permissions cannot be assigned: ${unknown.join(', ')}.`);
  await db.transaction().execute(async (trx) => {
    const role = await trx
      .selectFrom('roles')
      .select(['id', 'is_admin'])
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!role) throw notFound('Role');
    if (role.is_admin) throw new AppError('conflict', BUILT_IN);
    const before = (
      await trx.selectFrom('role_permissions').select('permission_key').where('role_id', '=', id).execute()
    )
      .map((r) => r.permission_key)
      .sort();
    await trx.deleteFrom('role_permissions').where('role_id', '=', id).execute();
    if (keys.length)
      await trx
        .insertInto('role_permissions')
        .values(keys.map((permission_key) => ({ role_id: id, permission_key })))
        .execute();
    const after = [...keys].sort();
    await writeAudit(trx, ctx, {
      type: 'Role',
      activity: 'Permission change',
      details: `Role ${id} ${describeChanges({ permissions: before.join(', ') }, { permissions: after.join(', ') })}`,
    });
  });
}

export async function roleOptions(db: Database) {
  return db.selectFrom('roles').select(['id', 'name']).where('deleted_at', 'is', null).orderBy('name').execute();
}
