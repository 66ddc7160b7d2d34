import type { discrepancyList, ListQueryOf } from '@duka/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { matchesSearch } from '../../platform/listing.ts';

// The stock discrepancies list: open ones first by default, newest first, searched by product, batch or sale number.
export function discrepancyQuery(db: Database, query: ListQueryOf<typeof discrepancyList>) {
  let q = db
    .selectFrom('stock_discrepancies as d')
    .innerJoin('products as p', 'p.id', 'd.product_id')
    .innerJoin('stock_batches as s', 's.id', 'd.batch_id')
    .innerJoin('measurements as m', 'm.id', 's.measurement_id')
    .innerJoin('sales as sa', 'sa.id', 'd.sale_id')
    .leftJoin('users as u', 'u.id', 'd.resolved_by')
    .select([
      'd.id',
      'd.product_id',
      'p.name as product_name',
      'd.batch_id',
      's.batch_number',
      's.balance as batch_balance',
      'm.name as measurement_name',
      'm.plural as measurement_plural',
      'd.quantity',
      'd.returned_quantity',
      'd.sale_id',
      'sa.sale_number',
      'd.created_at',
      'd.resolved_at',
      sql<{ id: number; name: string } | null>`CASE WHEN u.id IS NULL THEN NULL
        ELSE json_build_object('id', u.id, 'name', u.name) END`.as('resolved_by'),
      'd.resolution_kind',
      'd.resolution_note',
      'd.stock_adjustment_id',
    ]);
  if (query.status === 'open') q = q.where('d.resolved_at', 'is', null);
  if (query.status === 'resolved') q = q.where('d.resolved_at', 'is not', null);
  const { search } = query;
  if (search) q = q.where((eb) => matchesSearch(eb, ['p.name', 's.batch_number', 'sa.sale_number'], search));
  return q.orderBy('d.created_at', 'desc').orderBy('d.id', 'desc');
}

/** Open discrepancies: the dashboard's count and the menu's reminder. */
export async function countOpenDiscrepancies(db: Database) {
  const row = await db
    .selectFrom('stock_discrepancies')
    .select(sql<number>`count(*)::int`.as('open'))
    .where('resolved_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.open;
}
