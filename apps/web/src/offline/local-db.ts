import type { PosSnapshotBatch, PosSnapshotCustomer } from '@duka/shared';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

// The browser's own database for working offline: the outbox of sales not yet confirmed by the server
// and the till's local copy of what it sells. It outlives a reload, a crashed tab and a closed laptop.

export interface CatalogueRecord {
  id: 'current';
  /** When the server read it (ISO), as the POS shows the copy's age. */
  taken_at: string;
  batches: PosSnapshotBatch[];
  /** The customers it may sell to on account; absent from a copy stored before the debt book. */
  customers?: PosSnapshotCustomer[];
  /** The products' units other than their base, named; absent from a copy stored before units. */
  units?: CopiedUnit[];
}

/**
 * When the copy was taken, stored beside it (key `stamp`) in the same write: what shows the copy's age reads this,
 * not the copy itself, which is megabytes on a big shop and took seconds of a slow till's main thread to read.
 */
export interface CopyStamp {
  id: 'stamp';
  taken_at: string;
  /**
   * The shop's clock at `taken_at` (HH:MM) in the zone `taken_at_zone`, written by the worker that stores the copy:
   * the page shows it without building a date formatter of its own, some 80 ms of a slow till's main thread. Absent
   * from older stamps.
   */
  taken_at_time?: string;
  taken_at_zone?: string;
}

/** A unit of a product other than its base, as the copy keeps it: a line in it takes `factor` base units. */
export interface CopiedUnit {
  product_id: number;
  measurement_id: number;
  name: string;
  plural: string | null;
  factor: number;
  bulk_discount_percent: number;
}

/** A sale in the outbox (outbox.ts), as it is stored. */
export interface OutboxSale<Payload = unknown> {
  /** The sale's idempotency key: the outbox's key too, so one sale is stored once. */
  key: string;
  /** The cashier who made it; only that user's session may send it. */
  user_id: number;
  /** The till's clock when the sale was made (ISO). */
  made_at: string;
  /** Tie-break for sales made within the same millisecond: the order they were stored in. */
  seq: number;
  /** The sale as the server's sale call takes it. */
  payload: Payload;
  /** Set when the server refused the sale for good: it is no longer sent, and waits for the cashier to decide. */
  refused?: { reason: string; at: string };
}

interface OfflineSchema extends DBSchema {
  outbox: { key: string; value: OutboxSale; indexes: { by_order: [string, number] } };
  catalogue: { key: 'current' | 'stamp'; value: CatalogueRecord | CopyStamp };
}

let opening: Promise<IDBPDatabase<OfflineSchema>> | undefined;

export function localDb() {
  opening ??= openDB<OfflineSchema>('duka-offline', 1, {
    upgrade(db) {
      // Sales go out in the order they were made: the till's clock, then the order they were stored in.
      db.createObjectStore('outbox', { keyPath: 'key' }).createIndex('by_order', ['made_at', 'seq']);
      db.createObjectStore('catalogue', { keyPath: 'id' });
    },
  });
  return opening;
}

/** The till's copy itself (`current`), when one was stored. */
export const copyIn = (record: CatalogueRecord | CopyStamp | undefined) =>
  record?.id === 'current' ? record : undefined;
