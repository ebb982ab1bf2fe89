import { join } from 'node:path';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Db } from './types';

export interface OpenDatabaseOptions {
  /** DATABASE_URL: PostgreSQL when set, PGlite otherwise. */
  databaseUrl?: string | undefined;
  /** DATA_DIR: PGlite keeps its files in `${dataDir}/pglite`. */
  dataDir: string;
  /** node-postgres pool size. */
  poolSize?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Db> {
  if (options.databaseUrl) {
    const db = openPostgres({
      connectionString: options.databaseUrl,
      ...(options.poolSize ? { max: options.poolSize } : {}),
    });
    // Fail at start, not on the first request, when the server is unreachable.
    await db.query('select 1');
    return db;
  }
  return openPglite(join(options.dataDir, 'pglite'));
}
