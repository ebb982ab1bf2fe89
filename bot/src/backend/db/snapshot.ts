import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_FILES, DEFAULT_ADMIN_DIR } from '../seed/admin-data';
import { migrations as knownMigrations } from './migrations/index';

/**
 * The prepared database shipped in bot/dist: initdb, every migration and Ethiopia's admin areas,
 * done once at build time (bot/build.mjs) instead of on every first start (initdb alone is 3–7 s
 * on a small machine). Demo content is not in it: it is 0.1 s to insert, its timestamps should
 * be the first start's, and DEMO_DATA=false must get none. Nothing per-install is in it either:
 * secrets live in DATA_DIR/secrets.json, generated at first start.
 */
export const SNAPSHOT_FILE = 'pglite-snapshot.tar.gz';
export const SNAPSHOT_META = 'pglite-snapshot.json';

/** Bump when what the snapshot holds changes in a way its migrations and admin key cannot tell. */
export const SNAPSHOT_FORMAT = 1;

export interface SnapshotMeta {
  format: number;
  /** Hash of the admin CSV files imported into it. */
  adminKey: string;
  /** The migrations applied in it, each with a hash of its SQL. */
  migrations: Array<{ version: number; name: string; sql: string }>;
  bytes: number;
}

export interface Snapshot {
  file: string;
  meta: SnapshotMeta;
}

const sha = (text: string | Buffer) => createHash('sha256').update(text).digest('hex').slice(0, 16);

export const migrationPrints = (list: ReadonlyArray<{ version: number; name: string; sql: string }>) =>
  list.map((m) => ({ version: m.version, name: m.name, sql: sha(m.sql) }));

/** Hash of the admin files' contents (not their mtimes: a Docker copy changes those). */
export async function adminKey(dir: URL | string = DEFAULT_ADMIN_DIR): Promise<string> {
  const base = typeof dir === 'string' ? dir : fileURLToPath(dir);
  const hash = createHash('sha256');
  for (const file of Object.values(ADMIN_FILES)) hash.update(await readFile(join(base, file)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Where a shipped snapshot is: next to the bundle (this module is inlined into a chunk of
 * bot/dist), or, running from source (tsx, the e2e harness, tests), in bot/dist as last built.
 */
export const SNAPSHOT_DIRS = [
  fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../../../dist/' : './', import.meta.url)),
];

/**
 * Why a snapshot cannot stand in for the slow path, or undefined when it can. It may be older than
 * the code (fewer migrations: migrate() adds the rest) but never disagree with it: a migration it
 * holds must be the code's very SQL, and its admin areas the shipped files.
 */
export function snapshotMismatch(
  meta: SnapshotMeta,
  code: { adminKey: string; migrations: ReturnType<typeof migrationPrints> },
): string | undefined {
  if (meta.format !== SNAPSHOT_FORMAT) return `format ${meta.format}, expected ${SNAPSHOT_FORMAT}`;
  if (meta.adminKey !== code.adminKey) return 'admin areas differ from the shipped files';
  for (const m of meta.migrations) {
    const mine = code.migrations.find((c) => c.version === m.version);
    if (!mine) return `migration ${m.version} is unknown to this code`;
    if (mine.sql !== m.sql || mine.name !== m.name) return `migration ${m.version} differs from this code's`;
  }
  return undefined;
}

/** The first usable snapshot in `dirs`; `reject` hears why a present one was passed over. */
export async function findSnapshot(
  dirs: readonly string[] = SNAPSHOT_DIRS,
  reject: (file: string, why: string) => void = () => {},
): Promise<Snapshot | undefined> {
  for (const dir of dirs) {
    const file = join(dir, SNAPSHOT_FILE);
    const metaFile = join(dir, SNAPSHOT_META);
    if (!existsSync(file) || !existsSync(metaFile)) continue;
    let meta: SnapshotMeta;
    try {
      meta = JSON.parse(await readFile(metaFile, 'utf8')) as SnapshotMeta;
    } catch {
      reject(file, `${SNAPSHOT_META} is not valid JSON`);
      continue;
    }
    const why = snapshotMismatch(meta, {
      adminKey: await adminKey(),
      migrations: migrationPrints(knownMigrations),
    });
    if (why) reject(file, why);
    else return { file, meta };
  }
  return undefined;
}
