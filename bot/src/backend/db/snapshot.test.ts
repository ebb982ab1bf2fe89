import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from './migrate';
import { migrations } from './migrations/index';
import { openDatabase } from './open';
import { seed } from './seed';
import {
  findSnapshot,
  migrationPrints,
  SNAPSHOT_FILE,
  SNAPSHOT_META,
  type SnapshotMeta,
  snapshotMismatch,
} from './snapshot';
import { buildSnapshot } from './snapshot-build';
import { unpackTar } from './snapshot-unpack';
import type { Db } from './types';

/**
 * Everything a first start leaves in the database, minus wall-clock timestamps: the schema
 * (columns, constraints, indexes), each table's row count and a hash of its rows, and where every
 * identity sequence stands (the next id a DA or farmer gets).
 */
async function fingerprint(db: Db) {
  const q = async <T>(sql: string) => (await db.query<T>(sql)).rows;
  const columns = await q<{ table_name: string; column_name: string; data_type: string }>(
    `select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
     where table_schema = 'public' order by table_name, column_name`,
  );
  const constraints = await q(
    `select conrelid::regclass::text as t, conname, pg_get_constraintdef(oid) as def from pg_constraint
     where connamespace = 'public'::regnamespace order by 1, 2`,
  );
  const indexes = await q(
    `select indexname, indexdef from pg_indexes where schemaname = 'public' order by 1`,
  );
  const sequences = await q(
    `select sequencename, last_value from pg_sequences where schemaname = 'public' order by 1`,
  );
  const tables = [...new Set(columns.map((c) => c.table_name))];
  const rows: Record<string, unknown> = {};
  for (const table of tables) {
    const cols = columns
      .filter((c) => c.table_name === table && !c.data_type.startsWith('timestamp'))
      .map((c) => `"${c.column_name}"`);
    rows[table] = (
      await q(
        `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h
         from (select ${cols.join(', ')} from "${table}") t`,
      )
    )[0];
  }
  return { columns, constraints, indexes, sequences, rows };
}

const work = mkdtempSync(join(tmpdir(), 'gebere-snapshot-test-'));
const current = join(work, 'current');
const stale = join(work, 'stale');
let expected: Awaited<ReturnType<typeof fingerprint>>;

beforeAll(async () => {
  mkdirSync(current);
  mkdirSync(stale);
  await buildSnapshot(current);
  await buildSnapshot(stale, { migrations: migrations.slice(0, 1) });
  // The slow path on disk (not the suites' template: a dump of a running database restores its
  // sequences 32 ahead, which a real first start does not do).
  const slow = await openDatabase({ dataDir: mkdtempSync(join(work, 'slow-')), snapshotDirs: false });
  try {
    await migrate(slow);
    await seed(slow, { demoData: true });
    expected = await fingerprint(slow);
  } finally {
    await slow.close();
  }
}, 240_000); // three initdbs: 3–7 s each on 2 cores, several times that when the machine is busy

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

/** A first start as startEmbeddedBackend does it, on an empty DATA_DIR, from `snapshotDir`. */
async function firstStart(snapshotDir: string) {
  const dataDir = mkdtempSync(join(work, 'data-'));
  const db = await openDatabase({ dataDir, snapshotDirs: [snapshotDir] });
  try {
    const migrated = await migrate(db);
    const seeded = await seed(db, { demoData: true });
    return { migrated, seeded, print: await fingerprint(db), dataDir };
  } finally {
    await db.close();
  }
}

describe('the prepared database (build-time snapshot)', () => {
  it('gives a first start exactly the database the slow path gives', async () => {
    const started = Date.now();
    const { migrated, seeded, print } = await firstStart(current);
    expect(migrated.applied).toEqual([]);
    expect(seeded).toMatchObject({ admin: 'present', demo: { das: 6, farmers: 30, skipped: 0 } });
    expect(print.rows).toEqual(expected.rows);
    expect(print).toEqual(expected);
    expect(Number((print.rows.kebeles as { n: number }).n)).toBeGreaterThan(19_000);
    // No initdb: seconds faster than the slow path, even on a loaded machine.
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('brings a snapshot older than the code up to date with the newer migrations', async () => {
    const { migrated, print } = await firstStart(stale);
    expect(migrated.applied).toEqual(migrations.slice(1).map((m) => m.version));
    expect(print).toEqual(expected);
  });

  it('restarts on its own files: the snapshot is not read again, nothing is re-seeded', async () => {
    const { dataDir } = await firstStart(current);
    // A snapshot folder that would fail loudly if it were used.
    const db = await openDatabase({ dataDir, snapshotDirs: [join(work, 'missing')] });
    try {
      expect(await migrate(db)).toEqual({ applied: [] });
      expect(await seed(db)).toMatchObject({ admin: 'present', demo: 'present' });
      expect(await fingerprint(db)).toEqual(expected);
    } finally {
      await db.close();
    }
  });

  it('holds no secret and no per-install state: only schema, migrations and admin areas', async () => {
    const tar = gunzipSync(readFileSync(join(current, SNAPSHOT_FILE)));
    expect(tar.includes('secrets.json')).toBe(false);
    const dataDir = mkdtempSync(join(work, 'data-'));
    const db = await openDatabase({ dataDir, snapshotDirs: [current] });
    try {
      const { rows } = await fingerprint(db);
      const filled = Object.entries(rows)
        .filter(([, r]) => (r as { n: number }).n > 0)
        .map(([t]) => t)
        .sort();
      // notification_send_rate: migration 2's one row (the shared send slot, at the epoch).
      expect(filled).toEqual([
        'kebeles',
        'notification_send_rate',
        'regions',
        'schema_migrations',
        'seed_markers',
        'woredas',
        'zones',
      ]);
    } finally {
      await db.close();
    }
  });

  it('a start killed while unpacking leaves no half database: the next start unpacks again', async () => {
    const dataDir = mkdtempSync(join(work, 'data-'));
    const tar = gunzipSync(readFileSync(join(current, SNAPSHOT_FILE)));
    // Half the files written, as when the process is killed midway (the cut may split a file).
    expect(() => unpackTar(tar.subarray(0, tar.length / 2), join(dataDir, 'pglite.loading'))).toThrow(
      /truncated/,
    );
    const db = await openDatabase({ dataDir, snapshotDirs: [current] });
    try {
      expect(await migrate(db)).toEqual({ applied: [] });
      expect((await db.query<{ n: number }>('select count(*)::int as n from kebeles')).rows[0]?.n).toBe(
        (expected.rows.kebeles as { n: number }).n,
      );
    } finally {
      await db.close();
    }
  });
});

describe('which snapshot may stand in for the slow path', () => {
  const code = { adminKey: 'a', migrations: migrationPrints(migrations) };
  const meta = (over: Partial<SnapshotMeta>): SnapshotMeta => ({
    format: 1,
    adminKey: 'a',
    migrations: migrationPrints(migrations),
    bytes: 1,
    ...over,
  });

  it('accepts the same or fewer migrations, refuses edited, unknown ones or other admin data', () => {
    expect(snapshotMismatch(meta({}), code)).toBeUndefined();
    expect(
      snapshotMismatch(meta({ migrations: migrationPrints(migrations.slice(0, 1)) }), code),
    ).toBeUndefined();
    const edited = migrationPrints([{ ...(migrations[0] as (typeof migrations)[number]), sql: 'select 1' }]);
    expect(snapshotMismatch(meta({ migrations: edited }), code)).toMatch(/differs/);
    const unknown = [{ version: 999, name: 'future', sql: 'x' }];
    expect(snapshotMismatch(meta({ migrations: unknown }), code)).toMatch(/unknown/);
    expect(snapshotMismatch(meta({ adminKey: 'b' }), code)).toMatch(/admin/);
    expect(snapshotMismatch(meta({ format: 0 }), code)).toMatch(/format/);
  });

  it('passes over a snapshot whose description is damaged, saying why', async () => {
    const dir = mkdtempSync(join(work, 'bad-'));
    writeFileSync(join(dir, SNAPSHOT_FILE), 'x');
    writeFileSync(join(dir, SNAPSHOT_META), '{');
    const why: string[] = [];
    expect(await findSnapshot([dir], (_f, w) => why.push(w))).toBeUndefined();
    expect(why).toEqual([`${SNAPSHOT_META} is not valid JSON`]);
    expect(await findSnapshot([current])).toMatchObject({ file: join(current, SNAPSHOT_FILE) });
  });

  it('refuses an archive entry that would write outside the database folder', () => {
    const header = Buffer.alloc(1024);
    header.write('pgdata/../../escape', 0, 'latin1');
    header.write('0000001\0', 124, 'latin1');
    header.write('0', 156, 'latin1');
    expect(() => unpackTar(header, join(work, 'escape-test'))).toThrow(/outside/);
  });
});
