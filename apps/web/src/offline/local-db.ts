import type { PosSnapshotBatch } from '@duka/shared';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { OutboxSale } from './outbox.ts';

// The browser's own database for working offline: the outbox of sales not yet confirmed by the server
// and the till's local copy of what it sells. It outlives a reload, a crashed tab and a closed laptop.

export interface CatalogueRecord {
  id: 'current';
  /** When the server read it (ISO), as the POS shows the copy's age. */
  taken_at: string;
  batches: PosSnapshotBatch[];
}

interface OfflineSchema extends DBSchema {
  outbox: { key: string; value: OutboxSale; indexes: { by_order: [string, number] } };
  catalogue: { key: 'current'; value: CatalogueRecord };
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
