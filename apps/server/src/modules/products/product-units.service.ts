// A product's units: its base unit (the one stock is counted in) and other units, each holding `factor` base units
// (unit-amounts.ts in packages/shared has the arithmetic). A product that declares none has its batches' unit as its
// base. The base cannot change once batches are counted in it: their quantities, costs and prices are per base unit.
import { formatQuantity, type ProductUnits, type ProductUnitsInput } from '@duka/shared';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { type RequestContext, writeAudit } from '../../platform/audit.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';

type Reader = Database | Transaction<DB>;

/** The product's base: the declared one, else the unit of its newest live batch (null: neither yet). */
const baseMeasurementSql = (productId: number) => sql<number | null>`coalesce(
  (SELECT base_measurement_id FROM products WHERE id = ${productId}),
  (SELECT measurement_id FROM stock_batches WHERE product_id = ${productId} AND deleted_at IS NULL
    ORDER BY id DESC LIMIT 1))`;

/** The live product's units as GET /productunits answers them, the others by factor. */
export async function productUnitsOf(db: Reader, productId: number): Promise<ProductUnits> {
  const product = await db
    .selectFrom('products')
    .select(['id', baseMeasurementSql(productId).as('base_id')])
    .where('id', '=', productId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!product) throw notFound('Product');
  const base =
    product.base_id === null
      ? null
      : ((await db
          .selectFrom('measurements')
          .select(['id as measurement_id', 'name', 'plural'])
          .where('id', '=', product.base_id)
          .executeTakeFirst()) ?? null);
  const units = await db
    .selectFrom('product_units as u')
    .innerJoin('measurements as m', 'm.id', 'u.measurement_id')
    .select(['u.measurement_id', 'm.name', 'm.plural', 'u.factor', 'u.bulk_discount_percent'])
    .where('u.product_id', '=', productId)
    .orderBy('u.factor')
    .orderBy('m.name')
    .execute();
  return { base, units };
}

/** "Cement: base Bag; Tonne = 20 Bag (5 % off)": the audit's words for a product's units. */
function describeUnits(productName: string, shown: ProductUnits) {
  const others = shown.units.map(
    (u) =>
      `${u.name} = ${formatQuantity(u.factor)} ${shown.base?.name ?? ''}${u.bulk_discount_percent > 0 ? ` (${formatQuantity(u.bulk_discount_percent)} % off)` : ''}`,
  );
  return `${productName}: base ${shown.base?.name ?? 'none'}${others.length ? `; ${others.join('; ')}` : '; no other units'}`;
}

export async function updateProductUnits(
  db: Database,
  productId: number,
  input: ProductUnitsInput,
  ctx: RequestContext,
) {
  return db.transaction().execute(async (trx) => {
    const product = await trx
      .selectFrom('products')
      .select(['id', 'name'])
      .where('id', '=', productId)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!product) throw notFound('Product');
    const wanted = [input.base_measurement_id, ...input.units.map((u) => u.measurement_id)];
    const live = new Set(
      (
        await trx
          .selectFrom('measurements')
          .select('id')
          .where('id', 'in', wanted)
          .where('deleted_at', 'is', null)
          .execute()
      ).map((m) => m.id),
    );
    if (!live.has(input.base_measurement_id))
      throw invalidField('base_measurement_id', 'The base unit must be a live measurement.');
    input.units.forEach((u, i) => {
      if (!live.has(u.measurement_id))
        throw invalidField(`units.${i}.measurement_id`, 'Each unit must be a live measurement.');
    });
    // Batches already counted in another unit keep their quantities and prices per that unit: the base stays.
    const counted = await trx
      .selectFrom('stock_batches as s')
      .innerJoin('measurements as m', 'm.id', 's.measurement_id')
      .select(['m.name'])
      .where('s.product_id', '=', productId)
      .where('s.deleted_at', 'is', null)
      .where('s.measurement_id', '<>', input.base_measurement_id)
      .executeTakeFirst();
    if (counted)
      throw new AppError(
        'conflict',
        `${product.name} has stock counted in ${counted.name}: its base unit stays ${counted.name}.`,
      );
    await refuseRemovingUnitsInUse(trx, product, wanted);
    await trx.deleteFrom('product_units').where('product_id', '=', productId).execute();
    if (input.units.length > 0)
      await trx
        .insertInto('product_units')
        .values(
          input.units.map((u) => ({
            product_id: productId,
            measurement_id: u.measurement_id,
            factor: u.factor,
            bulk_discount_percent: u.bulk_discount_percent,
          })),
        )
        .execute();
    await trx
      .updateTable('products')
      .set({ base_measurement_id: input.base_measurement_id })
      .where('id', '=', productId)
      .execute();
    const shown = await productUnitsOf(trx, productId);
    await writeAudit(trx, ctx, { type: 'Product', activity: 'Units', details: describeUnits(product.name, shown) });
    return shown;
  });
}

/**
 * A unit the product no longer has (a unit left out, or the base changed) must not be one an open document counts in:
 * an order still to receive or an open quotation keeps its quantities in it. 409 naming the first such document.
 */
async function refuseRemovingUnitsInUse(trx: Transaction<DB>, product: { id: number; name: string }, wanted: number[]) {
  const before = await trx
    .selectFrom('products')
    .select('base_measurement_id')
    .where('id', '=', product.id)
    .executeTakeFirstOrThrow();
  const had = [
    ...(before.base_measurement_id === null ? [] : [before.base_measurement_id]),
    ...(
      await trx.selectFrom('product_units').select('measurement_id').where('product_id', '=', product.id).execute()
    ).map((u) => u.measurement_id),
  ];
  const removed = had.filter((id) => !wanted.includes(id));
  if (removed.length === 0) return;
  const order = await trx
    .selectFrom('purchase_order_lines as l')
    .innerJoin('purchase_orders as po', 'po.id', 'l.purchase_order_id')
    .innerJoin('measurements as m', 'm.id', 'l.measurement_id')
    .select(['po.po_number as number', 'm.name as unit'])
    .where('l.product_id', '=', product.id)
    .where('l.measurement_id', 'in', removed)
    .where('po.status', 'in', ['OPEN', 'PARTLY_RECEIVED'])
    .whereRef('l.received_quantity', '<', 'l.quantity')
    .executeTakeFirst();
  const quotation =
    order ??
    (await trx
      .selectFrom('quotation_lines as l')
      .innerJoin('quotations as q', 'q.id', 'l.quotation_id')
      .innerJoin('measurements as m', 'm.id', 'l.measurement_id')
      .select(['q.quotation_number as number', 'm.name as unit'])
      .where('l.product_id', '=', product.id)
      .where('l.measurement_id', 'in', removed)
      .where('q.status', '=', 'OPEN')
      .executeTakeFirst());
  if (quotation)
    throw new AppError(
      'conflict',
      `${product.name} is counted in ${quotation.unit} on open ${order ? 'purchase order' : 'quotation'} ${quotation.number}: receive, convert or cancel it before removing the unit.`,
    );
}
