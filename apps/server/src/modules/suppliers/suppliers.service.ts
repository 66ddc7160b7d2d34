// Suppliers of stock: a supplier number (SR + 14 hex), contacts, TIN and a country from the public list.
import { formatMoney, type supplierCreateSchema, type supplierUpdateSchema } from '@duka/shared';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/connection.ts';
import { describeChanges, type RequestContext, writeAudit } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import { matchesSearch } from '../../platform/listing.ts';
import { newNumber } from '../../platform/tokens.ts';
import { registerTrashKind } from '../../platform/trash.ts';
import { countBatchesUsing } from '../stock/stock.references.ts';

export const supplierKind = registerTrashKind({
  model: 'supplier',
  label: 'Supplier',
  table: 'suppliers',
  nameSql: "name || ' (' || supplier_number || ')'",
  refuseDelete: async (trx, id) => {
    const owed = await trx
      .selectFrom('goods_receipts as g')
      .innerJoin('suppliers as s', 's.id', 'g.supplier_id')
      .select(['s.name', sql<number>`sum(g.amount_due)::bigint`.as('owed')])
      .where('g.supplier_id', '=', id)
      .where('g.amount_due', '>', 0)
      .groupBy('s.name')
      .executeTakeFirst();
    return owed
      ? `The shop owes ${owed.name} UGX ${formatMoney(Number(owed.owed))}. Only a supplier the shop owes nothing can be deleted.`
      : undefined;
  },
  refusePurge: async (trx, id) => {
    if ((await countBatchesUsing(trx, 'supplier_id', id)) > 0) return 'Stock records still refer to this supplier.';
    const used = await sql<{ used: boolean }>`
      SELECT EXISTS (SELECT 1 FROM purchase_orders WHERE supplier_id = ${id})
          OR EXISTS (SELECT 1 FROM goods_receipts WHERE supplier_id = ${id})
          OR EXISTS (SELECT 1 FROM supplier_payments WHERE supplier_id = ${id}) AS used`.execute(trx);
    return used.rows[0]?.used ? 'Orders, goods received or payments still refer to this supplier.' : undefined;
  },
});

const COLUMNS = [
  'id',
  'supplier_number',
  'name',
  'phone_number',
  'email',
  'tin',
  'country',
  'address',
  'environment',
  'created_at',
] as const;

/** The suppliers list's rows, searched and newest first (the list and its exports: supplierList). */
export function supplierQuery(db: Database, search?: string) {
  let q = db.selectFrom('suppliers').select(COLUMNS).where('deleted_at', 'is', null);
  if (search)
    q = q.where((eb) =>
      matchesSearch(eb, ['name', 'supplier_number', 'phone_number', 'email', 'tin', 'country'], search),
    );
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc');
}
export async function getSupplier(db: Database, id: number) {
  const row = await supplierQuery(db).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Supplier');
  return row;
}

export async function createSupplier(db: Database, input: z.infer<typeof supplierCreateSchema>, ctx: RequestContext) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('suppliers')
      .values({ ...input, supplier_number: newNumber('SR'), created_by: ctx.userId })
      .returning(['id', 'name', 'supplier_number'])
      .executeTakeFirstOrThrow();
    await writeAudit(trx, ctx, {
      type: 'Supplier',
      activity: 'Create',
      details: `Created supplier "${row.name}" (${row.supplier_number})`,
    });
    return row;
  });
}

export async function updateSupplier(
  db: Database,
  id: number,
  input: z.infer<typeof supplierUpdateSchema>,
  ctx: RequestContext,
) {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('suppliers')
      .select(['name', 'phone_number', 'email', 'tin', 'country', 'address'])
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('Supplier');
    await trx.updateTable('suppliers').set(input).where('id', '=', id).execute();
    await writeAudit(trx, ctx, {
      type: 'Supplier',
      activity: 'Update',
      details: `Supplier ${id} ${describeChanges(before, input)}`,
    });
  });
}

export const supplierOptions = (db: Database) =>
  db.selectFrom('suppliers').select(['id', 'name']).where('deleted_at', 'is', null).orderBy(sql`lower(name)`).execute();
