import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { migrate } from '../../../src/backend/db/migrate';
import { migrations } from '../../../src/backend/db/migrations/index';
import { pgliteDb } from '../../../src/backend/db/pglite';
import { seed } from '../../../src/backend/db/seed';
import { demoKey } from '../../../src/backend/db/snapshot';
import { unpackInto } from '../../../src/backend/db/snapshot-unpack';
import { ADMIN_FILES, ADMIN_NAMES_FILES, DEFAULT_ADMIN_DIR } from '../../../src/backend/seed/admin-data';

const SEED_CODE = [
  '../../../src/backend/db/seed.ts',
  '../../../src/backend/db/seed-admin.ts',
  '../../../src/backend/db/seed-demo.ts',
  '../../../src/backend/db/seed-demo-activity.ts',
  '../../../src/backend/seed/samples.ts',
  '../../../src/backend/csv.ts',
  '../../../src/backend/import/kinds.ts',
  '../../../src/backend/import/run.ts',
  '../../../src/backend/import/upsert.ts',
];

/**
 * A key for the migrated and seeded template: it changes when the schema, the admin files, the
 * demo content (the sample files and the demo's people) or the code that seeds it (the demo seed
 * imports through import/) change, so a stale template is never reused and an unchanged one is
 * built once.
 */
export async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  for (const m of migrations) hash.update(`${m.version}:${m.sql}`);
  hash.update(await demoKey());
  for (const file of SEED_CODE) hash.update(await readFile(new URL(file, import.meta.url)));
  const dir = fileURLToPath(DEFAULT_ADMIN_DIR);
  for (const file of [...Object.values(ADMIN_FILES), ...Object.values(ADMIN_NAMES_FILES)]) {
    const s = await stat(join(dir, file));
    hash.update(`${file}:${s.size}:${s.mtimeMs}`);
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * One PGlite migrated and seeded with the admin areas and the demo, dumped to a file under the
 * OS temp dir that every test loads (~0.5 s, not ~8 s): built once per `templateKey`, by whichever
 * process asks first (written aside, then renamed, so a reader never sees half a file).
 */
export async function pgliteTemplate(): Promise<string> {
  const file = join(tmpdir(), `gebere-backend-template-${await templateKey()}.tar`);
  if (existsSync(file)) return file;
  const pglite = await PGlite.create();
  const db = pgliteDb(pglite);
  await migrate(db);
  await seed(db, { demoData: true });
  const dump = await pglite.dumpDataDir('none');
  await db.close();
  const partial = `${file}.${process.pid}.part`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  return file;
}

/**
 * A product's first start without its first-start cost: `${dataDir}/pglite` holds the template
 * before the server opens it, as a start from bot/dist's prepared database would (the server then
 * migrates and seeds it, which finds nothing to do). The journeys' PGlite products start so.
 */
export async function seededPglite(dataDir: string): Promise<void> {
  await unpackInto(await readFile(await pgliteTemplate()), join(dataDir, 'pglite'));
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a PGlite data dir dump (tar), migrated and seeded with admin + demo data. */
    backendPgliteTemplate: string;
    /** PostgreSQL: server URL and the template database name, when TEST_DATABASE_URL is set. */
    backendPgTemplate: { url: string; database: string } | null;
  }
}
