import { localDb, type OutboxSale } from './local-db.ts';

export type { OutboxSale } from './local-db.ts';

// The outbox: sales made while the till was offline, kept in IndexedDB until the server has confirmed each
// one. Each carries its idempotency key, so sending it again never makes a second sale; the cashier it belongs to, so
// it is never sent under another user's name. The POS fills it and sends it; the shell's indicator counts it.

/** The sales still to be sent, and those the server refused for good. */
export interface OutboxCounts {
  waiting: number;
  refused: number;
}

type Listener = (counts: OutboxCounts) => void;
const listeners = new Set<Listener>();
// Other tabs of the app hear of every change too, so each indicator counts the same outbox.
const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('duka-outbox');
channel?.addEventListener('message', () => void notify(false));

async function notify(broadcast = true) {
  const n = await counts();
  for (const listener of listeners) listener(n);
  if (broadcast) channel?.postMessage('changed');
}

/** Stores a sale; storing the same key again keeps the first (a double click must not queue it twice). */
export async function add<Payload>(sale: Omit<OutboxSale<Payload>, 'seq'>): Promise<void> {
  const db = await localDb();
  const tx = db.transaction('outbox', 'readwrite');
  if (!(await tx.store.get(sale.key))) await tx.store.add({ ...sale, seq: Date.now() + Math.random() });
  await tx.done;
  await notify();
}

/** Every waiting sale, oldest first: the order they must be sent in. */
export async function list<Payload = unknown>(): Promise<OutboxSale<Payload>[]> {
  const db = await localDb();
  return (await db.getAllFromIndex('outbox', 'by_order')) as OutboxSale<Payload>[];
}

/** Keeps a sale the server refused for good, with its reason, out of the sending until the cashier decides. */
export async function markRefused(key: string, reason: string): Promise<void> {
  await update(key, (sale) => ({ ...sale, refused: { reason, at: new Date().toISOString() } }));
}

/** Puts a refused sale back in the sending (the cashier asks to try again, e.g. once a permission is restored). */
export async function clearRefusal(key: string): Promise<void> {
  await update(key, ({ refused: _refused, ...sale }) => sale);
}

async function update(key: string, change: (sale: OutboxSale) => OutboxSale) {
  const db = await localDb();
  const tx = db.transaction('outbox', 'readwrite');
  const sale = await tx.store.get(key);
  if (sale) await tx.store.put(change(sale));
  await tx.done;
  await notify();
}

/** Takes a sale out once the server has confirmed it, or once the cashier discards a refused one. */
export async function remove(key: string): Promise<void> {
  const db = await localDb();
  await db.delete('outbox', key);
  await notify();
}

/** Every sale in the outbox, refused ones included: none may be left behind by signing out. */
export async function count(): Promise<number> {
  const db = await localDb();
  return db.count('outbox');
}

export async function counts(): Promise<OutboxCounts> {
  const refused = (await list()).filter((s) => s.refused).length;
  return { waiting: (await count()) - refused, refused };
}

/** Calls `listener` with the counts now and after every change (in this tab or another); returns the unsubscribe. */
export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  void counts().then((n) => listeners.has(listener) && listener(n));
  return () => {
    listeners.delete(listener);
  };
}
