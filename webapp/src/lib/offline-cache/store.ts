import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { launchUser } from '../launch/launch-user';

/**
 * Where read-through.ts keeps answers: IndexedDB (through `idb`, ~1 KB), one database for the
 * app. What is kept is private (farmers' names and phones), so it belongs to one Telegram user:
 * opened for another user (a shared phone), everything is dropped first (docs/authorization.md
 * "Offline data on the phone"). A new build drops it too (the answers' shapes may have changed),
 * as does a new {@link SCHEMA} (the database's version). Bounded: at most {@link MAX_ENTRIES}
 * answers, the least recently fetched going first; an answer larger than {@link MAX_ENTRY_CHARS}
 * or older than {@link MAX_AGE_MS} is not used. Every function fails quietly (rejects): the
 * caller goes on without the cache.
 */

export const SCHEMA = 1;
export const MAX_ENTRIES = 400;
export const MAX_ENTRY_CHARS = 500_000;
export const MAX_AGE_MS = 30 * 24 * 3600 * 1000;
const DB_NAME = 'gebere-cache';

interface Kept {
  key: string;
  at: number;
  data: unknown;
}

interface CacheDb extends DBSchema {
  reads: { key: string; value: Kept; indexes: { at: number } };
  meta: { key: 'owner'; value: { user: string; build: string } };
}

/**
 * This build: the entry script's URL, whose content hash changes with any chunk it imports (the
 * whole app); 'dev' without one (the dev server, tests).
 */
function build(): string {
  const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/index-"]');
  return entry?.src ?? 'dev';
}

let opening: { owner: string; db: Promise<IDBPDatabase<CacheDb>> } | undefined;

async function openFor(owner: string): Promise<IDBPDatabase<CacheDb>> {
  const db = await openDB<CacheDb>(DB_NAME, SCHEMA, {
    upgrade(database) {
      // A new schema: whatever the old one kept goes.
      for (const name of [...database.objectStoreNames]) database.deleteObjectStore(name);
      database.createObjectStore('reads', { keyPath: 'key' }).createIndex('at', 'at');
      database.createObjectStore('meta');
    },
  });
  const tx = db.transaction(['reads', 'meta'], 'readwrite');
  const meta = await tx.objectStore('meta').get('owner');
  const current = { user: owner, build: build() };
  if (meta?.user !== current.user || meta.build !== current.build) {
    await tx.objectStore('reads').clear();
    await tx.objectStore('meta').put(current, 'owner');
  }
  await tx.done;
  return db;
}

/** The database, emptied first if it held another user's or another build's data. */
function database(): Promise<IDBPDatabase<CacheDb>> {
  const owner = launchUser();
  if (owner === undefined) return Promise.reject(new Error('no user: nothing is kept'));
  if (opening?.owner !== owner) {
    const db = openFor(owner);
    opening = { owner, db };
    db.catch(() => {
      if (opening?.db === db) opening = undefined;
    });
  }
  return opening.db;
}

const keyOf = (key: readonly unknown[]) => JSON.stringify(key);

/** Keeps `data` as the answer for `key`, fetched now. */
export async function keep(key: readonly unknown[], data: unknown, now = Date.now()): Promise<void> {
  if (JSON.stringify(data).length > MAX_ENTRY_CHARS) return;
  const db = await database();
  const tx = db.transaction('reads', 'readwrite');
  const reads = tx.objectStore('reads');
  await reads.put({ key: keyOf(key), at: now, data });
  let extra = (await reads.count()) - MAX_ENTRIES;
  if (extra > 0) {
    let cursor = await reads.index('at').openCursor();
    while (cursor && extra-- > 0) {
      await cursor.delete();
      cursor = await cursor.continue();
    }
  }
  await tx.done;
}

/** The answer kept for `key` and when it was fetched, unless there is none or it is too old. */
export async function kept(
  key: readonly unknown[],
  now = Date.now(),
): Promise<{ at: number; data: unknown } | undefined> {
  const db = await database();
  const found = await db.get('reads', keyOf(key));
  if (!found || now - found.at > MAX_AGE_MS) return undefined;
  return { at: found.at, data: found.data };
}

/** Drops the answer kept for `key` (the server refused it). */
export async function forget(key: readonly unknown[]): Promise<void> {
  const db = await database();
  await db.delete('reads', keyOf(key));
}

/** Tests only: forget the open database (a new user or build is then checked again). */
export async function closeForTests(): Promise<void> {
  const db = await opening?.db.catch(() => undefined);
  db?.close();
  opening = undefined;
}
