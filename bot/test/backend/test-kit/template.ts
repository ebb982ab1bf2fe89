import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrations } from '../../../src/backend/db/migrations/index';
import { demoKey } from '../../../src/backend/db/snapshot';
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

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a PGlite data dir dump (tar), migrated and seeded with admin + demo data. */
    backendPgliteTemplate: string;
    /** PostgreSQL: server URL and the template database name, when TEST_DATABASE_URL is set. */
    backendPgTemplate: { url: string; database: string } | null;
  }
}
