import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_FILES, ADMIN_NAMES_FILES, DEFAULT_ADMIN_DIR } from '../seed/admin-data';
import { DEMO_PEOPLE } from '../seed/demo-content';
import { loadSamples } from '../seed/samples';
import { migrations as knownMigrations } from './migrations/index';

/**
 * The prepared databases shipped in bot/dist: initdb, every migration and Ethiopia's admin areas
 * (`admin`), and the same plus the demo content (`demo`), done once at build time (bot/build.mjs)
 * instead of on every first start (initdb alone is 3–7 s on a small machine, the demo content
 * 0.3–1.3 s). Nothing per-install is in them: secrets live in DATA_DIR/secrets.json, generated at
 * first start; no user, session or idempotency key exists at build time. The demo rows' created_at
 * is the build's time, not the first start's.
 */
export const SNAPSHOT_VARIANTS = ['demo', 'admin'] as const;
export type SnapshotVariant = (typeof SNAPSHOT_VARIANTS)[number];
export const snapshotFile = (v: SnapshotVariant) => `pglite-${v}.tar.gz`;
export const snapshotMetaFile = (v: SnapshotVariant) => `pglite-${v}.json`;

/** Bump when what a snapshot holds changes in a way its keys below cannot tell. */
export const SNAPSHOT_FORMAT = 1;

export interface SnapshotMeta {
  format: number;
  variant: SnapshotVariant;
  /** Hash of the admin CSV files imported into it (the names files included). */
  adminKey: string;
  /** Hash of the demo content in it (the sample files and the demo's people); null in the admin-only variant. */
  demoKey: string | null;
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

export const demoKey = async (samplesDir?: URL | string) =>
  sha(`${(await loadSamples(samplesDir)).key}:${JSON.stringify(DEMO_PEOPLE)}`);

/** Hash of the admin files' contents (not their mtimes: a Docker copy changes those). */
export async function adminKey(dir: URL | string = DEFAULT_ADMIN_DIR): Promise<string> {
  const base = typeof dir === 'string' ? dir : fileURLToPath(dir);
  const hash = createHash('sha256');
  for (const file of [...Object.values(ADMIN_FILES), ...Object.values(ADMIN_NAMES_FILES)])
    hash.update(await readFile(join(base, file)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Where the shipped snapshots are: next to the bundle (this module is inlined into a chunk of
 * bot/dist, built with that very code). Running from source (tsx, the e2e harness, tests) there is
 * none: bot/dist as last built may hold rows an older seed wrote, which its keys cannot tell.
 */
export const SNAPSHOT_DIRS: readonly string[] = import.meta.url.endsWith('.ts')
  ? []
  : [fileURLToPath(new URL('./', import.meta.url))];

export interface CodeKeys {
  adminKey: string;
  demoKey: string;
  migrations: ReturnType<typeof migrationPrints>;
}

/**
 * Why a snapshot cannot stand in for the slow path, or undefined when it can. It may be older than
 * the code (fewer migrations: migrate() adds the rest) but never disagree with it: a migration it
 * holds must be the code's very SQL, its admin areas and demo content the shipped ones.
 */
export function snapshotMismatch(meta: SnapshotMeta, code: CodeKeys): string | undefined {
  if (meta.format !== SNAPSHOT_FORMAT) return `format ${meta.format}, expected ${SNAPSHOT_FORMAT}`;
  if (meta.adminKey !== code.adminKey) return 'admin areas differ from the shipped files';
  if (meta.demoKey !== null && meta.demoKey !== code.demoKey) return 'demo content differs from the code';
  for (const m of meta.migrations) {
    const mine = code.migrations.find((c) => c.version === m.version);
    if (!mine) return `migration ${m.version} is unknown to this code`;
    if (mine.sql !== m.sql || mine.name !== m.name) return `migration ${m.version} differs from this code's`;
  }
  return undefined;
}

/**
 * The first usable snapshot in `dirs`: with the demo content when `demoData` (else admin areas
 * only, seed() adding the demo content as on any first start); `reject` hears why a present one
 * was passed over.
 */
export async function findSnapshot(
  dirs: readonly string[],
  options: { demoData: boolean; reject?: (file: string, why: string) => void },
): Promise<Snapshot | undefined> {
  const variants = SNAPSHOT_VARIANTS.filter((v) => options.demoData || v !== 'demo');
  let code: CodeKeys | undefined;
  for (const dir of dirs)
    for (const variant of variants) {
      const file = join(dir, snapshotFile(variant));
      const metaFile = join(dir, snapshotMetaFile(variant));
      if (!existsSync(file) || !existsSync(metaFile)) continue;
      let meta: SnapshotMeta;
      try {
        meta = JSON.parse(await readFile(metaFile, 'utf8')) as SnapshotMeta;
      } catch {
        options.reject?.(file, `${snapshotMetaFile(variant)} is not valid JSON`);
        continue;
      }
      code ??= {
        adminKey: await adminKey(),
        demoKey: await demoKey(),
        migrations: migrationPrints(knownMigrations),
      };
      const why = meta.variant === variant ? snapshotMismatch(meta, code) : `holds ${meta.variant}`;
      if (why) options.reject?.(file, why);
      else return { file, meta };
    }
  return undefined;
}
