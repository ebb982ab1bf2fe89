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
  demoKey,
  migrationPrints,
  SNAPSHOT_FORMAT,
  type SnapshotMeta,
  type SnapshotVariant,
  snapshotFile,
  snapshotMetaFile,
} from './snapshot';

export interface BuildSnapshotOptions {
  /** Where the admin CSV files are; the shipped copy by default. */
  adminDir?: URL | string;
  /** Where the sample import files are; the shipped copy by default. */
  samplesDir?: URL | string;
  /** Migrations to apply; all by default (tests build an older snapshot with fewer). */
  migrations?: typeof allMigrations;
}

/**
 * Builds the prepared databases into `outDir` exactly as a first start would: initdb, migrate(),
 * seed() without demo data → `admin`; then seed() with it → `demo`. Run by bot/build.mjs (bundled
 * on the fly) and by the tests that compare a start from them with the slow path.
 */
export async function buildSnapshots(
  outDir: string,
  options: BuildSnapshotOptions = {},
): Promise<SnapshotMeta[]> {
  const list = options.migrations ?? allMigrations;
  const adminDir = options.adminDir ?? DEFAULT_ADMIN_DIR;
  const keys = { adminKey: await adminKey(adminDir), migrations: migrationPrints(list) };
  const { samplesDir } = options;
  const demo = await demoKey(samplesDir);
  // In memory: nothing to clean up, and the dump is the same tar a data dir would give.
  const pg = await PGlite.create();
  const db = pgliteDb(pg);
  const written: SnapshotMeta[] = [];
  const dump = async (variant: SnapshotVariant) => {
    // A checkpoint without recycling leaves one WAL segment instead of two (44 MB to unpack at
    // first start instead of 60), and sequences as they are rather than 32 ahead as after a
    // crash. A session setting: postgresql.conf stays initdb's.
    await pg.exec('set wal_recycle = off; checkpoint;');
    const tar = Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer());
    const meta: SnapshotMeta = {
      format: SNAPSHOT_FORMAT,
      variant,
      ...keys,
      demoKey: variant === 'demo' ? demo : null,
      bytes: tar.length,
    };
    // gzip: 44 MB → 4 MB in the image; Node's zlib unpacks it in ~0.1 s.
    await writeAtomically(join(outDir, snapshotFile(variant)), await promisify(gzip)(tar, { level: 6 }));
    // Data before its description: a reader never sees a meta without its file.
    await writeAtomically(join(outDir, snapshotMetaFile(variant)), `${JSON.stringify(meta, null, 2)}\n`);
    written.push(meta);
  };
  try {
    await migrate(db, undefined, list);
    await seed(db, { demoData: false, adminDir });
    await dump('admin');
    await seed(db, { demoData: true, adminDir, samplesDir });
    await dump('demo');
  } finally {
    await db.close();
  }
  return written;
}

async function writeAtomically(path: string, data: Buffer | string) {
  await writeFile(`${path}.part`, data);
  await rename(`${path}.part`, path);
}
