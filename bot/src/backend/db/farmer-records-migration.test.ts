import { PGlite } from '@electric-sql/pglite';
import { farmerNameKey } from '@gebere/contract/rules';
import { expect, it } from 'vitest';
import { migrate } from './migrate';
import { migrations } from './migrations/index';
import { pgliteDb } from './pglite';

/** A registry kept before the duplicate checks: one phone and one person registered twice. */
const DATA = `
insert into regions (code, name) values ('R1', 'r1');
insert into zones (code, region_id, name) values ('Z1', 1, 'z1');
insert into woredas (code, zone_id, name) values ('W1', 1, 'w1');
insert into kebeles (code, woreda_id, name) values ('K1', 1, 'k1');
insert into bot_users (telegram_id, chat_id) values (1, 1);
insert into da_roles (name) values ('DA');
insert into da_profiles (first_name, father_name, grand_father_name, phone_number, telegram_phone_number, sex,
  region_id, zone_id, woreda_id, kebele_id, role_id, created_by)
  values ('A', 'B', 'C', '0911000001', '0911000001', 'female', 1, 1, 1, 1, 1, 1);
insert into development_groups (group_name, group_type, kebele_id, created_by) values ('g1', 'mixed', 1, 1);
insert into farmers (farmer_name, father_name, grand_father_name, phone_number, gender, kebele_id,
  development_group_id, created_by) values
  ('Abebe', 'Kebede', 'Tesfaye', '911000002', 'male', 1, 1, 1),
  ('ABEBE ', 'Kebede', 'Tesfaye', '911000002', 'male', 1, 1, 1);
`;

it('migrates a registry that holds duplicates, and counts a retirement out of the rollups', async () => {
  const db = pgliteDb(await PGlite.create());
  const before = migrations.filter((m) => m.version < 23);
  await migrate(db, undefined, before);
  await db.exec(DATA);
  expect(
    (
      await migrate(
        db,
        undefined,
        migrations.filter((m) => m.version <= 23),
      )
    ).applied,
  ).toEqual([23]);
  const keys = await db.query<{ k: string }>(
    'select farmer_name_key(farmer_name, father_name, grand_father_name) as k from farmers order by id',
  );
  expect(keys.rows).toEqual([{ k: 'abebe kebede tesfaye' }, { k: 'abebe kebede tesfaye' }]);
  // The phone's key (the farmer form's check on the kept list) is the database's, name for name.
  for (const [farmer_name, father_name, grand_father_name] of [
    ['  Chaltú ', 'Gemechu\t', 'Dírbaba'],
    ['አበበ\u135f', 'ከበደ', ' ተስፋዬ  '],
    ['ÉLSA  Marie', 'Nan', 'O\u0308zil'],
  ] as const) {
    const sql = await db.query<{ k: string }>('select farmer_name_key($1, $2, $3) as k', [
      farmer_name,
      father_name,
      grand_father_name,
    ]);
    expect(farmerNameKey({ farmer_name, father_name, grand_father_name })).toBe(sql.rows[0]?.k);
  }
  const farmers = async () =>
    Number((await db.query<{ n: number }>('select sum(farmers)::int as n from report_daily')).rows[0]?.n);
  expect(await farmers()).toBe(2);
  await db.query("update farmers set retired_at = now(), retired_reason = 'duplicate' where id = 2");
  expect(await farmers()).toBe(1);
  // A farmer keeps their kebele (an update that leaves it alone passes).
  await expect(db.query('update farmers set kebele_id = 1 where id = 1')).resolves.toBeDefined();
  await db.exec("insert into kebeles (code, woreda_id, name) values ('K2', 1, 'k2')");
  await expect(db.query('update farmers set kebele_id = 2 where id = 1')).rejects.toThrow(
    /keeps their kebele/,
  );
  await db.close();
});
