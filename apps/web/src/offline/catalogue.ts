import type { PosSnapshotBatch } from '@duka/shared';
import { fetchLocalCopy } from './catalogue-fetch.ts';
import { type CatalogueRecord, localDb } from './local-db.ts';
import { counts as outboxCounts } from './outbox.ts';

// The till's local copy: every batch with stock, with names, prices, balances and codes, kept in IndexedDB
// so the POS can search and sell while the connection is down. Refreshed from GET /possnapshot while online.

export const REFRESH_EVERY_MS = 3 * 60_000;

export async function readCatalogue(): Promise<CatalogueRecord | undefined> {
  return (await localDb()).get('catalogue', 'current');
}

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
 * An offline sale's line: the batch's local balance goes down (never below 0), so the cashier sees what is left.
 * Returns the new balance, or undefined when the batch is not in the copy.
 */
export async function decrementBalance(batchNumber: string, quantity: number): Promise<number | undefined> {
  const db = await localDb();
  const tx = db.transaction('catalogue', 'readwrite');
  const catalogue = await tx.store.get('current');
  const batch = catalogue?.batches.find((b) => b.batch_number === batchNumber);
  if (!catalogue || !batch) {
    await tx.done;
    return undefined;
  }
  // Quantities keep 3 decimals, as on the server.
  batch.balance = Math.max(0, Math.round((batch.balance - quantity) * 1000) / 1000);
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
