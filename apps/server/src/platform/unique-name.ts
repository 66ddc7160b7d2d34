import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { invalidField } from './errors.ts';

type NamedTable = 'roles' | 'categories' | 'measurements' | 'products' | 'brands';

export interface NameScope {
  /** The record being renamed, which may keep its own name. */
  exceptId?: number;
  /** Unique only within a parent: a product's name within its category, a brand's within its product. */
  within?: { column: 'category_id' | 'product_id'; id: number };
}

/** Names are unique among live records, ignoring case; a clash is a 422 on the name field. */
export async function assertNameFree(
  trx: Transaction<DB>,
  table: NamedTable,
  name: string,
  { exceptId, within }: NameScope = {},
) {
  let query = trx
    .selectFrom(table)
    .select('id')
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .where('deleted_at', 'is', null);
  if (exceptId) query = query.where('id', '<>', exceptId);
  if (within) query = query.where(sql.ref(within.column), '=', within.id);
  if (await query.executeTakeFirst()) throw invalidField('name', 'The name has already been taken.');
}
