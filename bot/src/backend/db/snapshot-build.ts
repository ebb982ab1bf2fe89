import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { DEFAULT_ADMIN_DIR } from '../seed/admin-data';
import { migrate } from './migrate';
import { migrations as allMigrations } from './migrations/index';
import { pgliteDb } from './pglite';
import { seed } from './seed';
import {
  adminKey,
  migrationPrints,
  SNAPSHOT_FILE,
  SNAPSHOT_FORMAT,
  SNAPSHOT_META,
  type SnapshotMeta,
} from './snapshot';

export interface BuildSnapshotOptions {
  /** Where the admin CSV files are; the shipped copy by default. */
  adminDir?: URL | string;
  /** Migrations to apply; all by default (tests build an older snapshot with fewer). */
  migrations?: typeof allMigrations;
}

/**
 * Builds the prepared database into `outDir` (SNAPSHOT_FILE + SNAPSHOT_META), exactly as a first
 * start would before its demo content: initdb, migrate(), seed() without demo data. Run by
 * bot/build.mjs (bundled on the fly) and by the tests that compare it with the slow path.
 */
export async function buildSnapshot(
  outDir: string,
  options: BuildSnapshotOptions = {},
): Promise<SnapshotMeta> {
  const list = options.migrations ?? allMigrations;
  const adminDir = options.adminDir ?? DEFAULT_ADMIN_DIR;
  // In memory: nothing to clean up, and the dump is the same tar a data dir would give.
  const pg = await PGlite.create();
  const db = pgliteDb(pg);
  let tar: Buffer;
  try {
    await migrate(db, undefined, list);
    await seed(db, { demoData: false, adminDir });
    // A checkpoint without recycling leaves one WAL segment instead of two: 44 MB to unpack at
    // first start instead of 60. A session setting, so postgresql.conf stays initdb's.
    await pg.exec('set wal_recycle = off; checkpoint;');
    tar = Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer());
  } finally {
    await db.close();
  }
  // gzip: 44 MB → 4 MB in the image; Node's zlib unpacks it in ~0.1 s.
  const packed = await promisify(gzip)(tar, { level: 6 });
  const meta: SnapshotMeta = {
    format: SNAPSHOT_FORMAT,
    adminKey: await adminKey(adminDir),
    migrations: migrationPrints(list),
    bytes: tar.length,
  };
  // Write-then-rename, data before its description: a reader never sees a meta without its file.
  const file = join(outDir, SNAPSHOT_FILE);
  const metaFile = join(outDir, SNAPSHOT_META);
  await writeFile(`${file}.part`, packed);
  await rename(`${file}.part`, file);
  await writeFile(`${metaFile}.part`, `${JSON.stringify(meta, null, 2)}\n`);
  await rename(`${metaFile}.part`, metaFile);
  return meta;
}
