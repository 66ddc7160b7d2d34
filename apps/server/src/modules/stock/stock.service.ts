// Stock batches and write-offs. The balance is always received − sold − written off; the database
// enforces it with a CHECK, the rules here give the clear refusals.
import {
  formatDay,
  formatQuantity,
  lineTotal,
  MAX_AMOUNT,
  perBaseUnit,
  quantityWithUnit,
  type StockAdjustmentInput,
  type StockInput,
  toBaseQuantity,
} from '@duka/shared';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { describeChanges, type RequestContext, writeAudit } from '../../platform/audit.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import { newNumber } from '../../platform/tokens.ts';
import { registerTrashKind } from '../../platform/trash.ts';
import { recordFirstSalePrice, recordSalePriceChange } from './batch-prices.ts';
import { type ChosenUnit, chosenUnit, enteredAs, inBaseUnits } from './batch-units.ts';
import { stockQuery, withReceivedAs } from './stock.queries.ts';

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

/** A batch's figures as stored, and the unit it was received in when not the base (received: null). */
interface StoredBatch {
  figures: {
    measurement_id: number;
    quantity: number;
    unit_price: number;
    sale_price: number;
    min_stock_level: number;
    total_cost: number;
    received_measurement_id: number | null;
    received_quantity: number | null;
  };
  received: ChosenUnit | null;
}

/**
 * The batch in base units. A product that declared units is received in its base or one of them: quantity and
 * minimum level × factor (exactly), cost and sale price per base unit; the total stays the quantity as entered × its
 * cost, to the shilling the supplier's invoice says. A product that declared none is stored as entered, as before.
 */
async function inBaseOfProduct(trx: Trx, input: StockInput): Promise<StoredBatch> {
  const product = await trx
    .selectFrom('products')
    .select('base_measurement_id')
    .where('id', '=', input.product_id)
    .forShare()
    .executeTakeFirstOrThrow();
  const entered = roundQuantity(input.quantity);
  const total_cost = lineTotal(entered, input.unit_price);
  const asEntered = {
    measurement_id: input.measurement_id,
    quantity: entered,
    unit_price: input.unit_price,
    sale_price: input.sale_price,
    min_stock_level: roundQuantity(input.min_stock_level),
    total_cost,
    received_measurement_id: null,
    received_quantity: null,
  };
  if (product.base_measurement_id === null) return { figures: asEntered, received: null };
  const chosen = await chosenUnit(
    trx,
    { productId: input.product_id, baseId: product.base_measurement_id, measurementId: input.measurement_id },
    { field: 'measurement_id', verb: 'received' },
  );
  if (chosen.unit.measurement_id === chosen.base.measurement_id) return { figures: asEntered, received: null };
  return {
    figures: {
      measurement_id: chosen.base.measurement_id,
      quantity: inBaseUnits(chosen, entered, 'quantity'),
      unit_price: perBaseUnit(input.unit_price, chosen.factor),
      sale_price: perBaseUnit(input.sale_price, chosen.factor),
      min_stock_level: inBaseUnits(chosen, roundQuantity(input.min_stock_level), 'min_stock_level'),
      total_cost,
      received_measurement_id: chosen.unit.measurement_id,
      received_quantity: entered,
    },
    received: chosen,
  };
}

/** "2 Tonnes = 40 Bags at 600000 UGX a Tonne (30000 UGX a Bag)", or "40 at 30000 UGX" when received in the base. */
function receivedWords({ figures, received }: StoredBatch, input: StockInput) {
  if (!received) return `${figures.quantity} at ${figures.unit_price} UGX`;
  const equation = enteredAs(received, input.quantity, figures.quantity);
  return `${equation} at ${input.unit_price} UGX a ${received.unit.name} (${figures.unit_price} UGX a ${received.base.name})`;
}

export function createStock(db: Database, input: StockInput & { environment: string }, ctx: RequestContext) {
  return db.transaction().execute((trx) => receiveBatch(trx, input, ctx, input.environment));
}

/**
 * One batch received, inside the caller's transaction (the Stock form's, or goods received's with its other lines).
 * `totalCost`, when given, is what the batch cost in all (goods received adds its share of the landed costs): its
 * cost per base unit is then that total over the base quantity, rounded; the total stays exact.
 */
export async function receiveBatch(
  trx: Trx,
  input: StockInput,
  ctx: RequestContext,
  environment: string,
  totalCost?: number,
) {
  const brandId = await assertReferences(trx, input, ctx, environment);
  const stored = await inBaseOfProduct(trx, input);
  const figures =
    totalCost === undefined
      ? stored.figures
      : {
          ...stored.figures,
          total_cost: totalCost,
          unit_price: stored.figures.quantity > 0 ? Math.round(totalCost / stored.figures.quantity) : 0,
        };
  const batch = await trx
    .insertInto('stock_batches')
    .values({
      ...input,
      ...figures,
      environment,
      brand_id: brandId,
      batch_number: newNumber('BN'),
      balance: figures.quantity,
      created_by: ctx.userId,
    })
    .returning(['id', 'batch_number', 'total_cost'])
    .executeTakeFirstOrThrow();
  // The price history is per base unit, as the batch's sale price and what the till charges from it.
  await recordFirstSalePrice(trx, batch.id, figures.sale_price);
  await writeAudit(trx, ctx, {
    type: 'Stock',
    activity: 'Create',
    details: `Received batch ${batch.batch_number}: ${receivedWords({ ...stored, figures }, input)} (total ${batch.total_cost} UGX)`,
  });
  return batch;
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
    const stored = await inBaseOfProduct(trx, input);
    const { total_cost, received_measurement_id, received_quantity, ...figures } = stored.figures;
    const gone = roundQuantity(before.quantity_sold + before.quantity_adjusted);
    if (figures.quantity < gone) {
      // Received in another unit, the floor is said in the base the batch is counted in.
      const floor = stored.received ? quantityWithUnit(gone, stored.received.base) : formatQuantity(gone);
      throw new AppError(
        'conflict',
        `The quantity cannot go below ${floor}: that much has already been sold or written off from this batch.`,
      );
    }
    const identityChanged =
      before.product_id !== input.product_id ||
      before.brand_id !== brandId ||
      before.measurement_id !== figures.measurement_id;
    if (identityChanged && before.quantity_sold > 0) {
      throw new AppError('conflict', 'This batch has sales: its product, brand and measurement cannot change.');
    }
    const after = { ...input, ...figures, brand_id: brandId };
    await trx
      .updateTable('stock_batches')
      .set({
        ...after,
        total_cost,
        received_measurement_id,
        received_quantity,
        balance: roundQuantity(figures.quantity - gone),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
    if (before.sale_price !== figures.sale_price)
      await recordSalePriceChange(trx, id, before.sale_price, figures.sale_price);
    const receivedAs = stored.received ? `; received as ${receivedWords(stored, input)}` : '';
    await writeAudit(trx, ctx, {
      type: 'Stock',
      activity: 'Update',
      details: `Batch ${before.batch_number} ${describeChanges(before, after)}${receivedAs}`,
    });
  });
}

export async function getStock(db: Database, id: number) {
  const row = await stockQuery(db).where('s.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Stock');
  return withReceivedAs(row);
}

/**
 * What is left of a batch, said in the unit a refused write-off was entered in and in the base: "22 Kg (0.88 Box)";
 * "about" when the base quantity is no whole number of thousandths of that unit.
 */
function leftIn(balance: number, chosen: ChosenUnit | null): string {
  if (!chosen) return formatQuantity(balance);
  const inUnit = Math.floor((balance * 1000) / chosen.factor + 1e-9) / 1000;
  const exact = toBaseQuantity(inUnit, chosen.factor) === balance;
  return `${quantityWithUnit(balance, chosen.base)} (${exact ? '' : 'about '}${quantityWithUnit(inUnit, chosen.unit)})`;
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
  const batch = await trx
    .selectFrom('stock_batches')
    .select(['product_id', 'measurement_id'])
    .where('id', '=', input.batch_id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!batch) throw invalidField('batch_id', 'Batch is required.');
  const { measurement_id: enteredUnit, ...adjustment } = input;
  const entered = roundQuantity(input.quantity);
  // In another unit of the product: every check, the balance and the cost are in the batch's base unit.
  const chosen =
    enteredUnit === undefined || enteredUnit === batch.measurement_id
      ? null
      : await chosenUnit(
          trx,
          { productId: batch.product_id, baseId: batch.measurement_id, measurementId: enteredUnit },
          { field: 'measurement_id', verb: 'written off' },
        );
  const quantity = chosen ? inBaseUnits(chosen, entered, 'quantity') : entered;
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
    const left = await trx
      .selectFrom('stock_batches')
      .select(['batch_number', 'balance'])
      .where('id', '=', input.batch_id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!left) throw invalidField('batch_id', 'Batch is required.');
    throw new AppError('conflict', `Only ${leftIn(left.balance, chosen)} left in batch ${left.batch_number}.`);
  }
  const made = await trx
    .insertInto('stock_adjustments')
    .values({
      ...adjustment,
      quantity,
      unit_cost: updated.unit_price,
      entered_measurement_id: chosen ? chosen.unit.measurement_id : null,
      entered_quantity: chosen ? entered : null,
      created_by: ctx.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const written = chosen ? enteredAs(chosen, entered, quantity) : String(quantity);
  await writeAudit(trx, ctx, {
    type: 'Stock',
    activity: 'Write-off',
    details: `Wrote off ${written} from batch ${updated.batch_number} (${input.reason}: ${input.note}); balance now ${updated.balance}`,
  });
  return { id: made.id, balance: updated.balance };
}
