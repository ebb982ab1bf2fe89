import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint } from '../../../test/backend/test-kit/fingerprint';
import { migrate } from './migrate';
import { migrations } from './migrations/index';
import { openDatabase } from './open';
import { seed } from './seed';
import {
  findSnapshot,
  migrationPrints,
  type SnapshotMeta,
  snapshotFile,
  snapshotMetaFile,
  snapshotMismatch,
} from './snapshot';
import { buildSnapshots } from './snapshot-build';
import { unpackTar } from './snapshot-unpack';

const work = mkdtempSync(join(tmpdir(), 'gebere-snapshot-test-'));
const current = join(work, 'current');
const stale = join(work, 'stale');
let expected: Awaited<ReturnType<typeof fingerprint>>;

beforeAll(async () => {
  mkdirSync(current);
  mkdirSync(stale);
  await buildSnapshots(current);
  await buildSnapshots(stale, { migrations: migrations.slice(0, 1) });
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

/**
 * A first start as startEmbeddedBackend does it, on an empty DATA_DIR, from `snapshotDir`;
 * `snapshotDemo: false` picks the admin-only snapshot, seed() then adding the demo content.
 */
async function firstStart(snapshotDir: string, snapshotDemo = true) {
  const dataDir = mkdtempSync(join(work, 'data-'));
  const db = await openDatabase({ dataDir, snapshotDirs: [snapshotDir], demoData: snapshotDemo });
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
    const { migrated, seeded, print } = await firstStart(current);
    expect(migrated.applied).toEqual([]);
    expect(seeded).toMatchObject({ admin: 'present', demo: 'present' });
    expect(print.rows).toEqual(expected.rows);
    expect(print).toEqual(expected);
    expect(Number((print.rows.kebeles as { n: number }).n)).toBeGreaterThan(19_000);
  });

  it('the admin-only snapshot plus the demo content seeded at start gives the same database', async () => {
    const { migrated, seeded, print } = await firstStart(current, false);
    expect(migrated.applied).toEqual([]);
    expect(seeded).toMatchObject({ admin: 'present', demo: { das: 7, farmers: 30, skipped: 0 } });
    expect(print).toEqual(expected);
  });

  it('brings a snapshot older than the code up to date with the newer migrations', async () => {
    for (const demo of [true, false]) {
      const { migrated, print } = await firstStart(stale, demo);
      expect(migrated.applied).toEqual(migrations.slice(1).map((m) => m.version));
      expect(print).toEqual(expected);
    }
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

  it('DEMO_DATA=false starts with no demo content; neither snapshot holds a secret', async () => {
    for (const variant of ['admin', 'demo'] as const) {
      const tar = gunzipSync(readFileSync(join(current, snapshotFile(variant))));
      expect(tar.includes('secrets.json')).toBe(false);
    }
    const dataDir = mkdtempSync(join(work, 'data-'));
    const db = await openDatabase({ dataDir, snapshotDirs: [current], demoData: false });
    try {
      expect(await seed(db, { demoData: false })).toMatchObject({ admin: 'present', demo: 'off' });
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
    const tar = gunzipSync(readFileSync(join(current, snapshotFile('demo'))));
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
  const code = { adminKey: 'a', demoKey: 'd', migrations: migrationPrints(migrations) };
  const meta = (over: Partial<SnapshotMeta>): SnapshotMeta => ({
    format: 1,
    variant: 'demo',
    adminKey: 'a',
    demoKey: 'd',
    migrations: migrationPrints(migrations),
    bytes: 1,
    ...over,
  });

  it('accepts the same or fewer migrations, refuses edited, unknown ones or other seed data', () => {
    expect(snapshotMismatch(meta({}), code)).toBeUndefined();
    expect(
      snapshotMismatch(meta({ migrations: migrationPrints(migrations.slice(0, 1)) }), code),
    ).toBeUndefined();
    const edited = migrationPrints([{ ...(migrations[0] as (typeof migrations)[number]), sql: 'select 1' }]);
    expect(snapshotMismatch(meta({ migrations: edited }), code)).toMatch(/differs/);
    const unknown = [{ version: 999, name: 'future', sql: 'x' }];
    expect(snapshotMismatch(meta({ migrations: unknown }), code)).toMatch(/unknown/);
    expect(snapshotMismatch(meta({ adminKey: 'b' }), code)).toMatch(/admin/);
    expect(snapshotMismatch(meta({ demoKey: 'e' }), code)).toMatch(/demo/);
    expect(snapshotMismatch(meta({ variant: 'admin', demoKey: null }), code)).toBeUndefined();
    expect(snapshotMismatch(meta({ format: 0 }), code)).toMatch(/format/);
  });

  it('passes over a snapshot whose description is damaged, saying why; picks by DEMO_DATA', async () => {
    const dir = mkdtempSync(join(work, 'bad-'));
    writeFileSync(join(dir, snapshotFile('demo')), 'x');
    writeFileSync(join(dir, snapshotMetaFile('demo')), '{');
    const why: string[] = [];
    const reject = (_f: string, w: string) => why.push(w);
    expect(await findSnapshot([dir], { demoData: true, reject })).toBeUndefined();
    expect(why).toEqual(['pglite-demo.json is not valid JSON']);
    expect(await findSnapshot([current], { demoData: true })).toMatchObject({ meta: { variant: 'demo' } });
    expect(await findSnapshot([current], { demoData: false })).toMatchObject({ meta: { variant: 'admin' } });
  });

  it('refuses an archive entry that would write outside the database folder', () => {
    const header = Buffer.alloc(1024);
    header.write('pgdata/../../escape', 0, 'latin1');
    header.write('0000001\0', 124, 'latin1');
    header.write('0', 156, 'latin1');
    expect(() => unpackTar(header, join(work, 'escape-test'))).toThrow(/outside/);
  });
});
