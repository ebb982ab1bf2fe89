// National-scale data, generated in SQL with generate_series on a migrated and
// seeded database (the real admin tree: 19.5 k kebeles): DAs with verified bot users, development
// groups, farmers with realistic Ethiopian names, advisories at every level, reach and adoption
// records, weekly location notifications. Every foreign key is consistent (a farmer's group is in
// its kebele, a record's DA is the one of the farmer's group). Ratios are the national
// figures (15 M farmers: 65 k DAs, 170 k groups, 21 k advisories, 10 M reach, 3 M adoption, 50 k
// notifications), scaled by the farmer count.
//
//   node scripts/system-deps.mjs --postgres-env > /tmp/pgenv.sh; source /tmp/pgenv.sh
//   nice -n 10 node --import tsx scripts/bench/national-data.ts [--scale 1m|15m]
//
// Alone it generates on a throwaway database, prints the load time and table sizes, and drops it.
// scripts/bench/screens.ts uses generateNational(). 15m needs ~5 GB of disk and several minutes.
import { parseArgs } from 'node:util';
import type { Db } from '@gebere/bot/backend';
import { engineBackfill } from './engine-queue-data';

export const SCALES = { '1m': 1_000_000, '15m': 15_000_000 } as const;
export type Scale = keyof typeof SCALES;

/** How many of each, for `farmers` farmers (the national ratios). */
export function sizesFor(farmers: number) {
  return {
    farmers,
    das: Math.round(farmers / 230),
    groups: Math.round(farmers / 88),
    advisories: Math.round(farmers / 714),
    reach: Math.round(farmers * 0.667),
    adoption: Math.round(farmers * 0.2),
    notifications: Math.round(farmers / 300),
  };
}
export type Sizes = ReturnType<typeof sizesFor>;

// Common given names and fathers' names in Amharic- and Oromo-speaking regions (romanised).
const MALE = `Abebe Kebede Tesfaye Mulugeta Girma Alemu Haile Bekele Tadesse Getachew Dawit Solomon Yohannes
  Tekle Worku Legesse Desta Mesfin Ayele Fikadu Lemma Gemechu Tolosa Chala Abdi Bekele Gudeta Jemal Kedir
  Lencho Tamirat Wondimu Yared Biniam Sisay Endale Asfaw Berhanu Demissie Negash`.split(/\s+/);
const FEMALE = `Almaz Tigist Meseret Hirut Aster Mulu Genet Selamawit Birtukan Tsehay Alem Yeshi Senait
  Marta Hana Rahel Meron Bethlehem Fatuma Chaltu Lensa Gete Ayantu Bontu Hawi Obse Sena Tsion Zewditu
  Workinesh Etenesh Abebech Kidist Mahlet Eyerusalem Tirunesh Ruth Lidya Feven Sara`.split(/\s+/);
const arr = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;
/** The `i`-th name of a list, spread by a multiplicative hash of `i`. */
const pick = (list: string[], i: string) => `(${arr(list)})[1 + ((${i}) * 2654435761 % ${list.length})::int]`;

const CHUNK = 1_000_000;
// The rollups (migration 9) count what is generated, as they count what the routes write: these
// statement-level triggers fire even with the foreign-key triggers off (session_replication_role).
const ROLLUP_TRIGGERS = [
  ['farmers', 'farmers_report'],
  ['development_groups', 'development_groups_report'],
  ['reach_records', 'reach_records_report'],
  ['adoption_records', 'adoption_records_report'],
];

/**
 * Generates national-scale data on `db` (migrated, admin areas seeded), in one transaction on one
 * connection. Returns the sizes and the ids the benchmark needs. The foreign-key triggers are off
 * (session_replication_role = replica: the keys are consistent by construction) but the rollups
 * count every row. Shaped as DAs work, so the rollups are as large as real ones (scripts/bench/
 * README): a group is registered in sessions of about 30 farmers a day; reach is recorded in
 * sessions of 25 farmers of one group, one advisory and one day, about 2.4 a group over a year;
 * three in ten sessions are followed two weeks later by the same farmers' adoption.
 */
export async function generateNational(db: Db, farmers: number, log: (s: string) => void = () => {}) {
  const n = sizesFor(farmers);
  const ids = await db.transaction(async (tx) => {
    const step = async (label: string, sql: string, params: unknown[] = []) => {
      const t0 = performance.now();
      await tx.query(sql, params);
      log(`  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    };
    const chunked = async (label: string, total: number, sql: string, params: unknown[]) => {
      const t0 = performance.now();
      for (let lo = 0; lo < total; lo += CHUNK)
        await tx.query(sql, [lo, Math.min(total, lo + CHUNK), ...params]);
      log(`  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    };
    await tx.exec(`set local session_replication_role = replica;
      ${ROLLUP_TRIGGERS.map(([t, trigger]) => `alter table ${t} enable always trigger ${trigger};`).join('\n')}
      create temporary table bench_kebeles on commit drop as
        select row_number() over (order by k.id) - 1 as rn, k.id, k.woreda_id, w.zone_id, z.region_id
        from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id;
      create unique index on bench_kebeles(rn);`);
    const kebeles = Number(
      (await tx.query<{ n: number }>('select count(*)::int as n from bench_kebeles')).rows[0]?.n,
    );
    const base = async (table: string) =>
      Number(
        (await tx.query<{ m: number }>(`select coalesce(max(id), 0)::bigint as m from ${table}`)).rows[0]?.m,
      ) + 1;
    const userBase = await base('bot_users');
    const daBase = await base('da_profiles');
    const groupBase = await base('development_groups');
    const farmerBase = await base('farmers');
    const advisoryBase = await base('advisories');
    const role = Number((await tx.query<{ id: number }>('select min(id) as id from da_roles')).rows[0]?.id);
    // DA d (0-based) works in kebele d mod K; group j belongs to DA j mod D (so to its kebele) and
    // was registered on day groupAt(j), its farmers (consecutive ids, as a DA registers a group's)
    // in sessions of 30 a day from then; farmer f is in group j = floor(f·G/F), which starts at
    // first(j) = ceil(j·F/G).
    const daKebele = (d: string) => `((${d}) % ${kebeles})`;
    const first = (j: string) => `((${j}) * ${n.farmers} + ${n.groups} - 1) / ${n.groups}`;
    const groupAt = (j: string) =>
      `(now() - ((${j}) * 7919 % 700) * interval '1 day' - ((${j}) % 5) * interval '1 hour')`;
    await step(
      `${n.das.toLocaleString('en')} DAs and their bot users`,
      `insert into bot_users (id, telegram_id, chat_id, first_name, language, phone_number, verification_status,
         da_profile_id, created_at, updated_at) overriding system value
       select $1::bigint + g, 5000000000 + g, 5000000000 + g, ${pick(MALE, 'g')},
         (array['am','en','om'])[1 + g % 3], '+2519' || lpad(g::text, 8, '0'), 'VERIFIED', $2::bigint + g,
         now() - interval '800 days', now() - interval '800 days'
       from generate_series(0, $3::int - 1) g`,
      [userBase, daBase, n.das],
    );
    await step(
      'DA profiles',
      `insert into da_profiles (id, first_name, father_name, grand_father_name, phone_number, telegram_phone_number,
         sex, region_id, zone_id, woreda_id, kebele_id, role_id, created_by) overriding system value
       select $1::bigint + g, case when g % 3 = 0 then ${pick(FEMALE, 'g')} else ${pick(MALE, 'g')} end,
         ${pick(MALE, 'g + 7')}, ${pick(MALE, 'g + 13')}, '9' || lpad(g::text, 8, '0'), '9' || lpad(g::text, 8, '0'),
         case when g % 3 = 0 then 'female' else 'male' end, k.region_id, k.zone_id, k.woreda_id, k.id, $3, $2::bigint + g
       from generate_series(0, $4::int - 1) g join bench_kebeles k on k.rn = ${daKebele('g')}`,
      [daBase, userBase, role, n.das],
    );
    await step(
      `${n.groups.toLocaleString('en')} development groups`,
      `insert into development_groups (id, group_name, group_type, kebele_id, created_by, created_at)
       overriding system value
       select $1::bigint + j, ${pick(MALE, 'j + 3')} || ' ' || (array['Limat','Hibret','Tesfa','Misooma','Tokkummaa'])[1 + j % 5]
         || ' ' || (1 + j / ${n.das}), (array['men_only','women_only','mixed'])[1 + j % 3], k.id, $2::bigint + j % $3::int,
         ${groupAt('j')}
       from generate_series(0, $4::int - 1) j join bench_kebeles k on k.rn = ${daKebele(`j % ${n.das}`)}`,
      [groupBase, daBase, n.das, n.groups],
    );
    await chunked(
      `${n.farmers.toLocaleString('en')} farmers`,
      n.farmers,
      `insert into farmers (id, farmer_name, father_name, grand_father_name, phone_number, gender, kebele_id,
         development_group_id, created_by, created_at) overriding system value
       select $3::bigint + f, case when f % 2 = 0 then ${pick(FEMALE, 'f')} else ${pick(MALE, 'f')} end,
         ${pick(MALE, 'f + 11')}, ${pick(MALE, 'f + 17')},
         case when f % 4 = 0 then null else '9' || lpad((10000000 + f)::text, 8, '0') end,
         case when f % 2 = 0 then 'female' else 'male' end, k.id, $4::bigint + j, $6::bigint + j % $7::int,
         least(now(), ${groupAt('j')} + ((f - ${first('j')}) / 30) * interval '1 day')
       from generate_series($1::int, $2::int - 1) f, lateral (select f::bigint * $5::int / ${n.farmers} as j) jj
       join bench_kebeles k on k.rn = ${daKebele(`j % ${n.das}`)}`,
      [farmerBase, groupBase, n.groups, daBase, n.das],
    );
    await step(
      `${n.advisories.toLocaleString('en')} advisories`,
      `insert into advisories (id, code, label, template_content, template_content_am, value_chain_id, sub_practice_id,
         level, region_id, zone_id, woreda_id, kebele_id) overriding system value
       select $1::bigint + a, 'BENCH-' || a, 'Advisory ' || a || ': ' || (array['Row planting of teff','Improved maize seed',
           'Compost before the rains','Treat seed against smut','Harvest on time'])[1 + a % 5],
         '["Plant in rows, 20 cm apart.", "Weed twice before flowering."]'::jsonb, null,
         (select id from value_chains order by id offset a % greatest(1, (select count(*) from value_chains)) limit 1),
         case when a % 3 = 0 then null else
           (select id from sub_practices order by id offset a % greatest(1, (select count(*) from sub_practices)) limit 1) end,
         (array['kebele','woreda','zone','region'])[1 + a % 4], case when a % 4 = 3 then k.region_id end,
         case when a % 4 = 2 then k.zone_id end, case when a % 4 = 1 then k.woreda_id end,
         case when a % 4 = 0 then k.id end
       from generate_series(0, $2::int - 1) a join bench_kebeles k on k.rn = (a * 7919) % ${kebeles}`,
      [advisoryBase, n.advisories],
    );
    // A year of records needs its months' partitions (migration 13 made this month's and later).
    await step(
      'record partitions for the past year',
      `select record_partition_create(t, m::date) from unnest(array['reach_records', 'adoption_records']) t,
         generate_series(date_trunc('month', now() at time zone 'UTC' - interval '13 months'),
                         date_trunc('month', now() at time zone 'UTC'), interval '1 month') m`,
    );
    // Reach row r: session s = r / 25 of group j = s mod G (its round q = s / G), the session's
    // (r mod 25)-th farmer, advisory and day; by the group's DA. Each pair once (the key table's
    // primary key would refuse a repeat). The keys are written beside the rows, as the claim
    // trigger would (it is off with the foreign keys).
    const session = (r: string, at: string, where = 'true') => `
      select $3::bigint + ${first('j')} + (q * 25 + r % 25) % (${first('j + 1')} - ${first('j')}),
        $5::bigint + (s * 31) % $6::int, $7::bigint + j % $8::int, ${at}
      from generate_series($1::int, $2::int - 1) g, lateral (select ${r} as r) rr, lateral (select r / 25 as s) ss,
        lateral (select s % $4::bigint as j, s / $4::bigint as q) jq
      where ${where}`;
    const reachAt = `now() - ((s * 7919) % 365) * interval '1 day' - (s % 9) * interval '1 hour'`;
    const withKeys = (table: string, rows: string) => `
      with ins as (insert into ${table}_records (farmer_id, advisory_id, created_by, created_at) ${rows}
                   returning id, farmer_id, advisory_id, created_by, created_at)
      insert into ${table}_record_keys (farmer_id, advisory_id, created_by, id, created_at)
      select farmer_id, advisory_id, created_by, id, created_at from ins`;
    const recordParams = [farmerBase, n.groups, advisoryBase, n.advisories, daBase, n.das];
    await chunked(
      `${n.reach.toLocaleString('en')} reach records`,
      n.reach,
      withKeys('reach', session('g::bigint', reachAt)),
      recordParams,
    );
    // Adoption row g: the farmer and advisory of reach row r, in three sessions of every ten.
    await chunked(
      `${n.adoption.toLocaleString('en')} adoption records (fewer: only where the reach row exists)`,
      n.adoption,
      withKeys(
        'adoption',
        session(
          '((g::bigint / 25 / 3) * 10 + (g::bigint / 25) % 3) * 25 + g % 25',
          `least(now(), ${reachAt} + interval '14 days')`,
          `r < ${n.reach}`,
        ),
      ),
      recordParams,
    );
    await step(
      `${n.notifications.toLocaleString('en')} weekly notifications`,
      `insert into location_notifications (name, message, content_type, location_type, location_id, region_id, zone_id,
         woreda_id, kebele_id, frequency, "interval", created_by, created_at, updated_at)
       select 'Reminder ' || g, 'Record this week''s reach.', (array['reach','adoption','advisory'])[1 + g % 3],
         t.type, case t.type when 'kebele' then k.id when 'woreda' then k.woreda_id end,
         k.region_id, k.zone_id, case when t.type in ('kebele', 'woreda') then k.woreda_id end,
         case when t.type = 'kebele' then k.id end, 'weekly', 1, $1::bigint + g % $2::int,
         now() - interval '30 days', now() - interval '30 days'
       from generate_series(0, $3::int - 1) g join bench_kebeles k on k.rn = ${daKebele(`g % ${n.das}`)}
       cross join lateral (select case when g % 2 = 0 then 'kebele' else 'woreda' end as type) t`,
      [userBase, n.das, n.notifications],
    );
    await tx.exec(`${ROLLUP_TRIGGERS.map(([t, trigger]) => `alter table ${t} enable trigger ${trigger};`).join('\n')}
      select setval(pg_get_serial_sequence('bot_users', 'id'), (select max(id) from bot_users));
      select setval(pg_get_serial_sequence('da_profiles', 'id'), (select max(id) from da_profiles));
      select setval(pg_get_serial_sequence('development_groups', 'id'), (select max(id) from development_groups));
      select setval(pg_get_serial_sequence('farmers', 'id'), (select max(id) from farmers));
      select setval(pg_get_serial_sequence('advisories', 'id'), (select max(id) from advisories));`);
    // What the rollups counted is what was written, or the reports benchmark would mislead.
    const check = await tx.query<{ ok: boolean }>(
      `select (select sum(reach) from report_daily) = (select count(*) from reach_records)
          and (select sum(adoption) from report_daily) = (select count(*) from adoption_records)
          and (select sum(farmers) from report_daily) = (select count(*) from farmers)
          and (select count(*) from reach_record_keys) = (select count(*) from reach_records) as ok`,
    );
    if (!check.rows[0]?.ok) throw new Error('the rollups or the key tables do not match the generated rows');
    return { sizes: n, userBase, daBase, groupBase, farmerBase, advisoryBase };
  });
  // The engine's counters (migration 12) are row triggers, off while replicating: count what the
  // generator wrote (recipients per area, plans for the new notifications) as the triggers would.
  await engineBackfill(db);
  // As a database that has been running a while: vacuumed (visibility maps set, so index-only
  // scans skip the heap) and analyzed, and no autovacuum of freshly loaded tables competing with
  // what is timed next.
  const t0 = performance.now();
  await db.exec('vacuum (analyze)');
  log(`  vacuum and analyze: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return ids;
}

/** The largest tables and their size with indexes (a partitioned table with its partitions). */
export async function tableSizes(db: Db): Promise<Array<{ table: string; rows: number; mb: number }>> {
  const r = await db.query<{ table: string; rows: number; bytes: number }>(
    `select c.relname as table,
       (case when c.relkind = 'p' then sum(greatest(p.reltuples, 0)) else greatest(c.reltuples, 0) end)::bigint as rows,
       pg_total_relation_size(c.oid) + coalesce(sum(pg_total_relation_size(p.oid)), 0) as bytes
     from pg_class c join pg_namespace s on s.oid = c.relnamespace
     left join pg_inherits i on i.inhparent = c.oid left join pg_class p on p.oid = i.inhrelid
     where s.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
     group by c.oid, c.relname, c.relkind, c.reltuples order by bytes desc limit 10`,
  );
  return r.rows.map((x) => ({ table: x.table, rows: Number(x.rows), mb: Number(x.bytes) / 1048576 }));
}

async function main() {
  const { values } = parseArgs({
    options: { scale: { type: 'string', default: '1m' } },
  });
  const farmers = SCALES[values.scale as Scale];
  if (!farmers) throw new Error(`--scale must be one of ${Object.keys(SCALES).join(', ')}`);
  const { withThrowawayDb } = await import('./throwaway-postgres');
  const { seed } = await import('@gebere/bot/backend');
  await withThrowawayDb('gebere_national', async (db) => {
    await seed(db, { demoData: true });
    const t0 = performance.now();
    await generateNational(db, farmers, console.log);
    console.log(`loaded ${values.scale} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const total = await db.query<{ mb: number }>(
      'select pg_database_size(current_database()) / 1048576.0 as mb',
    );
    console.log(`database ${Number(total.rows[0]?.mb).toFixed(0)} MB`);
    for (const t of await tableSizes(db))
      console.log(
        `  ${t.table.padEnd(28)} ${t.rows.toLocaleString('en').padStart(12)} rows ${t.mb.toFixed(0).padStart(7)} MB`,
      );
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
