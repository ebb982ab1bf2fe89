import type { StorageAdapter } from 'grammy';
import type { Db } from '../backend/db/types';

/**
 * grammY session storage in the `bot_sessions` table (key text, value jsonb), so conversation
 * state survives a restart and is shared by every copy of the server on the same database.
 *
 * grammY writes a session back after every update that read it; a write that would store what
 * was just read is skipped, so most updates cost one read and no write.
 */
export function createDbSessionStorage<T>(db: Pick<Db, 'query'>): StorageAdapter<T> {
  // JSON as read per key, until the write-back of the same update.
  const lastRead = new Map<string, string>();
  return {
    async read(key) {
      const r = await db.query<{ value: T }>('select value from bot_sessions where key = $1', [key]);
      const value = r.rows[0]?.value;
      if (lastRead.size > 10_000) lastRead.clear();
      if (value !== undefined) lastRead.set(key, JSON.stringify(value));
      return value;
    },
    async write(key, value) {
      const json = JSON.stringify(value);
      const unchanged = lastRead.get(key) === json;
      lastRead.delete(key);
      if (unchanged) return;
      await db.query(
        `insert into bot_sessions (key, value) values ($1, $2::jsonb)
         on conflict (key) do update set value = excluded.value, updated_at = now()`,
        [key, json],
      );
    },
    async delete(key) {
      lastRead.delete(key);
      await db.query('delete from bot_sessions where key = $1', [key]);
    },
    async has(key) {
      const r = await db.query('select 1 from bot_sessions where key = $1', [key]);
      return r.rows.length > 0;
    },
  };
}

/**
 * The same storage on a database opened on first use (a copy of the server without the embedded
 * backend still keeps sessions in DATABASE_URL or PGlite). `close()` closes it if it was opened.
 */
export function createLazyDbSessionStorage<T>(open: () => Promise<Db>): StorageAdapter<T> & {
  /** Starts opening now (the first update then waits less). */
  open(): Promise<unknown>;
  /** The database, opened on first use (shared with the companion's other stores). */
  db(): Promise<Db>;
  close(): Promise<void>;
} {
  let opening: Promise<Db> | undefined;
  let storage: Promise<StorageAdapter<T>> | undefined;
  const get = () => {
    storage ??= (async () => {
      opening = open();
      return createDbSessionStorage<T>(await opening);
    })();
    // A failed open is retried on the next update rather than remembered.
    storage.catch(() => {
      storage = undefined;
      opening = undefined;
    });
    return storage;
  };
  return {
    read: async (key) => (await get()).read(key),
    write: async (key, value) => (await get()).write(key, value),
    delete: async (key) => (await get()).delete(key),
    open: get,
    async db() {
      await get();
      return opening as Promise<Db>;
    },
    async close() {
      const db = await opening?.catch(() => undefined);
      await db?.close();
    },
  };
}
