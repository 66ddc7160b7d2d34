// Stock batches and write-offs. The balance is always received − sold − written off; the database
// enforces it with a CHECK, the rules here give the clear refusals.
import {
  formatDay,
  formatQuantity,
  lineTotal,
  MAX_AMOUNT,
  type StockAdjustmentInput,
  type StockInput,
} from '@duka/shared';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { describeChanges, type RequestContext, writeAudit } from '../../platform/audit.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import { newNumber } from '../../platform/tokens.ts';
import { registerTrashKind } from '../../platform/trash.ts';
import { recordFirstSalePrice, recordSalePriceChange } from './batch-prices.ts';
import { stockQuery } from './stock.queries.ts';

type Trx = Transaction<DB>;

/** Quantities are kept to 3 decimals; adding them as floats must not leave 0.30000000000000004 behind. */
export const roundQuantity = (n: number) => Math.round(n * 1000) / 1000;

export const stockKind = registerTrashKind({
  model: 'stock',
  label: 'Stock',
  table: 'stock_batches',
  nameSql: 'batch_number',
  refuseDelete: async (trx, id) => {
    const batch = await trx
      .selectFrom('stock_batches')
      .select('quantity_sold')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return batch.quantity_sold > 0
      ? 'This batch has sales, so it cannot be deleted. Write off what is left instead.'
      : undefined;
  },
  refuseRestore: async (trx, id) => {
    const row = await trx
      .selectFrom('stock_batches as s')
      .innerJoin('products as p', 'p.id', 's.product_id')
      // A batch without a brand has no brand to restore first.
      .leftJoin('brands as b', 'b.id', 's.brand_id')
      .select(['p.deleted_at as product_deleted', 'b.deleted_at as brand_deleted'])
      .where('s.id', '=', id)
      .executeTakeFirstOrThrow();
    if (row.product_deleted) return "Restore this batch's product first.";
    return row.brand_deleted ? "Restore this batch's brand first." : undefined;
  },
  refusePurge: async (trx, id) => {
    const adjusted = await trx
      .selectFrom('stock_adjustments')
      .select('id')
      .where('batch_id', '=', id)
      .executeTakeFirst();
    return adjusted ? 'Write-offs refer to this batch; it stays for the record.' : undefined;
  },
});

/**
 * Every referenced record must be live. Answers the brand the batch is stored under: null for goods without one, the
 * chosen brand when it lists the product, otherwise the product's brand of that name, which receiving creates when the
 * product has none yet (a brand is a row per product, and a new product would otherwise wait for a brand to list it).
 */
async function assertReferences(
  trx: Trx,
  input: StockInput,
  ctx: RequestContext,
  environment: string,
): Promise<number | null> {
  const live = async (table: 'products' | 'measurements' | 'suppliers', id: number) =>
    Boolean(
      await trx.selectFrom(table).select('id').where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst(),
    );
  if (!(await live('products', input.product_id))) throw invalidField('product_id', 'Product is required.');
  const brandId =
    input.brand_id === null ? null : await brandListingProduct(trx, input.brand_id, input.product_id, ctx, environment);
  if (!(await live('measurements', input.measurement_id)))
    throw invalidField('measurement_id', 'Measurement is required.');
  if (!(await live('suppliers', input.supplier_id))) throw invalidField('supplier_id', 'Supplier is required.');
  if (lineTotal(input.quantity, Math.max(input.unit_price, input.sale_price)) > MAX_AMOUNT)
    throw invalidField('quantity', 'The quantity times the price is too large for one batch.');
  return brandId;
}

/** The chosen brand (a live one) as a brand of the batch's product, linking the two when it is another product's. */
async function brandListingProduct(
  trx: Trx,
  chosenId: number,
  productId: number,
  ctx: RequestContext,
  environment: string,
): Promise<number> {
  const brand = await trx
    .selectFrom('brands')
    .select(['id', 'name', 'product_id'])
    .where('id', '=', chosenId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!brand) throw invalidField('brand_id', 'Brand is required.');
  if (brand.product_id === productId) return brand.id;
  const listed = () =>
    trx
      .selectFrom('brands')
      .select('id')
      .where('product_id', '=', productId)
      .where(sql`lower(name)`, '=', sql`lower(${brand.name})`)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  const already = await listed();
  if (already) return already.id;
  // Two receipts linking the same brand at once: the second waits for the first's row and then uses it.
  const linked = (
    await sql<{ id: number }>`
      INSERT INTO brands (name, product_id, environment, created_by)
      VALUES (${brand.name}, ${productId}, ${environment}, ${ctx.userId})
      ON CONFLICT (product_id, lower(name)) WHERE deleted_at IS NULL DO NOTHING
      RETURNING id`.execute(trx)
  ).rows[0];
  if (!linked) {
    const other = await listed();
    if (other) return other.id;
    throw new AppError('conflict', 'The brands of this product changed while saving. Please try again.');
  }
  await writeAudit(trx, ctx, {
    type: 'Brand',
    activity: 'Create',
    details: `Created brand "${brand.name}" (id ${linked.id}) for product ${productId} on receiving stock`,
  });
  return linked.id;
}

export async function createStock(db: Database, input: StockInput & { environment: string }, ctx: RequestContext) {
  return db.transaction().execute(async (trx) => {
    const brandId = await assertReferences(trx, input, ctx, input.environment);
    const quantity = roundQuantity(input.quantity);
    const batch = await trx
      .insertInto('stock_batches')
      .values({
        ...input,
        brand_id: brandId,
        quantity,
        min_stock_level: roundQuantity(input.min_stock_level),
        batch_number: newNumber('BN'),
        total_cost: lineTotal(quantity, input.unit_price),
        balance: quantity,
        created_by: ctx.userId,
      })
      .returning(['id', 'batch_number', 'total_cost'])
      .executeTakeFirstOrThrow();
    await recordFirstSalePrice(trx, batch.id, input.sale_price);
    await writeAudit(trx, ctx, {
      type: 'Stock',
      activity: 'Create',
      details: `Received batch ${batch.batch_number}: ${quantity} at ${input.unit_price} UGX (total ${batch.total_cost} UGX)`,
    });
    return batch;
  });
}

export async function updateStock(db: Database, id: number, input: StockInput, ctx: RequestContext) {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('stock_batches')
      .select([
        'product_id',
        'brand_id',
        'measurement_id',
        'supplier_id',
        'quantity',
        'unit_price',
        'sale_price',
        'min_stock_level',
        'stock_date',
        'quantity_sold',
        'quantity_adjusted',
        'batch_number',
        'environment',
      ])
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('Stock');
    const brandId = await assertReferences(trx, input, ctx, before.environment);
    const quantity = roundQuantity(input.quantity);
    const gone = roundQuantity(before.quantity_sold + before.quantity_adjusted);
    if (quantity < gone) {
      throw new AppError(
        'conflict',
        `The quantity cannot go below ${formatQuantity(gone)}: that much has already been sold or written off from this batch.`,
      );
    }
    const identityChanged =
      before.product_id !== input.product_id ||
      before.brand_id !== brandId ||
      before.measurement_id !== input.measurement_id;
    if (identityChanged && before.quantity_sold > 0) {
      throw new AppError('conflict', 'This batch has sales: its product, brand and measurement cannot change.');
    }
    const after = { ...input, brand_id: brandId, quantity, min_stock_level: roundQuantity(input.min_stock_level) };
    await trx
      .updateTable('stock_batches')
      .set({
        ...after,
        total_cost: lineTotal(quantity, input.unit_price),
        balance: roundQuantity(quantity - gone),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
    if (before.sale_price !== input.sale_price)
      await recordSalePriceChange(trx, id, before.sale_price, input.sale_price);
    await writeAudit(trx, ctx, {
      type: 'Stock',
      activity: 'Update',
      details: `Batch ${before.batch_number} ${describeChanges(before, after)}`,
    });
  });
}

export async function getStock(db: Database, id: number) {
  const row = await stockQuery(db)
    .select(sql<string | null>`(select plural from measurements where id = s.measurement_id)`.as('measurement_plural'))
    .where('s.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Stock');
  return row;
}

/** Writes stock off a batch: never below 0, in one statement, so two write-offs cannot both take the last unit. */
export async function writeOffStock(db: Database, input: StockAdjustmentInput, ctx: RequestContext, timeZone: string) {
  return db.transaction().execute((trx) => writeOffInTransaction(trx, input, ctx, timeZone));
}

/** The write-off inside a caller's transaction: resolving a stock discrepancy writes off and resolves as one. */
export async function writeOffInTransaction(
  trx: Trx,
  input: StockAdjustmentInput,
  ctx: RequestContext,
  timeZone: string,
) {
  // A write-off dated ahead would move its loss into a later period of the dashboard.
  if (input.adjustment_date > formatDay(new Date(), timeZone))
    throw invalidField('adjustment_date', 'The date cannot be in the future.');
  const quantity = roundQuantity(input.quantity);
  const updated = await trx
    .updateTable('stock_batches')
    .set({
      quantity_adjusted: sql`quantity_adjusted + ${quantity}`,
      balance: sql`balance - ${quantity}`,
      updated_at: new Date(),
    })
    .where('id', '=', input.batch_id)
    .where('deleted_at', 'is', null)
    .where('balance', '>=', quantity)
    .returning(['batch_number', 'unit_price', 'balance'])
    .executeTakeFirst();
  if (!updated) {
    const batch = await trx
      .selectFrom('stock_batches')
      .select(['batch_number', 'balance'])
      .where('id', '=', input.batch_id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!batch) throw invalidField('batch_id', 'Batch is required.');
    throw new AppError('conflict', `Only ${formatQuantity(batch.balance)} left in batch ${batch.batch_number}.`);
  }
  const adjustment = await trx
    .insertInto('stock_adjustments')
    .values({ ...input, quantity, unit_cost: updated.unit_price, created_by: ctx.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeAudit(trx, ctx, {
    type: 'Stock',
    activity: 'Write-off',
    details: `Wrote off ${quantity} from batch ${updated.batch_number} (${input.reason}: ${input.note}); balance now ${updated.balance}`,
  });
  return { id: adjustment.id, balance: updated.balance };
}
