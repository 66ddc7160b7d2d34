import { type PosSaleUnit, type PosSnapshotBatch, toBaseQuantity, unitPrice } from '@duka/shared';
import { fetchLocalCopy } from './catalogue-fetch.ts';
import { type CatalogueRecord, type CopyStamp, copyIn, localDb } from './local-db.ts';
import { counts as outboxCounts } from './outbox.ts';

// The till's local copy: every batch with stock, with names, prices, balances and codes, kept in IndexedDB
// so the POS can search and sell while the connection is down. Refreshed from GET /possnapshot while online.

export const REFRESH_EVERY_MS = 3 * 60_000;

/** What a copy's stamp says of when it was taken. */
export type CopyTime = Omit<CopyStamp, 'id'>;

export async function readCatalogue(): Promise<CatalogueRecord | undefined> {
  return copyIn(await (await localDb()).get('catalogue', 'current'));
}

/**
 * When the copy was taken, read from its stamp: a few bytes instead of the whole copy. A copy stored before the
 * stamps tells it itself, until the next refresh stores both.
 */
export async function readCopyStamp(): Promise<CopyTime | undefined> {
  const stamp = await (await localDb()).get('catalogue', 'stamp');
  if (stamp) {
    const { id: _id, ...time } = stamp;
    return time;
  }
  const copy = await readCatalogue();
  return copy && { taken_at: copy.taken_at };
}

/** When the copy was taken (ISO). */
export const readCopyTakenAt = async () => (await readCopyStamp())?.taken_at;

// The copy is stored off the page's thread (catalogue-fetch.ts), so what shows its age learns of a new one from here.
const changes = new EventTarget();
const announceChange = () => changes.dispatchEvent(new Event('change'));

/** Calls `listener` each time this page stores a new copy; returns the unsubscribe function. */
export function onCatalogueChange(listener: () => void): () => void {
  changes.addEventListener('change', listener);
  return () => changes.removeEventListener('change', listener);
}

/**
 * Fetches a fresh copy and stores it. Skipped while sales wait in the outbox: the server's balances do not count
 * them yet, and the local copy (already lowered by them) is the truer one until they are sent. Sales the server
 * refused for good do not hold it back: the server will never count them.
 */
export async function refreshCatalogue(): Promise<'refreshed' | 'skipped'> {
  if ((await outboxCounts()).waiting > 0) return 'skipped';
  await fetchLocalCopy();
  announceChange();
  return 'refreshed';
}

const fold = (s: string | null) => (s ?? '').toLowerCase();

/**
 * Case-insensitive search over product name, brand, barcode, SKU and batch number, for the POS offline. Exact codes
 * first, then names starting with the text, then any other match; oldest stock first within a product.
 */
export async function searchCatalogue(text: string, limit = 20): Promise<PosSnapshotBatch[]> {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  const catalogue = await readCatalogue();
  if (!catalogue) return [];
  const scored: [number, PosSnapshotBatch][] = [];
  for (const batch of catalogue.batches) {
    if (batch.balance <= 0) continue;
    const codes = [fold(batch.barcode), fold(batch.sku), fold(batch.batch_number)];
    const name = fold(batch.product_name);
    const brand = fold(batch.brand_name);
    let score = 0;
    if (codes.includes(q)) score = 4;
    else if (name.startsWith(q)) score = 3;
    else if (codes.some((code) => code.startsWith(q))) score = 2;
    else if (name.includes(q) || brand.includes(q)) score = 1;
    if (score) scored.push([score, batch]);
  }
  scored.sort(
    ([a, x], [b, y]) =>
      b - a || x.product_name.localeCompare(y.product_name) || x.stock_date.localeCompare(y.stock_date),
  );
  return scored.slice(0, limit).map(([, batch]) => batch);
}

/**
 * The units a batch of the copy may be sold in, the base first, each priced from the batch's price per base unit as
 * the server prices them (unitPrice), so a hit from the copy reads as the server's.
 */
export function unitsInCopy(catalogue: CatalogueRecord, batch: PosSnapshotBatch): PosSaleUnit[] {
  const base: PosSaleUnit = {
    id: batch.measurement_id,
    name: batch.measurement_name,
    plural: batch.measurement_plural ?? null,
    factor: 1,
    bulk_discount_percent: 0,
    price: batch.sale_price,
  };
  const ofProduct = (catalogue.units ?? []).filter((u) => u.product_id === batch.product_id);
  // A batch counted in one of the other units (received before they were declared) sells in its own unit only.
  if (ofProduct.some((u) => u.measurement_id === batch.measurement_id)) return [base];
  const others = ofProduct
    .sort((a, b) => a.factor - b.factor || a.name.localeCompare(b.name))
    .map((u) => ({
      id: u.measurement_id,
      name: u.name,
      plural: u.plural,
      factor: u.factor,
      bulk_discount_percent: u.bulk_discount_percent,
      price: unitPrice(batch.sale_price, u.factor, u.bulk_discount_percent),
    }));
  return [base, ...others];
}

/**
 * An offline sale's line (or a sale the server took): the batch's local balance goes down by the line's base units
 * (never below 0), so the cashier sees what is left. `measurementId` is the unit the line was sold in; its factor
 * comes from the copy's units (the batch's own unit: 1). Returns the new balance, or undefined when the batch is not
 * in the copy.
 */
export async function decrementBalance(
  batchNumber: string,
  quantity: number,
  measurementId?: number,
): Promise<number | undefined> {
  const db = await localDb();
  const tx = db.transaction('catalogue', 'readwrite');
  const catalogue = copyIn(await tx.store.get('current'));
  const batch = catalogue?.batches.find((b) => b.batch_number === batchNumber);
  if (!catalogue || !batch) {
    await tx.done;
    return undefined;
  }
  const unit =
    measurementId === undefined || measurementId === batch.measurement_id
      ? undefined
      : catalogue.units?.find((u) => u.product_id === batch.product_id && u.measurement_id === measurementId);
  const taken = toBaseQuantity(quantity, unit?.factor ?? 1) ?? quantity * (unit?.factor ?? 1);
  // Quantities keep 3 decimals, as on the server.
  batch.balance = Math.max(0, Math.round((batch.balance - taken) * 1000) / 1000);
  await tx.store.put(catalogue);
  await tx.done;
  return batch.balance;
}

/**
 * Calls `run` once the page has loaded and the browser is idle (at the latest `timeout` ms after load). Returns the
 * cancel function.
 */
function afterLoadWhenIdle(run: () => void, timeout = 2_000): () => void {
  let cancel = () => {};
  const schedule = () => {
    if ('requestIdleCallback' in window) {
      const id = requestIdleCallback(run, { timeout });
      cancel = () => cancelIdleCallback(id);
    } else {
      const id = setTimeout(run, 500);
      cancel = () => clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') schedule();
  else {
    window.addEventListener('load', schedule, { once: true });
    cancel = () => window.removeEventListener('load', schedule);
  }
  return () => cancel();
}

/**
 * Keeps the copy fresh while the app is open and online: soon after the page opens, every few minutes and when the
 * connection comes back. A failed refresh keeps the last copy. Returns the stop function. The first refresh waits
 * until the page has loaded and the browser is idle: /possnapshot is megabytes on a big shop, and fetched
 * at once it took the phone's bandwidth and the main thread's time from the screen being opened.
 */
export function startCatalogueRefresh(every = REFRESH_EVERY_MS): () => void {
  let running = false;
  const run = async () => {
    if (running || !navigator.onLine) return;
    running = true;
    try {
      await refreshCatalogue();
    } catch {
      // Offline or the server is restarting: the copy stays as it was, and says how old it is.
    } finally {
      running = false;
    }
  };
  const cancelFirst = afterLoadWhenIdle(() => void run());
  const timer = setInterval(run, every);
  window.addEventListener('online', run);
  return () => {
    cancelFirst();
    clearInterval(timer);
    window.removeEventListener('online', run);
  };
}
