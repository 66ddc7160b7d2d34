// The units a sale's lines are sold in: a batch is counted in its product's base unit, and a line may name another
// unit of the product (Tonne = 20 Bag), which takes `factor` base units of the batch each and costs its unit price.
import { formatQuantity, quantityWithUnit, type SaleInput, type UnitName } from '@duka/shared';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';

type Trx = Transaction<DB>;

/** A unit of a product other than its base, with its name for the refusals. */
export interface SaleUnit extends UnitName {
  measurement_id: number;
  factor: number;
  bulk_discount_percent: number;
  /** The product's declared base: a batch counted in another unit is sold in its own unit only. */
  base_id: number | null;
}

/**
 * The units of the cart's products, by `product_id:measurement_id`, in one query, and only when some line names a unit
 * other than its batch's: a cart sold in base units (nearly every sale) reads nothing more.
 */
export async function unitsOfCart(
  trx: Trx,
  lines: SaleInput['items'],
  batches: Map<string, { product_id: number; measurement_id: number }>,
): Promise<Map<string, SaleUnit>> {
  const products = new Set<number>();
  for (const line of lines) {
    const batch = batches.get(line.batchNumber);
    if (batch && line.measurementId && line.measurementId !== batch.measurement_id) products.add(batch.product_id);
  }
  if (products.size === 0) return new Map();
  const { rows } = await sql<SaleUnit & { product_id: number; base_id: number | null }>`
    SELECT u.product_id, u.measurement_id, u.factor::float8 AS factor,
           u.bulk_discount_percent::float8 AS bulk_discount_percent, m.name, m.plural, p.base_measurement_id AS base_id
    FROM product_units u JOIN measurements m ON m.id = u.measurement_id JOIN products p ON p.id = u.product_id
    WHERE u.product_id = ANY(${[...products]}::int[])`.execute(trx);
  return new Map(rows.map(({ product_id, ...unit }) => [`${product_id}:${unit.measurement_id}`, unit]));
}

/** A base quantity in a unit of `factor` base units, to the thousandth below (never more than there is). */
export const inUnit = (baseQuantity: number, factor: number) =>
  Math.floor((baseQuantity * 1000) / factor + 1e-6) / 1000;

/**
 * 409: the batch holds less than the line asks. It says what is left in the line's unit and, sold in another, in base
 * units too ("only 0.85 Tonnes left (17 Bags)"); `available` stays the base figure. Read only on this refusal.
 */
export async function notEnoughStock(
  trx: Trx,
  batch: { batch_number: string; product_name: string; brand_name: string; measurement_id: number; balance: number },
  unit: SaleUnit | undefined,
) {
  const base = await trx
    .selectFrom('measurements')
    .select(['name', 'plural'])
    .where('id', '=', batch.measurement_id)
    .executeTakeFirst();
  const inBase = base ? quantityWithUnit(batch.balance, base) : formatQuantity(batch.balance);
  const left = unit
    ? `${quantityWithUnit(inUnit(batch.balance, unit.factor), unit)} left (${inBase})`
    : `${inBase} left`;
  return new AppError(
    'conflict',
    `Not enough stock of ${batch.product_name} (${batch.brand_name}, batch ${batch.batch_number}): only ${left}.`,
    undefined,
    { product: batch.product_name, batch_number: batch.batch_number, available: batch.balance },
  );
}
