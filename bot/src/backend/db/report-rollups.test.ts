import { PGlite } from '@electric-sql/pglite';
import { expect, it } from 'vitest';
import { migrate } from './migrate';
import { migrations } from './migrations/index';
import { pgliteDb } from './pglite';

const SUMS = `select kebele_id, da_id, advisory_id, day::text as day, farmers, groups, reach, adoption
  from report_daily order by 1, 2, 3, 4`;

/** Two regions' worth of areas, a DA, groups, farmers and records on either side of Addis midnight. */
const DATA = `
insert into regions (code, name) values ('R1', 'r1'), ('R2', 'r2');
insert into zones (code, region_id, name) values ('Z1', 1, 'z1'), ('Z2', 2, 'z2');
insert into woredas (code, zone_id, name) values ('W1', 1, 'w1'), ('W2', 2, 'w2');
insert into kebeles (code, woreda_id, name) values ('K1', 1, 'k1'), ('K2', 1, 'k2'), ('K3', 2, 'k3');
insert into bot_users (telegram_id, chat_id) values (1, 1);
insert into da_roles (name) values ('DA');
insert into da_profiles (first_name, father_name, grand_father_name, phone_number, telegram_phone_number, sex,
  region_id, zone_id, woreda_id, kebele_id, role_id, created_by)
  values ('A', 'B', 'C', '0911000001', '0911000001', 'female', 1, 1, 1, 1, 1, 1);
insert into value_chain_categories (name) values ('c');
insert into value_chains (category_id, name) values (1, 'v');
insert into advisories (label, value_chain_id, level, region_id) values ('a1', 1, 'region', 1), ('a2', null, 'region', 1);
insert into development_groups (group_name, group_type, kebele_id, created_by, created_at) values
  ('g1', 'mixed', 1, 1, '2026-03-01T20:59:00Z'), ('g2', 'mixed', 3, null, '2026-03-01T21:00:00Z');
insert into farmers (farmer_name, father_name, grand_father_name, gender, kebele_id, development_group_id, created_by,
  created_at) values ('f', 'f', 'f', 'male', 1, 1, 1, '2026-03-01T20:59:00Z'), ('g', 'g', 'g', 'male', 3, 2, 1,
  '2026-03-01T21:00:00Z'), ('h', 'h', 'h', 'male', 1, 1, 1, '2026-03-02T10:00:00Z');
insert into reach_records (farmer_id, advisory_id, created_by, created_at) values
  (1, 1, 1, '2026-03-01T20:59:00Z'), (2, 1, 1, '2026-03-01T21:00:00Z'), (3, 2, 1, '2026-03-02T21:00:00Z'),
  (3, 1, 1, '2026-03-02T21:00:00Z');
insert into adoption_records (farmer_id, advisory_id, created_by, created_at) values (1, 1, 1, '2026-03-03T00:00:00Z');
`;

it('backfills what an older database holds exactly as the triggers count new rows', async () => {
  const old = pgliteDb(await PGlite.create());
  await migrate(old, undefined, migrations.slice(0, 8));
  await old.exec(DATA);
  expect((await migrate(old, undefined, migrations.slice(0, 9))).applied).toEqual([9]);
  const fresh = pgliteDb(await PGlite.create());
  await migrate(fresh);
  await fresh.exec(DATA);
  const backfilled = (await old.query(SUMS)).rows;
  expect(backfilled).toEqual((await fresh.query(SUMS)).rows);
  // Addis Ababa's days: 20:59 UTC is still 1 March, 21:00 UTC is 2 March.
  expect(backfilled).toEqual([
    {
      kebele_id: 1,
      da_id: 1,
      advisory_id: 0,
      day: '2026-03-01',
      farmers: 1,
      groups: 1,
      reach: 0,
      adoption: 0,
    },
    {
      kebele_id: 1,
      da_id: 1,
      advisory_id: 0,
      day: '2026-03-02',
      farmers: 1,
      groups: 0,
      reach: 0,
      adoption: 0,
    },
    {
      kebele_id: 1,
      da_id: 1,
      advisory_id: 1,
      day: '2026-03-01',
      farmers: 0,
      groups: 0,
      reach: 1,
      adoption: 0,
    },
    {
      kebele_id: 1,
      da_id: 1,
      advisory_id: 1,
      day: '2026-03-03',
      farmers: 0,
      groups: 0,
      reach: 1,
      adoption: 1,
    },
    {
      kebele_id: 1,
      da_id: 1,
      advisory_id: 2,
      day: '2026-03-03',
      farmers: 0,
      groups: 0,
      reach: 1,
      adoption: 0,
    },
    {
      kebele_id: 3,
      da_id: 0,
      advisory_id: 0,
      day: '2026-03-02',
      farmers: 0,
      groups: 1,
      reach: 0,
      adoption: 0,
    },
    {
      kebele_id: 3,
      da_id: 1,
      advisory_id: 0,
      day: '2026-03-02',
      farmers: 1,
      groups: 0,
      reach: 0,
      adoption: 0,
    },
    {
      kebele_id: 3,
      da_id: 1,
      advisory_id: 1,
      day: '2026-03-02',
      farmers: 0,
      groups: 0,
      reach: 1,
      adoption: 0,
    },
  ]);
  // A kebele an import moves to another woreda takes its counts with it.
  await fresh.exec(`update kebeles set woreda_id = 2 where id = 1`);
  const moved = await fresh.query<{ n: number }>(
    'select count(*)::int as n from report_daily where kebele_id = 1 and (woreda_id, zone_id, region_id) = (2, 2, 2)',
  );
  expect(moved.rows[0]?.n).toBe(5);
  await old.close();
  await fresh.close();
}, 60_000);
