// Reports at scale (issue 20): a region's and a kebele's report read from the daily rollups
// (migration 009, the route's own SQL: bot/src/backend/routes/reports.ts) beside the same figures
// counted over the raw rows, in the same run, on a throwaway PostgreSQL database. The data is
// written through the tables' triggers, as the routes write it, in batches, shaped as DAs work:
// sessions of about 25 farmers of one kebele, one day and one advisory, over a year.
//
//   node scripts/system-deps.mjs --postgres-env > /tmp/pgenv.sh; source /tmp/pgenv.sh
//   nice -n 10 node --import tsx scripts/bench/reports.ts [--farmers 1000000] [--reach 1500000]
import { parseArgs } from 'node:util';
import { addDays, defaultPeriod, type ReportLevel, reportDayOf, reportWeeks } from '@gebere/contract';
import type { Queryable } from '../../bot/src/backend/db/types';
import { buildReport } from '../../bot/src/backend/routes/reports';
import { withThrowawayDb } from './throwaway-postgres';

const { values } = parseArgs({
  options: {
    regions: { type: 'string', default: '11' },
    // zones per region, woredas per zone, kebeles per woreda: 11 × 10 × 10 × 18 ≈ 19,800 kebeles
    zones: { type: 'string', default: '10' },
    woredas: { type: 'string', default: '10' },
    kebeles: { type: 'string', default: '18' },
    farmers: { type: 'string', default: '1000000' },
    reach: { type: 'string', default: '1500000' },
    adoption: { type: 'string', default: '400000' },
    runs: { type: 'string', default: '30' },
    'naive-runs': { type: 'string', default: '5' },
  },
});
const n = (k: keyof typeof values) => Number(values[k]);

// The raw rows as a report counts them: day (Addis Ababa), kebele, DA, advisory, kind.
const RAW = `(
  select report_day(t.created_at) as day, t.kebele_id as kebele, t.created_by as da, null::bigint as advisory,
         1 as farmers, 0 as groups, 0 as reach, 0 as adoption from farmers t
  union all
  select report_day(t.created_at), t.kebele_id, t.created_by, null, 0, 1, 0, 0 from development_groups t
  union all
  select report_day(t.created_at), f.kebele_id, t.created_by, t.advisory_id, 0, 0, 1, 0
  from reach_records t join farmers f on f.id = t.farmer_id
  union all
  select report_day(t.created_at), f.kebele_id, t.created_by, t.advisory_id, 0, 0, 0, 1
  from adoption_records t join farmers f on f.id = t.farmer_id
)`;
const SUMS = 'sum(x.farmers), sum(x.groups), sum(x.reach), sum(x.adoption)';
const AREA = { region: 'z.region_id', zone: 'w.zone_id', woreda: 'k.woreda_id', kebele: 'k.id' } as const;

/** The report's figures counted over the raw rows: weeks, totals, value chains, advisories, areas, DAs. */
async function naiveReport(
  db: Queryable,
  level: Exclude<ReportLevel, 'all'>,
  id: number,
  from: string,
  to: string,
) {
  const child = { region: 'w.zone_id', zone: 'k.woreda_id', woreda: 'k.id', kebele: 'null' }[level];
  const base = `from ${RAW} x join kebeles k on k.id = x.kebele join woredas w on w.id = k.woreda_id
    join zones z on z.id = w.zone_id left join advisories a on a.id = x.advisory
    where ${AREA[level]} = $1 and x.day between $2::date and $3::date`;
  const weekFrom = reportWeeks(to)[0] as string;
  await Promise.all([
    db.query(`select x.day - (extract(isodow from x.day)::int - 1), ${SUMS} ${base} group by 1`, [
      id,
      weekFrom,
      to,
    ]),
    db.query(`select ${SUMS} ${base}`, [id, from, to]),
    db.query(`select a.value_chain_id, ${SUMS} ${base} and x.advisory is not null group by 1`, [
      id,
      from,
      to,
    ]),
    db.query(
      `select x.advisory, ${SUMS} ${base} and x.advisory is not null group by 1 order by 4 desc limit 100`,
      [id, from, to],
    ),
    db.query(`select ${child}, ${SUMS} ${base} group by 1`, [id, from, to]),
    db.query(`select x.da, ${SUMS} ${base} group by 1 order by 4 desc limit 100`, [id, from, to]),
  ]);
}

async function timed(runs: number, fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await fn(); // warm the cache once
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] as number;
  return { p50: q(0.5), p95: q(0.95) };
}

async function main() {
  await withThrowawayDb('gebere_reports_bench', async (db) => {
    const started = performance.now();
    const step = (what: string) =>
      console.log(`  ${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const [regions, zones, woredas, kebeles] = [n('regions'), n('zones'), n('woredas'), n('kebeles')];
    await db.exec(`
      insert into regions (id, code, name) overriding system value
        select g, 'R' || g, 'Region ' || g from generate_series(1, ${regions}) g;
      insert into zones (id, code, region_id, name) overriding system value
        select g, 'Z' || g, 1 + (g - 1) / ${zones}, 'Zone ' || g from generate_series(1, ${regions * zones}) g;
      insert into woredas (id, code, zone_id, name) overriding system value
        select g, 'W' || g, 1 + (g - 1) / ${woredas}, 'Woreda ' || g
        from generate_series(1, ${regions * zones * woredas}) g;
      insert into kebeles (id, code, woreda_id, name) overriding system value
        select g, 'K' || g, 1 + (g - 1) / ${kebeles}, 'Kebele ' || g
        from generate_series(1, ${regions * zones * woredas * kebeles}) g;
      insert into bot_users (telegram_id, chat_id) values (1, 1);
      insert into da_roles (name) values ('DA');
      insert into value_chain_categories (name) values ('Crops');
      insert into value_chains (category_id, name) select 1, 'Value chain ' || g from generate_series(1, 20) g;
      insert into advisories (label, value_chain_id, level, region_id)
        select 'Advisory ' || g, 1 + g % 20, 'region', 1 + g % ${regions} from generate_series(1, 200) g;
    `);
    const kebeleCount = regions * zones * woredas * kebeles;
    // One DA and one group per kebele, a year ago.
    await db.exec(`
      insert into da_profiles (id, first_name, father_name, grand_father_name, phone_number, telegram_phone_number,
        sex, region_id, zone_id, woreda_id, kebele_id, role_id, created_by) overriding system value
        select k.id, 'DA', 'of', k.name, '09' || lpad(k.id::text, 8, '0'), '09' || lpad(k.id::text, 8, '0'),
          'female', z.region_id, w.zone_id, k.woreda_id, k.id, 1, 1
        from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id;
      insert into development_groups (id, group_name, group_type, kebele_id, created_by, created_at)
        overriding system value
        select k.id, 'Group', 'mixed', k.id, k.id, now() - interval '365 days' * random() from kebeles k;
    `);
    step(`${kebeleCount} kebeles, DAs and groups`);
    // As DAs work: a session is about 25 farmers of one kebele on one day, for one advisory.
    const batch = 250_000;
    const perKebele = `greatest(1, $3::int / ${kebeleCount})`;
    for (let from = 0; from < n('farmers'); from += batch) {
      const to = Math.min(n('farmers'), from + batch);
      await db.query(
        `insert into farmers (id, farmer_name, father_name, grand_father_name, gender, kebele_id,
           development_group_id, created_by, created_at) overriding system value
         select g, 'F', 'F', 'F', 'male', k, k, k,
           now() - interval '1 day' * ((g / 25) * 7919 % 365) - interval '1 hour' * (g % 8)
         from generate_series($1::int + 1, $2::int) g,
           lateral (select least(${kebeleCount}, 1 + (g - 1) / ${perKebele}) as k) kk`,
        [from, to, n('farmers')],
      );
    }
    step(`${n('farmers')} farmers`);
    for (const [table, total, shift] of [
      ['reach_records', n('reach'), 0],
      ['adoption_records', n('adoption'), 3],
    ] as const) {
      for (let from = 0; from < total; from += batch) {
        const to = Math.min(total, from + batch);
        // Round r = g / farmers gives each farmer another advisory (37·r mod 200: distinct pairs).
        await db.query(
          `insert into ${table} (farmer_id, advisory_id, created_by, created_at)
           select f, 1 + ((g / $3::int) * 37 + f / 25) % 200, least(${kebeleCount}, 1 + (f - 1) / ${perKebele}),
             now() - interval '1 day' * (((f / 25) * 7919 + (g / $3::int) * 31 + ${shift}) % 365)
           from generate_series($1::int, $2::int - 1) g, lateral (select 1 + g % $3::int as f) ff
           on conflict do nothing`,
          [from, to, n('farmers')],
        );
      }
      step(`${total} ${table}`);
    }
    await db.exec('analyze');
    const rollups = await db.query<{ n: number }>('select count(*)::int as n from report_daily');
    step(`analyzed; report_daily holds ${rollups.rows[0]?.n} rows`);

    const today = reportDayOf(new Date());
    const { from, to } = defaultPeriod(today);
    const year = { from: addDays(today, -364), to: today };
    console.log(
      `\nreports, PostgreSQL, ${kebeleCount} kebeles, ${n('farmers')} farmers, ${n('reach')} reach, ` +
        `${n('adoption')} adoption records (p50 / p95 ms, ${n('runs')} runs; raw rows ${n('naive-runs')} runs)\n`,
    );
    console.log('| report                      | rollups (the route)   | raw rows (naive)      |');
    console.log('| --------------------------- | --------------------- | --------------------- |');
    const cases: Array<[string, Exclude<ReportLevel, 'all'>, number, { from: string; to: string }]> = [
      ['region, 12 weeks', 'region', 1, { from, to }],
      ['region, 52 weeks', 'region', 1, year],
      ['kebele, 12 weeks', 'kebele', 1, { from, to }],
      ['kebele, 52 weeks', 'kebele', 1, year],
    ];
    for (const [label, level, id, period] of cases) {
      const fast = await timed(n('runs'), () =>
        buildReport(db, { level, id, ...period, valueChain: null }, []),
      );
      const slow = await timed(n('naive-runs'), () => naiveReport(db, level, id, period.from, period.to));
      const f = (t: { p50: number; p95: number }) => `${t.p50.toFixed(1)} / ${t.p95.toFixed(1)}`.padEnd(21);
      console.log(`| ${label.padEnd(27)} | ${f(fast)} | ${f(slow)} |`);
    }
  });
}

await main();
