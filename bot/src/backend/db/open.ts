import { join } from 'node:path';
import { explainDatabaseError } from './explain';
import { type Log, silentLog } from './log';
import { isEmpty, openPglite } from './pglite';
import { openPostgres } from './postgres';
import { findSnapshot, SNAPSHOT_DIRS } from './snapshot';
import type { Db } from './types';

export interface OpenDatabaseOptions {
  /** DATABASE_URL: PostgreSQL when set, PGlite otherwise. */
  databaseUrl?: string | undefined;
  /** DATA_DIR: PGlite keeps its files in `${dataDir}/pglite`. */
  dataDir: string;
  /** node-postgres pool size. */
  poolSize?: number;
  /**
   * Folders to look for a prepared PGlite database in when `${dataDir}/pglite` is empty (the
   * shipped bot/dist by default); `false` always runs initdb.
   */
  snapshotDirs?: readonly string[] | false;
  /**
   * DEMO_DATA: start from the snapshot with the demo content in it (when there is one). Only the
   * embedded backend asks for it; a database opened for sessions alone gets the admin areas only.
   */
  demoData?: boolean;
  log?: Log;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Db> {
  if (options.databaseUrl) {
    const db = openPostgres({
      connectionString: options.databaseUrl,
      ...(options.poolSize ? { max: options.poolSize } : {}),
    });
    // Fail at start, not on the first request, when the server is unreachable, saying what to fix.
    try {
      await db.query('select 1');
    } catch (err) {
      await db.close().catch(() => {});
      throw explainDatabaseError(err, options.databaseUrl) ?? err;
    }
    return db;
  }
  const log = options.log ?? silentLog;
  const dir = join(options.dataDir, 'pglite');
  const dirs = options.snapshotDirs ?? SNAPSHOT_DIRS;
  // Looked for on a first start only: a restart never reads the snapshot or hashes admin files.
  const snapshot =
    isEmpty(dir) && dirs !== false
      ? await findSnapshot(dirs, {
          demoData: options.demoData ?? false,
          reject: (file, why) => log.warn({ snapshot: file, why }, 'prepared database not used'),
        })
      : undefined;
  return openPglite(dir, { snapshot, log });
}
