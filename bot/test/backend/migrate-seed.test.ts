import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/backend/db/migrate';
import { migrations } from '../../src/backend/db/migrations/index';
import { openDatabase } from '../../src/backend/db/open';
import { seed } from '../../src/backend/db/seed';
import { describeOnDatabases, openTestDb, type TestDb } from './helpers/databases';
import { postgresSkipReason, postgresUrl } from './helpers/postgres';

describeOnDatabases('migrate and seed on a seeded database (%s)', (kind) => {
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
      const markers = await a.query('select name from seed_markers');
      expect(markers.rows).toEqual([{ name: 'admin' }]);
      // DEMO_DATA turned on later adds the demo content once.
      expect((await seed(a, { demoData: true })).demo).toMatchObject({ das: expect.any(Number) });
      expect((await seed(b, { demoData: true })).demo).toBe('present');
    } finally {
      await a.close();
      await b.close();
    }
  });
});
