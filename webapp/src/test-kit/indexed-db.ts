import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { vi } from 'vitest';
import { closeForTests } from '../lib/offline-cache/store';

/**
 * An empty in-memory IndexedDB (fake-indexeddb) for this test: the offline cache and the drafts
 * start with nothing kept, whatever an earlier test kept.
 */
export async function freshIndexedDb(): Promise<void> {
  await closeForTests();
  vi.stubGlobal('indexedDB', new IDBFactory());
}
