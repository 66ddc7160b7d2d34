import type { AnswerOf, API, LineBatch, PosBrand, PosSnapshotBatch, PosUnit } from '@duka/shared';
import { readCatalogue } from './catalogue.ts';

// "Choose batch by hand" from the till's local copy, when the server cannot be reached: the same answers as the
// server's product → batch → brand → measurement → price cascade, read from the batches with stock in the copy.

/** A product as the cascade's first step offers it. */
type Choice = AnswerOf<typeof API.sale.productsInStock>['data'][number];

async function batchesWithStock(): Promise<PosSnapshotBatch[]> {
  return ((await readCatalogue())?.batches ?? []).filter((b) => b.balance > 0);
}

const distinct = (choices: Choice[]) =>
  [...new Map(choices.map((c) => [c.id, c])).values()].sort((a, b) => a.name.localeCompare(b.name));

/** The products with stock whose name holds `search` (case-blind), by name, as many as the server lists. */
export async function productsInCopy(search: string, limit = 50): Promise<Choice[]> {
  const q = search.trim().toLowerCase();
  const batches = (await batchesWithStock()).filter((b) => b.product_name.toLowerCase().includes(q));
  return distinct(batches.map((b) => ({ id: b.product_id, name: b.product_name }))).slice(0, limit);
}

/** The product's batches with stock, oldest first (the one to sell first). */
export async function batchesInCopy(productId: number) {
  return (await batchesWithStock())
    .filter((b) => b.product_id === productId)
    .sort((a, b) => a.stock_date.localeCompare(b.stock_date) || a.batch_number.localeCompare(b.batch_number))
    .map((b) => ({ batch_number: b.batch_number, balance: b.balance }));
}

const batchOf = async (batchNumber: string) => (await batchesWithStock()).find((b) => b.batch_number === batchNumber);

/** The brand of the batch (a batch is of one brand). */
export async function brandsInCopy(batchNumber: string): Promise<PosBrand[]> {
  const batch = await batchOf(batchNumber);
  return batch ? [{ id: batch.brand_id, name: batch.brand_name }] : [];
}

/** The measurement of the batch, when it is of that brand. */
export async function measurementsInCopy(brandId: number | null, batchNumber: string): Promise<PosUnit[]> {
  const batch = await batchOf(batchNumber);
  return batch && batch.brand_id === brandId
    ? [{ id: batch.measurement_id, name: batch.measurement_name, plural: batch.measurement_plural ?? null }]
    : [];
}

/** The batch's price and balance when product, brand and measurement are the batch's; else undefined. */
export async function priceInCopy(q: {
  productId: number;
  batchNumber: string;
  brandId: number | null;
  measurementId: number;
}) {
  const batch = await batchOf(q.batchNumber);
  if (!batch || batch.product_id !== q.productId || batch.brand_id !== q.brandId) return undefined;
  if (batch.measurement_id !== q.measurementId) return undefined;
  return { salePrice: batch.sale_price, balance: batch.balance };
}

/** The batches with stock of a cart line's product, brand and unit, oldest first, with their prices. */
export async function lineBatchesInCopy(line: {
  productId: number;
  brandId: number | null;
  measurementId: number;
}): Promise<LineBatch[]> {
  return (await batchesWithStock())
    .filter(
      (b) => b.product_id === line.productId && b.brand_id === line.brandId && b.measurement_id === line.measurementId,
    )
    .sort((a, b) => a.stock_date.localeCompare(b.stock_date))
    .map((b) => ({
      batch_number: b.batch_number,
      sale_price: b.sale_price,
      balance: b.balance,
      stock_date: b.stock_date,
    }));
}
