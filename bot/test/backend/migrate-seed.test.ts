import { randomBytes } from 'node:crypto';
import { copyFile, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/backend/db/migrate';
import { migrations } from '../../src/backend/db/migrations/index';
import { openDatabase } from '../../src/backend/db/open';
import { namesMarker, seed } from '../../src/backend/db/seed';
import { ADMIN_NAMES_FILES, DEFAULT_ADMIN_DIR } from '../../src/backend/seed/admin-data';
import { SAMPLES_DIR } from '../../src/backend/seed/samples';
import { describeOnBothDatabases, describeOnDatabases, openTestDb, type TestDb } from './test-kit/databases';
import { postgresSkipReason, postgresUrl } from './test-kit/postgres';

describeOnBothDatabases('migrate and seed on a seeded database (%s)', (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(kind);
  });
  afterAll(() => t?.dispose());

  it('a restart only reads: nothing applied, nothing inserted, fast', async () => {
    const count = async () =>
      (await t.db.query<{ n: number }>('select count(*)::int as n from kebeles')).rows[0]?.n;
    const before = await count();
    const started = Date.now();
    expect(await migrate(t.db)).toEqual({ applied: [] });
    expect(await seed(t.db)).toMatchObject({ admin: 'present', demo: 'present' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await count()).toBe(before);
    expect(before).toBeGreaterThan(19_000);
  });

  it('a database seeded before the demo’s reach and adoption gets them at its next start, counted', async () => {
    // As such a database was: the people, no records (nor their keys), no report user, no marker.
    await t.db.exec(`delete from seed_markers where name = 'demo-activity';
      delete from adoption_records; delete from reach_records; delete from report_users;
      delete from adoption_record_keys; delete from reach_record_keys;
      update report_daily set reach = 0, adoption = 0;`);
    const now = new Date('2026-03-04T09:00:00Z');
    const seeded = await seed(t.db, { now });
    expect(seeded).toMatchObject({ demo: 'present', demoActivity: { reportUsers: 1, skipped: 0 } });
    const { reach, adoption } = seeded.demoActivity as { reach: number; adoption: number };
    expect(reach).toBeGreaterThan(100);
    expect(adoption).toBeGreaterThan(reach / 3);
    // Every record in the 11 weeks before, and counted by the rollups as it was inserted.
    const r = await t.db.query<Record<string, number | string>>(
      `select (select count(*)::int from reach_records) as reach,
              (select count(*)::int from adoption_records) as adoption,
              (select sum(reach)::int from report_daily) as rolled_reach,
              (select sum(adoption)::int from report_daily) as rolled_adoption,
              (select to_char(min(report_day(created_at)), 'YYYY-MM-DD') from reach_records) as first,
              (select to_char(max(report_day(created_at)), 'YYYY-MM-DD') from adoption_records) as last`,
    );
    expect(r.rows[0]).toEqual({
      reach,
      adoption,
      rolled_reach: reach,
      rolled_adoption: adoption,
      first: '2025-12-19', // 75 days before; the report's 12 weeks to 2026-03-04 start on 2025-12-15
      last: '2026-03-02',
    });
    expect(await seed(t.db, { now })).toMatchObject({ demoActivity: 'present' });
  });

  it('holds the sample files’ content in every language, and imports a changed file at the next start', async () => {
    const teff = async () =>
      (await t.db.query(`select name, name_am, name_om from value_chains where code = 'vc-teff'`)).rows[0];
    expect(await teff()).toEqual({ name: 'Teff', name_am: 'ጤፍ', name_om: 'Xaafii' });
    const dir = await mkdtemp(join(tmpdir(), 'gebere-samples-'));
    try {
      await cp(fileURLToPath(SAMPLES_DIR), dir, { recursive: true });
      const file = join(dir, 'value-chains.csv');
      await writeFile(
        file,
        (await readFile(file, 'utf8')).replace(',Teff,ጤፍ,Xaafii\n', ',Teff,ጤፍ,Xaafii Adii\n'),
      );
      const changed = await seed(t.db, { samplesDir: dir });
      expect(changed.samples).toMatchObject({ 'value-chains': { created: 0, updated: 1 }, skipped: 0 });
      expect(changed.samples).toMatchObject({ roles: { created: 0, updated: 0 }, roster: { updated: 0 } });
      expect(await teff()).toMatchObject({ name_om: 'Xaafii Adii' });
      expect((await seed(t.db, { samplesDir: dir })).samples).toBe('present');
      expect((await seed(t.db)).samples).toMatchObject({ 'value-chains': { updated: 1 } });
      expect(await teff()).toMatchObject({ name_om: 'Xaafii' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('has the indexes the routes look up by', async () => {
    const r = await t.db.query<{ indexdef: string }>(
      "select indexdef from pg_indexes where schemaname = 'public'",
    );
    const defs = r.rows.map((x) => x.indexdef).join('\n');
    for (const needle of [
      'farmers USING btree (development_group_id',
      'development_groups USING btree (kebele_id',
      'advisories USING btree (sub_practice_id',
      'location_notifications USING btree (created_by',
      'zones USING btree (region_id',
      'woredas USING btree (zone_id',
      'kebeles USING btree (woreda_id',
      'bot_users USING btree (telegram_id)',
      'da_profiles USING btree (phone_number)',
      'da_profiles USING btree (telegram_phone_number)',
      'notification_deliveries USING btree (notification_id, occurrence, bot_user_id)',
    ])
      expect(defs, needle).toContain(needle);
  });
});

describeOnDatabases('the Amharic and Oromo names of the areas (%s)', (kind) => {
  let t: TestDb;
  let dir: string;
  beforeAll(async () => {
    t = await openTestDb(kind);
    dir = await mkdtemp(join(tmpdir(), 'gebere-names-am-'));
  });
  afterAll(async () => {
    await t?.dispose();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const nameOf = async (code: string) =>
    (await t.db.query<{ name_am: string | null }>('select name_am from zones where code = $1', [code]))
      .rows[0]?.name_am;
  const counts = async () =>
    (
      await t.db.query<{ regions: number; zones: number }>(
        `select (select count(name_am) from regions)::int as regions, (select count(name_am) from zones)::int as zones`,
      )
    ).rows[0];

  it('a fresh database has them all', async () => {
    expect(await counts()).toEqual({ regions: 14, zones: 125 });
    expect(await nameOf('ET0301')).toBe('ሰሜን ጎንደር');
  });

  it('a fresh database has the Oromo names of the areas with English words, the others none', async () => {
    const shipped = (await readFile(new URL(ADMIN_NAMES_FILES.om, DEFAULT_ADMIN_DIR), 'utf8'))
      .split('\n')
      .filter((l) => /^ET/.test(l)).length;
    const r = await t.db.query<Record<string, string | number | null>>(
      `select (select count(name_om) from regions) + (select count(name_om) from zones)
                + (select count(name_om) from woredas) as named,
              (select name_om from zones where code = 'ET0301') as north_gondar,
              (select name_om from woredas where code = 'ET031309') as adet,
              (select name_om from regions where code = 'ET03') as amhara`,
    );
    expect(r.rows[0]).toEqual({
      named: shipped,
      north_gondar: 'Gondar Kaabaa',
      adet: 'Bulchiinsa Magaalaa Adet',
      amhara: null,
    });
  });

  it('a database seeded before them gets them at its next start, an imported name staying', async () => {
    await t.db.query('delete from seed_markers where name = $1', [namesMarker('am')]);
    await t.db.query('update regions set name_am = null');
    await t.db.query(`update zones set name_am = case when code = 'ET0302' then 'የተጫነ ስም' end`);
    expect(await seed(t.db)).toMatchObject({
      admin: 'present',
      names: { am: 14 + 124, om: 'present' },
      demo: 'present',
    });
    expect(await counts()).toEqual({ regions: 14, zones: 125 });
    expect(await nameOf('ET0301')).toBe('ሰሜን ጎንደር');
    expect(await nameOf('ET0302')).toBe('የተጫነ ስም');
    // Restarts write nothing: not even over a name imported since.
    await t.db.query(`update zones set name_am = 'ሌላ የተጫነ ስም' where code = 'ET0303'`);
    expect(await seed(t.db)).toMatchObject({ admin: 'present', names: { am: 'present' } });
    expect(await nameOf('ET0303')).toBe('ሌላ የተጫነ ስም');
  });

  it('a corrected file replaces the names it shipped, and only those', async () => {
    const shipped = await readFile(new URL(ADMIN_NAMES_FILES.am, DEFAULT_ADMIN_DIR), 'utf8');
    const corrected = shipped
      .replace('\nET0301,ሰሜን ጎንደር\n', '\nET0301,ሰሜን ጐንደር\n')
      .replace('\nET0302,ደቡብ ጎንደር\n', '\nET0302,ደቡብ ጐንደር\n')
      .replace('\nET0303,ሰሜን ወሎ\n', '\nET0303,ሰሜን ወሎ ዞን\n');
    expect(corrected).not.toBe(shipped);
    await writeFile(join(dir, ADMIN_NAMES_FILES.am), corrected);
    await copyFile(new URL(ADMIN_NAMES_FILES.om, DEFAULT_ADMIN_DIR), join(dir, ADMIN_NAMES_FILES.om));
    expect(await seed(t.db, { adminDir: dir })).toMatchObject({ names: { am: 1 } });
    expect(await nameOf('ET0301')).toBe('ሰሜን ጐንደር');
    expect(await nameOf('ET0302')).toBe('የተጫነ ስም');
    expect(await nameOf('ET0303')).toBe('ሌላ የተጫነ ስም');
    expect(await seed(t.db, { adminDir: dir })).toMatchObject({ names: { am: 'present' } });
    // Back to the shipped file: the correction it made is undone, the imported names stay.
    expect(await seed(t.db)).toMatchObject({ names: { am: 1 } });
    expect(await nameOf('ET0301')).toBe('ሰሜን ጎንደር');
    expect(await nameOf('ET0302')).toBe('የተጫነ ስም');
  });
});

describe.skipIf(postgresSkipReason)('first start on an empty PostgreSQL database', () => {
  const name = `gebere_fresh_${randomBytes(4).toString('hex')}`;
  const admin = () => new pg.Client({ connectionString: postgresUrl() });
  beforeAll(async () => {
    const c = admin();
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
  });
  afterAll(async () => {
    const c = admin();
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });

  it('two processes starting at once migrate and import once', async () => {
    const target = new URL(postgresUrl());
    target.pathname = `/${name}`;
    const [a, b] = await Promise.all([
      openDatabase({ databaseUrl: target.toString(), dataDir: '/nonexistent' }),
      openDatabase({ databaseUrl: target.toString(), dataDir: '/nonexistent' }),
    ]);
    try {
      const started = Date.now();
      const [ma, mb] = await Promise.all([migrate(a), migrate(b)]);
      expect([...ma.applied, ...mb.applied]).toEqual(migrations.map((m) => m.version));
      const [sa, sb] = await Promise.all([seed(a, { demoData: false }), seed(b, { demoData: false })]);
      const imported = [sa, sb].filter((s) => s.admin !== 'present');
      expect(imported).toHaveLength(1);
      expect(imported[0]?.admin).toMatchObject({ regions: 14, kebeles: expect.any(Number) });
      expect(Date.now() - started).toBeLessThan(10_000);
      const markers = await a.query('select name from seed_markers order by name');
      expect(markers.rows).toEqual([
        { name: 'admin' },
        { name: namesMarker('am') },
        { name: namesMarker('om') },
      ]);
      // DEMO_DATA turned on later adds the demo content once.
      expect((await seed(a, { demoData: true })).demo).toMatchObject({ das: expect.any(Number) });
      expect((await seed(b, { demoData: true })).demo).toBe('present');
      // The seed leaves statistics for what it wrote (autovacuum would come a minute later): a
      // first start's writes are planned against the real tables, not empty ones.
      const rows = await a.query<{ relname: string; reltuples: number }>(
        `select relname, reltuples from pg_class where relname in ('kebeles', 'farmers') order by relname`,
      );
      expect(rows.rows.map((r) => [r.relname, Number(r.reltuples) > 0])).toEqual([
        ['farmers', true],
        ['kebeles', true],
      ]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
