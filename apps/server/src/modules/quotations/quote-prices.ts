// What a quotation line costs and sells for today: the batch it would be sold from first (the oldest with stock of
// its product and brand, as the POS offers them), its price per unit quoted (the unit's factor and bulk discount, as
// the till charges) and its cost per unit quoted. A price other than today's needs quotationPriceEdit; a price below
// the cost needs quotationBelowCost as well.
import { formatMoney, type QuotationLineInput, unitPrice } from '@duka/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError, invalidField } from '../../platform/errors.ts';

type Trx = Transaction<DB>;

export interface QuoteKeys {
  priceEdit: boolean;
  belowCost: boolean;
}

/** The oldest live batch of the product and brand counted in `baseId` with stock (at least `needed` base units). */
export function firstBatch(
  trx: Trx,
  line: { product_id: number; brand_id: number | null },
  baseId: number,
  needed = 0,
) {
  return trx
    .selectFrom('stock_batches')
    .select(['id', 'batch_number', 'sale_price', 'unit_price', 'balance'])
    .where('deleted_at', 'is', null)
    .where('balance', '>', 0)
    .where('balance', '>=', needed)
    .where('product_id', '=', line.product_id)
    .where('brand_id', line.brand_id === null ? 'is' : '=', line.brand_id)
    .where('measurement_id', '=', baseId)
    .orderBy('stock_date')
    .orderBy('id')
    .executeTakeFirst();
}

/** The bulk discount of `measurementId` for the product; 0 for its base or a product without units. */
async function bulkDiscount(trx: Trx, productId: number, measurementId: number) {
  const unit = await trx
    .selectFrom('product_units')
    .select('bulk_discount_percent')
    .where('product_id', '=', productId)
    .where('measurement_id', '=', measurementId)
    .executeTakeFirst();
  return Number(unit?.bulk_discount_percent ?? 0);
}

/**
 * The price each line is quoted at: as asked when the caller may set it (never below cost without that key too),
 * else today's. `lines[i].factor` is the unit's, from the catalogue check.
 */
export async function quotedPrices(
  trx: Trx,
  lines: readonly (QuotationLineInput & { factor: number })[],
  may: QuoteKeys,
): Promise<number[]> {
  const prices: number[] = [];
  for (const [i, line] of lines.entries()) {
    const field = `lines.${i}.unit_price`;
    const product = await trx
      .selectFrom('products')
      .select(['name', 'base_measurement_id'])
      .where('id', '=', line.product_id)
      .executeTakeFirstOrThrow();
    const baseId = product.base_measurement_id ?? line.measurement_id;
    const batch = await firstBatch(trx, line, baseId);
    const today = batch
      ? unitPrice(batch.sale_price, line.factor, await bulkDiscount(trx, line.product_id, line.measurement_id))
      : undefined;
    const asked = line.unit_price;
    if (asked === undefined || asked === today) {
      if (today === undefined)
        throw invalidField(field, `${product.name} has no stock to take today's price from: enter a price.`);
      prices.push(today);
      continue;
    }
    if (!may.priceEdit)
      throw new AppError(
        'forbidden',
        `Quoting ${product.name} at another price than today's (UGX ${formatMoney(today ?? 0)}) needs the Quotation Price Edit permission.`,
      );
    const cost = batch ? unitPrice(batch.unit_price, line.factor) : 0;
    if (asked < cost && !may.belowCost)
      throw invalidField(
        field,
        `UGX ${formatMoney(asked)} is below the cost of ${product.name}, UGX ${formatMoney(cost)}.`,
      );
    prices.push(asked);
  }
  return prices;
}
