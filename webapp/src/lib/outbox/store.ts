import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { OutboxRecord } from './record';

/**
 * The outbox's IndexedDB store (README.md "Decisions": `idb`): one object store of records
 * keyed by their idempotency key. IndexedDB outlives a closed app and a restarted phone; every
 * change is one transaction, so a crash mid-sync leaves each record either before or after.
 */
interface OutboxDb extends DBSchema {
  records: { key: string; value: OutboxRecord };
}

export const OUTBOX_DB = 'gebere-outbox';

export interface RecordStore {
  all(): Promise<OutboxRecord[]>;
  get(key: string): Promise<OutboxRecord | undefined>;
  put(record: OutboxRecord): Promise<void>;
  /**
   * Changes a record only if it is still there (a record dropped meanwhile stays dropped) and
   * `change` gives a new one (undefined: left as it is).
   */
  update(
    key: string,
    change: (record: OutboxRecord) => OutboxRecord | undefined,
  ): Promise<OutboxRecord | undefined>;
  delete(key: string): Promise<void>;
}

/**
 * The store, and whether it was created by this open (`fresh`): a first open on this phone, or
 * one after the WebView's storage was cleared, when records kept elsewhere (Telegram's
 * DeviceStorage, mirror.ts) are brought back.
 */
export async function openRecordStore(name = OUTBOX_DB): Promise<RecordStore & { fresh: boolean }> {
  let fresh = false;
  const db: IDBPDatabase<OutboxDb> = await openDB<OutboxDb>(name, 1, {
    upgrade(database, oldVersion) {
      fresh = oldVersion === 0;
      database.createObjectStore('records', { keyPath: 'key' });
    },
  });
  return {
    fresh,
    all: async () => (await db.getAll('records')).sort((a, b) => a.seq - b.seq),
    get: (key) => db.get('records', key),
    put: async (record) => {
      await db.put('records', record);
    },
    update: async (key, change) => {
      const tx = db.transaction('records', 'readwrite');
      const current = await tx.store.get(key);
      const next = current ? change(current) : undefined;
      if (next) await tx.store.put(next);
      await tx.done;
      return next;
    },
    delete: (key) => db.delete('records', key),
  };
}
