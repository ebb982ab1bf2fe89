import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { type DirLock, lockDataDir } from './dir-lock';
import { type Log, silentLog } from './log';
import type { Snapshot } from './snapshot';
import { unpackInto } from './snapshot-unpack';
import type { Db, Queryable } from './types';

const wrap = (q: PGlite | Transaction): Queryable => ({
  async query<T>(sql: string, params?: readonly unknown[]) {
    const r = await q.query<T>(sql, params as unknown[] | undefined);
    return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
  },
  async exec(sql: string) {
    await q.exec(sql);
  },
});

/** Wraps an open PGlite (tests hand in one loaded from a template); `lock` is released on close. */
export function pgliteDb(pg: PGlite, lock?: DirLock): Db {
  const base = wrap(pg);
  return {
    kind: 'pglite',
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: async () => {
      try {
        if (!pg.closed) await pg.close();
      } finally {
        lock?.release();
      }
    },
    async dumpDataDir() {
      // Written pages on disk first, so the copy needs no WAL replay to be current.
      await pg.exec('checkpoint');
      return pg.dumpDataDir('gzip');
    },
  };
}

export interface OpenPgliteOptions {
  /** A prepared database to start from when `dir` is empty (db/snapshot.ts). */
  snapshot?: Snapshot | undefined;
  log?: Log;
}

/** No PGlite database in `dir` yet (a first start). */
export const isEmpty = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * PGlite with its files under `dir`. An empty `dir` starts from the snapshot when one is given
 * (~1 s), else runs initdb (3–7 s); callers run migrate() and seed() either way, so a snapshot
 * older than the code gets the newer migrations, and the demo content comes as on a first start.
 */
export async function openPglite(dir: string, options: OpenPgliteOptions = {}): Promise<Db> {
  const log = options.log ?? silentLog;
  // One process per data directory, before anything touches it (throws DataDirLockedError).
  await mkdir(dirname(dir), { recursive: true });
  const lock = lockDataDir(dir, (stale) =>
    log.warn({ stale, lock: `${dir}.lock` }, 'taking over the lock of a process that is gone'),
  );
  try {
    // Left by a start killed while unpacking: never a database, only part of the snapshot.
    await rm(`${dir}.loading`, { recursive: true, force: true });
    if (options.snapshot && isEmpty(dir)) {
      const pg = await fromSnapshot(dir, options.snapshot, log);
      if (pg) return pgliteDb(pg, lock);
    }
    await mkdir(dir, { recursive: true });
    const pg = await PGlite.create({ dataDir: dir });
    return pgliteDb(pg, lock);
  } catch (err) {
    lock.release();
    throw err;
  }
}

async function fromSnapshot(dir: string, snapshot: Snapshot, log: Log): Promise<PGlite | undefined> {
  const started = Date.now();
  try {
    const files = await unpackInto(await promisify(gunzip)(await readFile(snapshot.file)), dir);
    const unpacked = Date.now();
    const pg = await PGlite.create({ dataDir: dir });
    log.info(
      { snapshot: snapshot.file, files, unpackMs: unpacked - started, openMs: Date.now() - unpacked },
      'database created from the prepared snapshot',
    );
    return pg;
  } catch (err) {
    // A damaged or incompatible snapshot costs the slow path, never the start. Nothing but the
    // snapshot can be in `dir` yet: no request is served before this returns.
    log.warn(
      { err, snapshot: snapshot.file },
      'prepared database unusable; creating the database with initdb',
    );
    await rm(`${dir}.loading`, { recursive: true, force: true });
    await rm(dir, { recursive: true, force: true });
    return undefined;
  }
}
