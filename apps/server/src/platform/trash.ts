import { formatQuantity } from '@duka/shared';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/connection.ts';
import type { DB } from '../db/schema.ts';
import { type RequestContext, writeAudit } from './audit.ts';
import { AppError, notFound } from './errors.ts';
import { likePattern } from './listing.ts';

// Soft delete, restore and permanent delete for every deletable kind. A module registers its kind once; the trash
// screen, bulk delete and the audit rows then work the same for all of them.

type Trx = Transaction<DB>;

export interface TrashKind {
  /** The value in trash URLs: /trashrestore/{model}/{id}. */
  model: string;
  /** Shown as the record type, and the audit type. */
  label: string;
  table: keyof DB & string;
  /** SQL expression naming a record in the trash, over the table's columns. */
  nameSql: string;
  /** Why the record may not go to the trash now (e.g. a role that still has users). */
  refuseDelete?: (trx: Trx, id: number, ctx: RequestContext) => Promise<string | undefined>;
  /** Why the record may not be removed for good (other records refer to it). */
  refusePurge?: (trx: Trx, id: number, ctx: RequestContext) => Promise<string | undefined>;
  /** Why it may not come back now (e.g. a user whose role is in the trash). */
  refuseRestore?: (trx: Trx, id: number, ctx: RequestContext) => Promise<string | undefined>;
  afterDelete?: (trx: Trx, id: number) => Promise<void>;
}

const kinds = new Map<string, TrashKind>();

export function registerTrashKind(kind: TrashKind): TrashKind {
  kinds.set(kind.model, kind);
  return kind;
}
export const trashKinds = () => [...kinds.values()];

function kindOf(model: string): TrashKind {
  const kind = kinds.get(model);
  if (!kind) throw new AppError('not_found', 'Unknown record type.');
  return kind;
}

/** The catalogue tables stock batches refer to, and by which column. */
const STOCK_REFERENCES: Partial<Record<keyof DB, 'product_id' | 'brand_id' | 'measurement_id' | 'supplier_id'>> = {
  products: 'product_id',
  brands: 'brand_id',
  measurements: 'measurement_id',
  suppliers: 'supplier_id',
};

/**
 * Trashing a record that live batches with stock on hand still use would leave that stock counted in the stock
 * value but unsellable and uneditable, so it is refused. Kept here, in the one delete path, so no caller (single or
 * bulk) can skip it.
 */
async function refuseStockOnHand(trx: Trx, kind: TrashKind, ids: number[]): Promise<string | undefined> {
  const column = STOCK_REFERENCES[kind.table];
  if (!column) return undefined;
  const used = await sql<{ batches: number; balance: number }>`
    SELECT count(*)::int AS batches, sum(balance)::float8 AS balance FROM stock_batches
    WHERE ${sql.ref(column)} = ANY(${ids}::int[]) AND deleted_at IS NULL AND balance > 0
    GROUP BY ${sql.ref(column)} ORDER BY ${sql.ref(column)} LIMIT 1`.execute(trx);
  const [first] = used.rows;
  if (!first) return undefined;
  const what = kind.label.toLowerCase();
  // A product's or a brand's stock is one quantity; a measurement's or a supplier's spans products, so count batches.
  return column === 'product_id' || column === 'brand_id'
    ? `This ${what} still has ${formatQuantity(first.balance)} in stock. Sell it or write it off first.`
    : `This ${what} is still used by ${first.batches} batch(es) with stock on hand. Sell or write off that stock first.`;
}

interface NamedRow {
  id: number;
  name: string;
}

async function lockRows(trx: Trx, kind: TrashKind, ids: number[], deleted: boolean): Promise<NamedRow[]> {
  const result = await sql<NamedRow>`
    SELECT id, ${sql.raw(kind.nameSql)} AS name FROM ${sql.table(kind.table)}
    WHERE id = ANY(${ids}::int[]) AND deleted_at IS ${sql.raw(deleted ? 'NOT NULL' : 'NULL')}
    ORDER BY id FOR UPDATE`.execute(trx);
  return result.rows;
}

/**
 * Moves records to the trash, all or none: any missing id is a 404, any refusal a 409, and nothing changes.
 * Returns how many went.
 */
export async function deleteRecords(
  db: Database,
  kind: TrashKind,
  ids: number[],
  ctx: RequestContext,
): Promise<number> {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const rows = await lockRows(trx, kind, unique, false);
    if (rows.length !== unique.length) {
      throw notFound(
        unique.length === 1 ? kind.label : `Some of the selected ${kind.label.toLowerCase()} records were`,
      );
    }
    const stockRefusal = await refuseStockOnHand(trx, kind, unique);
    if (stockRefusal) throw new AppError('conflict', stockRefusal);
    for (const row of rows) {
      const refusal = await kind.refuseDelete?.(trx, row.id, ctx);
      if (refusal) throw new AppError('conflict', refusal);
    }
    await sql`UPDATE ${sql.table(kind.table)} SET deleted_at = now() WHERE id = ANY(${unique}::int[])`.execute(trx);
    for (const row of rows) {
      await kind.afterDelete?.(trx, row.id);
      await writeAudit(trx, ctx, {
        type: kind.label,
        activity: 'Delete',
        details: `Moved ${kind.label.toLowerCase()} "${row.name}" (id ${row.id}) to the trash`,
      });
    }
    return rows.length;
  });
}

export async function restoreRecord(db: Database, model: string, id: number, ctx: RequestContext): Promise<void> {
  const kind = kindOf(model);
  await db.transaction().execute(async (trx) => {
    const [row] = await lockRows(trx, kind, [id], true);
    if (!row) throw notFound('Record');
    const refusal = await kind.refuseRestore?.(trx, id, ctx);
    if (refusal) throw new AppError('conflict', refusal);
    try {
      await sql`UPDATE ${sql.table(kind.table)} SET deleted_at = NULL WHERE id = ${id}`.execute(trx);
    } catch (err) {
      if ((err as { code?: string }).code === '23505') {
        throw new AppError(
          'conflict',
          `Another ${kind.label.toLowerCase()} now uses the same details. Rename or remove it first.`,
        );
      }
      throw err;
    }
    await writeAudit(trx, ctx, {
      type: kind.label,
      activity: 'Restore',
      details: `Restored ${kind.label.toLowerCase()} "${row.name}" (id ${id}) from the trash`,
    });
  });
}

export async function purgeRecord(db: Database, model: string, id: number, ctx: RequestContext): Promise<void> {
  const kind = kindOf(model);
  await db.transaction().execute(async (trx) => {
    const [row] = await lockRows(trx, kind, [id], true);
    if (!row) throw notFound('Record');
    const refusal = await kind.refusePurge?.(trx, id, ctx);
    if (refusal) throw new AppError('conflict', refusal);
    try {
      await sql`SAVEPOINT purge`.execute(trx);
      await sql`DELETE FROM ${sql.table(kind.table)} WHERE id = ${id}`.execute(trx);
    } catch (err) {
      if ((err as { code?: string }).code !== '23503') throw err;
      await sql`ROLLBACK TO SAVEPOINT purge`.execute(trx);
      throw new AppError(
        'conflict',
        `This ${kind.label.toLowerCase()} cannot be deleted permanently: other records refer to it.`,
      );
    }
    await writeAudit(trx, ctx, {
      type: kind.label,
      activity: 'Permanent delete',
      details: `Deleted ${kind.label.toLowerCase()} "${row.name}" (id ${id}) permanently`,
    });
  });
}

export interface TrashRow {
  id: number;
  name: string;
  model: string;
  record_type: string;
  created_at: Date;
}

/** Every kind's trashed records as one query, newest first, filtered by name. */
export function trashQuery(db: Kysely<DB>, search: string | undefined) {
  const parts = trashKinds().map(
    (
      kind,
    ) => sql`SELECT id, ${sql.raw(kind.nameSql)} AS name, ${kind.model}::text AS model, ${kind.label}::text AS record_type,
      deleted_at AS created_at FROM ${sql.table(kind.table)} WHERE deleted_at IS NOT NULL`,
  );
  const union = parts.length
    ? sql.join(parts, sql` UNION ALL `)
    : sql`SELECT NULL::int AS id, NULL AS name, NULL AS model, NULL AS record_type, NULL::timestamptz AS created_at WHERE false`;
  let query = db.selectFrom(sql<TrashRow>`(${union})`.as('trash')).selectAll();
  if (search)
    query = query.where((eb) =>
      eb.or([eb('name', 'ilike', likePattern(search)), eb('record_type', 'ilike', likePattern(search))]),
    );
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc');
}
