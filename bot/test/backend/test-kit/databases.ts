import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { pgliteDb } from '../../../src/backend/db/pglite';
import { openPostgres } from '../../../src/backend/db/postgres';
import type { Db } from '../../../src/backend/db/types';
import { postgresSkipReason, postgresUrl } from './postgres';

export type DbKind = 'pglite' | 'postgres';

/**
 * Which database a backend suite runs on, the rule for every suite:
 *
 * - `describeOnDatabases`: once, on this run's database: PostgreSQL when the run has one
 *   (TEST_DATABASE_URL, which `npm test` sets with its throwaway cluster; with CI=true always,
 *   where a missing one fails), else PGlite, so a machine without PostgreSQL still runs every
 *   suite. For what both engines answer alike: routes, policies, rules, queries.
 * - `describeOnBothDatabases`: on PGlite, and on PostgreSQL when the run has one (skipped, not
 *   dropped, without it), for what differs between the engines: locking and concurrent claims
 *   (PGlite's one connection serialises what PostgreSQL runs side by side), migrations and
 *   seeding, the months' partitions, the audit trail's triggers, the rate-limit store, the
 *   backup, iso()'s volatility.
 *
 * PGlite, the product's default database, keeps suites of its own for what only it has (the
 * data directory's lock, the snapshot and prepared databases, the backup by dumpDataDir), and
 * the bot's own suites (telegram/test-kit.ts) run on it. The title's `%s` is the kind.
 */
export const SUITE_DATABASE: DbKind = postgresSkipReason ? 'pglite' : 'postgres';

export function describeOnDatabases(title: string, body: (kind: DbKind) => void): void {
  describe.each([SUITE_DATABASE])(title, body);
}

export function describeOnBothDatabases(title: string, body: (kind: DbKind) => void): void {
  describe.each(['pglite'] as const)(title, body);
  describe.skipIf(postgresSkipReason).each(['postgres'] as const)(title, body);
}

export interface TestDb {
  db: Db;
  kind: DbKind;
  /** Closes the database and, on PostgreSQL, drops this file's copy. */
  dispose(): Promise<void>;
}

let templateBlob: Blob | undefined;

/** A private copy of the migrated and seeded template. */
export async function openTestDb(kind: DbKind): Promise<TestDb> {
  if (kind === 'pglite') {
    templateBlob ??= new Blob([await readFile(inject('backendPgliteTemplate'))]);
    const pglite = await PGlite.create({ loadDataDir: templateBlob });
    const db = pgliteDb(pglite);
    return { db, kind, dispose: () => db.close() };
  }
  const template = inject('backendPgTemplate');
  if (!template) throw new Error(`no PostgreSQL template: ${postgresUrl()} was given but not prepared`);
  return openPostgresCopy(template.url, template.database);
}

/** An empty database, not even migrated (migration tests): PGlite in memory, or a new PostgreSQL one. */
export async function openEmptyDb(kind: DbKind): Promise<TestDb> {
  if (kind === 'pglite') {
    const db = pgliteDb(await PGlite.create());
    return { db, kind, dispose: () => db.close() };
  }
  return openPostgresCopy(postgresUrl());
}

/** A new database on the server of `serverUrl` (a copy of `template` when given), dropped on dispose. */
async function openPostgresCopy(serverUrl: string, template?: string): Promise<TestDb> {
  const name = `gebere_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = openPostgres({ connectionString: url.toString(), max: 5 });
  return {
    db,
    kind: 'postgres',
    async dispose() {
      await db.close();
      const a = new pg.Client({ connectionString: serverUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}
