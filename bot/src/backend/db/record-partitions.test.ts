import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeOnBothDatabases, openEmptyDb, type TestDb } from '../../../test/backend/test-kit/databases';
import { silentLog } from './log';
import { migrate } from './migrate';
import { migrations } from './migrations/index';
import { ensureRecordPartitions, startPartitionUpkeep } from './partitions';
import type { Db } from './types';

const AREAS_AND_PEOPLE = `
insert into regions (code, name) values ('R1', 'r1');
insert into zones (code, region_id, name) values ('Z1', 1, 'z1');
insert into woredas (code, zone_id, name) values ('W1', 1, 'w1');
insert into kebeles (code, woreda_id, name) values ('K1', 1, 'k1');
insert into bot_users (telegram_id, chat_id) values (1, 1);
insert into da_roles (name) values ('DA');
insert into da_profiles (first_name, father_name, grand_father_name, phone_number, telegram_phone_number, sex,
  region_id, zone_id, woreda_id, kebele_id, role_id, created_by)
  values ('A', 'B', 'C', '0911000001', '0911000001', 'female', 1, 1, 1, 1, 1, 1),
         ('D', 'E', 'F', '0911000002', '0911000002', 'male', 1, 1, 1, 1, 1, 1);
insert into advisories (label, level, region_id) select 'a' || g, 'region', 1 from generate_series(1, 3) g;
insert into development_groups (group_name, group_type, kebele_id, created_by) values ('g', 'mixed', 1, 1);
insert into farmers (farmer_name, father_name, grand_father_name, gender, kebele_id, development_group_id, created_by)
  select 'f' || g, 'f', 'f', 'male', 1, 1, 1 from generate_series(1, 4) g;
`;
// Records over three months a year apart and one from 2019, by two DAs.
const RECORDS = `
insert into reach_records (farmer_id, advisory_id, created_by, created_at) values
  (1, 1, 1, '2026-01-31T23:59:59Z'), (2, 1, 1, '2026-02-01T00:00:00Z'), (1, 2, 2, '2025-02-10T08:00:00Z'),
  (3, 3, 1, '2019-07-01T00:00:00Z');
insert into adoption_records (farmer_id, advisory_id, created_by, created_at) values (1, 1, 1, '2026-02-14T09:00:00Z');
`;
const ROWS = (table: string) =>
  `select id, farmer_id, advisory_id, created_by, created_at::text as created_at from ${table} order by id`;
const ROLLUPS = 'select * from report_daily order by kebele_id, day, da_id, advisory_id';

/** Where each record is: its partition's name. */
const placed = async (t: TestDb, table: string) =>
  Object.fromEntries(
    (
      await t.db.query<{ id: number; part: string }>(
        `select id, tableoid::regclass::text as part from ${table}`,
      )
    ).rows.map((r) => [Number(r.id), r.part]),
  );

/** The month partitions `table` has (names), in order. */
const partitions = async (t: TestDb, table: string) =>
  (
    await t.db.query<{ name: string }>(
      `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
       where i.inhparent = $1::regclass order by 1`,
      [table],
    )
  ).rows.map((r) => r.name);

const month = (offset: number) => {
  const d = new Date();
  const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1));
  return `y${m.getUTCFullYear()}m${String(m.getUTCMonth() + 1).padStart(2, '0')}`;
};

describeOnBothDatabases('reach and adoption by month (%s)', (kind) => {
  let t: TestDb;
  let before: { reach: unknown[]; adoption: unknown[]; rollups: unknown[] };
  beforeAll(async () => {
    t = await openEmptyDb(kind);
    await migrate(
      t.db,
      undefined,
      migrations.filter((m) => m.version < 13),
    );
    await t.db.exec(AREAS_AND_PEOPLE + RECORDS);
    before = {
      reach: (await t.db.query(ROWS('reach_records'))).rows,
      adoption: (await t.db.query(ROWS('adoption_records'))).rows,
      rollups: (await t.db.query(ROLLUPS)).rows,
    };
    expect((await migrate(t.db)).applied).toContain(13);
  }, 60_000);
  afterAll(() => t?.dispose());

  it('keeps every record, its id and time, and the rollups, each in its month', async () => {
    expect((await t.db.query(ROWS('reach_records'))).rows).toEqual(before.reach);
    expect((await t.db.query(ROWS('adoption_records'))).rows).toEqual(before.adoption);
    expect((await t.db.query(ROLLUPS)).rows).toEqual(before.rollups);
    expect(Object.values(await placed(t, 'reach_records'))).toEqual([
      'reach_records_y2026m01',
      'reach_records_y2026m02',
      'reach_records_y2025m02',
      'reach_records_y2019m07',
    ]);
    // The months that hold records, this month and the next three; the default one for the rest.
    const reach = await partitions(t, 'reach_records');
    for (const m of ['y2019m07', 'y2025m02', 'y2026m01', 'y2026m02', month(0), month(1), month(2), month(3)])
      expect(reach).toContain(`reach_records_${m}`);
    expect(reach).toContain('reach_records_default');
    expect(await partitions(t, 'adoption_records')).toContain(`adoption_records_${month(3)}`);
    expect(await partitions(t, 'adoption_records')).not.toContain(`adoption_records_${month(4)}`);
  });

  it('refuses nothing and duplicates nothing: a pair recorded before is skipped, whoever inserts', async () => {
    const insert = () =>
      t.db.query<{ id: number }>(
        `insert into reach_records (farmer_id, advisory_id, created_by) values (1, 1, 1), (4, 1, 1), (1, 2, 2)
         returning id`,
      );
    const first = await insert();
    // Only (4, 1, 1) is new; its id follows the migrated ones.
    expect(first.rows).toHaveLength(1);
    expect(Number(first.rows[0]?.id)).toBeGreaterThan(
      Math.max(...before.reach.map((r) => Number((r as { id: number }).id))),
    );
    expect((await insert()).rows).toEqual([]);
    const keys = await t.db.query<{ n: number }>(
      'select count(*)::int as n from reach_records r join reach_record_keys k using (id, farmer_id, advisory_id, created_by, created_at)',
    );
    expect(keys.rows[0]?.n).toBe(5);
    const reach = await t.db.query<{ n: number }>('select sum(reach)::int as n from report_daily');
    expect(reach.rows[0]?.n).toBe(5);
  });

  it('keeps a record of a month with no partition in the default one, then moves it into its month', async () => {
    await t.db.query(
      `insert into adoption_records (farmer_id, advisory_id, created_by, created_at)
       values (2, 2, 1, '2031-05-05T05:00:00Z')`,
    );
    const id = Number(
      (await t.db.query<{ id: number }>("select id from adoption_records where created_at > '2031-01-01'"))
        .rows[0]?.id,
    );
    expect((await placed(t, 'adoption_records'))[id]).toBe('adoption_records_default');
    const rollups = (await t.db.query(ROLLUPS)).rows;
    await t.db.query(`select record_partition_create('adoption_records', '2031-05-01')`);
    expect((await placed(t, 'adoption_records'))[id]).toBe('adoption_records_y2031m05');
    expect((await t.db.query(ROLLUPS)).rows).toEqual(rollups);
    expect(
      (await t.db.query<{ n: number }>('select count(*)::int as n from adoption_records_default')).rows[0]?.n,
    ).toBe(0);
    // The pair is still known: posting it again adds nothing.
    const again = await t.db.query(
      'insert into adoption_records (farmer_id, advisory_id, created_by) values (2, 2, 1) returning id',
    );
    expect(again.rows).toEqual([]);
  });

  it('moves a record whose time is changed into its new month, its key following; its pair never changes', async () => {
    const id = Number((before.reach[0] as { id: number }).id);
    await t.db.query(`update reach_records set created_at = '2025-02-20T10:00:00Z' where id = $1`, [id]);
    expect((await placed(t, 'reach_records'))[id]).toBe('reach_records_y2025m02');
    const key = await t.db.query<{ at: string }>(
      `select created_at::text as at from reach_record_keys where id = $1 and created_at = '2025-02-20T10:00:00Z'`,
      [id],
    );
    expect(key.rows).toHaveLength(1);
    await t.db.query(`update reach_records set created_at = created_at + interval '1 hour' where id = $1`, [
      id,
    ]);
    expect(
      (
        await t.db.query(
          `select 1 from reach_record_keys where id = $1 and created_at = '2025-02-20T11:00:00Z'`,
          [id],
        )
      ).rows,
    ).toHaveLength(1);
    await expect(
      t.db.query('update reach_records set farmer_id = 4 where id = $1', [id]),
    ).rejects.toMatchObject({
      code: '23514',
    });
  });

  it('creates the months ahead once, from any number of copies', async () => {
    expect(await ensureRecordPartitions(t.db, 3)).toBe(0);
    const made = await Promise.all([ensureRecordPartitions(t.db, 5), ensureRecordPartitions(t.db, 5)]);
    expect(made.sort()).toEqual([0, 4]);
    expect(await partitions(t, 'reach_records')).toContain(`reach_records_${month(5)}`);
  });
});

it('a failed check is logged and tried again at the next, never fatal', async () => {
  let calls = 0;
  const db = {
    transaction: async () => {
      calls++;
      if (calls === 1)
        throw Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' });
      return 2;
    },
  } as unknown as Db;
  const log = { ...silentLog, warn: vi.fn(), info: vi.fn() };
  // The checks' clock is faked: "no check after the stop" is read after its ticks, not waited for.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  try {
    const upkeep = await startPartitionUpkeep(db, log, 20);
    expect(log.warn).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(20);
    expect(log.info).toHaveBeenCalledWith({ made: 2 }, 'record partitions created');
    await upkeep.stop();
    const after = calls;
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toBe(after);
  } finally {
    vi.useRealTimers();
  }
});
