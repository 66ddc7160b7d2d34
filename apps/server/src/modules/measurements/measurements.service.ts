// Units of measurement (bag, tonne, metre…). Stock batches refer to them.
import type { MeasurementInput } from '@duka/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { describeChanges, type RequestContext, writeAudit } from '../../platform/audit.ts';
import { nameJson } from '../../platform/creator.ts';
import { notFound } from '../../platform/errors.ts';
import { matchesSearch } from '../../platform/listing.ts';
import { registerTrashKind } from '../../platform/trash.ts';
import { assertNameFree } from '../../platform/unique-name.ts';
import { countBatchesUsing } from '../stock/stock.references.ts';

export const measurementKind = registerTrashKind({
  model: 'measurement',
  label: 'Measurement',
  table: 'measurements',
  nameSql: 'name',
  refusePurge: async (trx, id) =>
    (await countBatchesUsing(trx, 'measurement_id', id)) > 0 ? 'Stock records still use this measurement.' : undefined,
});

/** The measurements list's rows (lists/record-lists.ts: measurementList), newest first, not yet paged. */
export function measurementQuery(db: Database, search: string | undefined) {
  let q = db
    .selectFrom('measurements as m')
    .leftJoin('users as creator', 'creator.id', 'm.created_by')
    .select(['m.id', 'm.name', 'm.plural', 'm.environment', 'm.created_at', nameJson('creator').as('user')])
    .where('m.deleted_at', 'is', null);
  if (search) q = q.where((eb) => matchesSearch(eb, ['m.name'], search));
  return q.orderBy('m.created_at', 'desc').orderBy('m.id', 'desc');
}

export async function getMeasurement(db: Database, id: number) {
  const row = await db
    .selectFrom('measurements')
    .select(['id', 'name', 'plural', 'environment', 'created_at'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound('Measurement');
  return row;
}

export async function createMeasurement(
  db: Database,
  input: MeasurementInput & { environment: string },
  ctx: RequestContext,
) {
  return db.transaction().execute(async (trx) => {
    await assertNameFree(trx, 'measurements', input.name);
    const row = await trx
      .insertInto('measurements')
      .values({
        name: input.name,
        plural: input.plural ?? null,
        environment: input.environment,
        created_by: ctx.userId,
      })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    await writeAudit(trx, ctx, {
      type: 'Measurement',
      activity: 'Create',
      details: `Created measurement "${row.name}" (id ${row.id})`,
    });
    return row;
  });
}

export async function updateMeasurement(db: Database, id: number, input: MeasurementInput, ctx: RequestContext) {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('measurements')
      .select(['name', 'plural'])
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('Measurement');
    await assertNameFree(trx, 'measurements', input.name, { exceptId: id });
    // A client that sends only the name (the original client's form) keeps the stored plural.
    const after = { name: input.name, plural: input.plural === undefined ? before.plural : input.plural };
    await trx.updateTable('measurements').set(after).where('id', '=', id).execute();
    await writeAudit(trx, ctx, {
      type: 'Measurement',
      activity: 'Update',
      details: `Measurement ${id} ${describeChanges(before, after)}`,
    });
  });
}

export const measurementOptions = (db: Database) =>
  db
    .selectFrom('measurements')
    .select(['id', 'name'])
    .where('deleted_at', 'is', null)
    .orderBy(sql`lower(name)`)
    .execute();
