import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { BackupError, type Counts, databaseCounts, restorePostgres, stamp, withClient } from './backup';
import { migrate } from './migrate';
import { isEmpty, openPglite, pgliteDb } from './pglite';
import { openPostgres } from './postgres';
import type { Db } from './types';

/**
 * `gebere restore-test`: a backup restored into a scratch database beside production's (never
 * production's own), migrated by this version and counted, so the monthly restore test runs on
 * the production machine with the production settings and touches nothing but the scratch copy.
 * No server, bot or notification engine is started: nothing talks to Telegram.
 */

export interface RestoreTest {
  /** The scratch database's name (PostgreSQL) or data directory (PGlite). */
  scratch: string;
  kept: boolean;
  /** Migrations this version applied to the backup (an older backup is brought up to date). */
  migrated: number[];
  counts: Counts;
}

/** A database name beside `production`'s for a restore test (63 bytes at most). */
export function scratchDatabaseName(production: string): string {
  const safe = production
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 24);
  return `${safe}_restore_test_${stamp().toLowerCase().replace(/-/g, '').slice(0, 15)}`;
}

const databaseOf = (url: string) => decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
const sameDatabase = (a: string, b: string) => {
  const [x, y] = [new URL(a), new URL(b)];
  return (
    x.hostname === y.hostname && (x.port || '5432') === (y.port || '5432') && databaseOf(a) === databaseOf(b)
  );
};

/**
 * `gebere restore-test` on PostgreSQL: the backup restored into a scratch database, migrated by
 * this version and counted. The scratch database is a new one beside production's (same server,
 * same role, which needs CREATEDB), dropped afterwards unless `keep`; or `into`, an empty
 * database the operator made for it once (for a role without CREATEDB), emptied afterwards unless
 * `keep`. Production is only read, and never taken for the scratch database.
 */
export async function restoreTestPostgres(
  url: string,
  file: string,
  keep: boolean,
  into?: string,
): Promise<RestoreTest> {
  const production = databaseOf(url) || 'postgres';
  let scratchUrl: string;
  if (into) {
    if (!URL.canParse(into) || !/^postgres(ql)?:$/.test(new URL(into).protocol))
      throw new BackupError('--into takes a PostgreSQL URL (postgres://user:password@host:port/database)');
    if (sameDatabase(into, url))
      throw new BackupError(
        '--into names the production database (DATABASE_URL): give an empty database of its own',
      );
    const tables = await withClient(into, async (c) => {
      const r = await c.query(
        "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
      );
      return Number(r.rows[0]?.n);
    });
    if (tables > 0)
      throw new BackupError(
        `the database --into names is not empty (${tables} tables): give an empty one (a --keep run leaves its ` +
          'copy there: empty it with DROP SCHEMA public CASCADE; CREATE SCHEMA public;)',
      );
    scratchUrl = into;
  } else {
    const name = scratchDatabaseName(production);
    await withClient(url, (c) => c.query(`create database "${name}"`)).catch((err: unknown) => {
      throw new BackupError(
        `could not create the scratch database "${name}" beside "${production}" ` +
          `(${err instanceof Error ? err.message : String(err)}): the role in DATABASE_URL needs CREATEDB ` +
          '(as a superuser: ALTER ROLE <role> CREATEDB;), or make an empty database for the test once ' +
          `(CREATE DATABASE ${production}_restore_test OWNER <role>;) and give it with --into <its URL>`,
      );
    });
    const u = new URL(url);
    u.pathname = `/${name}`;
    scratchUrl = u.toString();
  }
  const scratch = databaseOf(scratchUrl);
  try {
    await restorePostgres(scratchUrl, file, false);
    return await migratedCounts(openPostgres({ connectionString: scratchUrl, max: 1 }), scratch, keep);
  } finally {
    if (!keep && into)
      await withClient(into, (c) =>
        c.query('begin; drop schema public cascade; create schema public; commit'),
      );
    else if (!keep)
      await withClient(url, (c) => c.query(`drop database if exists "${scratch}" with (force)`));
  }
}

/** The restored copy migrated by this version and counted, then closed. */
async function migratedCounts(db: Db, scratch: string, keep: boolean): Promise<RestoreTest> {
  try {
    const { applied } = await migrate(db);
    return { scratch, kept: keep, migrated: applied, counts: await databaseCounts((sql) => db.query(sql)) };
  } finally {
    await db.close();
  }
}

/** Rows of the production PostgreSQL database, read only. */
export const postgresCounts = (url: string) => withClient(url, (c) => databaseCounts((sql) => c.query(sql)));

/**
 * `gebere restore-test` on PGlite: the backup opened in a scratch data directory inside DATA_DIR
 * (`restore-test-<time>/pglite`, never the server's), migrated by this version and counted;
 * removed afterwards unless `keep`.
 */
export async function restoreTestPglite(file: string, dataDir: string, keep: boolean): Promise<RestoreTest> {
  const scratch = join(dataDir, `restore-test-${stamp()}`);
  await mkdir(scratch, { recursive: true });
  try {
    let pg: PGlite;
    try {
      pg = await PGlite.create({
        dataDir: join(scratch, 'pglite'),
        loadDataDir: new Blob([(await readFile(file)) as Uint8Array<ArrayBuffer>]),
      });
    } catch (err) {
      throw new BackupError(
        `${file} is not a backup this version can open (${err instanceof Error ? err.message : String(err)})`,
      );
    }
    return await migratedCounts(pgliteDb(pg), scratch, keep);
  } finally {
    if (!keep) await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Rows of the production PGlite database when no server holds it (the CLI asks a running server
 * instead): opened under its directory lock, so a server starting meanwhile is refused.
 */
export async function pgliteCounts(dataDir: string): Promise<Counts | string> {
  const dir = join(dataDir, 'pglite');
  if (isEmpty(dir)) return `no database in ${dir}`;
  try {
    const db = await openPglite(dir);
    try {
      return await databaseCounts((sql) => db.query(sql));
    } finally {
      await db.close();
    }
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}
