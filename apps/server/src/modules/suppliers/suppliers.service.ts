// Suppliers of stock: a supplier number (SR + 14 hex), contacts, TIN and a country from the public list.
import { formatDay, type ListQuery, type supplierCreateSchema, type supplierUpdateSchema } from '@duka/shared';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/connection.ts';
import { describeChanges, type RequestContext, writeAudit } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import type { ExportColumn } from '../../platform/exports.ts';
import { matchesSearch, paginate } from '../../platform/listing.ts';
import { newNumber } from '../../platform/tokens.ts';
import { registerTrashKind } from '../../platform/trash.ts';
import { countBatchesUsing } from '../stock/stock.references.ts';

export const supplierKind = registerTrashKind({
  model: 'supplier',
  label: 'Supplier',
  table: 'suppliers',
  nameSql: "name || ' (' || supplier_number || ')'",
  refusePurge: async (trx, id) =>
    (await countBatchesUsing(trx, 'supplier_id', id)) > 0 ? 'Stock records still refer to this supplier.' : undefined,
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

function supplierQuery(db: Database, search?: string) {
  let q = db.selectFrom('suppliers').select(COLUMNS).where('deleted_at', 'is', null);
  if (search)
    q = q.where((eb) =>
      matchesSearch(eb, ['name', 'supplier_number', 'phone_number', 'email', 'tin', 'country'], search),
    );
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc');
}
export type SupplierRow = Awaited<ReturnType<ReturnType<typeof supplierQuery>['execute']>>[number];

export const listSuppliers = (db: Database, query: ListQuery) => paginate(supplierQuery(db, query.search), query);
export const supplierExportPage = (db: Database, search?: string) => (limit: number, offset: number) =>
  supplierQuery(db, search).limit(limit).offset(offset).execute();

/** The export's columns; the date is the day in the shop's time zone. */
export const supplierExportColumns = (timeZone: string): ExportColumn<SupplierRow>[] => [
  { header: 'Supplier Number', value: (s) => s.supplier_number, width: 20 },
  { header: 'Name', value: (s) => s.name, width: 24 },
  { header: 'Contact', value: (s) => s.phone_number, width: 16 },
  { header: 'Email', value: (s) => s.email, width: 26 },
  { header: 'TIN', value: (s) => s.tin },
  { header: 'Country', value: (s) => s.country },
  { header: 'Address', value: (s) => s.address, width: 30 },
  { header: 'Date', value: (s) => formatDay(s.created_at, timeZone) },
];

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
