// Advisories for a location without a sub-practice: the listAdvisories route's SQL for
// `?location=kebele,<id>` over 21 k generated advisories, with the area condition as an EXISTS
// over the ancestors (before) and as equalities on one-row subqueries (now), which PostgreSQL
// answers from the four partial area indexes. Throwaway PostgreSQL database.
//
//   node scripts/system-deps.mjs --postgres-env > /tmp/pgenv.sh; source /tmp/pgenv.sh
//   nice -n 10 node --import tsx scripts/bench/advisory-location.ts [--advisories 21000]
import { parseArgs } from 'node:util';
import { APPLIES, APPLIES_INDEXED, applicableCte, seed } from '@gebere/bot/backend';
import { withThrowawayDb } from './throwaway-postgres';

const { values } = parseArgs({
  options: { advisories: { type: 'string', default: '21000' }, runs: { type: 'string', default: '100' } },
});

// As listAdvisories composes it (routes/advisories.ts + serving/paginate.ts page()).
const listSql = (applies: string) => `select t.*, count(*) over () as __total from (
  with ${applicableCte('kebele', 4)}
  select a.id, a.label, a.label_am, a.template_content, a.template_content_am, a.sub_practice_id as sub_practice,
    a.value_chain_id as value_chain, iso(a.created_at) as created_at, a.created_at as created_ts
  from advisories a where ($1::bigint is null or a.id = $1) and ($2::bigint is null or a.value_chain_id = $2)
    and ($3::bigint is null or a.sub_practice_id = $3) and ${applies}) t
  order by created_ts desc, id desc limit 20 offset 0`;

async function main() {
  await withThrowawayDb('gebere_advisory_bench', async (db) => {
    await seed(db, { demoData: false });
    // Mostly kebele advisories spread over every kebele, some per woreda, zone and region.
    await db.query(
      `with k as (select k.id, k.woreda_id, w.zone_id, z.region_id, row_number() over (order by k.id) as i
                  from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id),
       n as (select count(*) as c from k)
       insert into advisories (code, label, template_content, level, region_id, zone_id, woreda_id, kebele_id, created_at)
       select 'BENCH-' || g, 'Advisory ' || g, '[{"type":"text","text":"Plant in rows."}]',
         lv, case when lv = 'region' then k.region_id end, case when lv = 'zone' then k.zone_id end,
         case when lv = 'woreda' then k.woreda_id end, case when lv = 'kebele' then k.id end,
         now() - g * interval '1 minute'
       from generate_series(1, $1::int) g cross join n
       join k on k.i = 1 + g % n.c
       cross join lateral (select case when g % 50 = 0 then 'region' when g % 20 = 0 then 'zone'
                                       when g % 5 = 0 then 'woreda' else 'kebele' end as lv) l`,
      [Number(values.advisories)],
    );
    await db.exec('vacuum analyze');
    const kebele = await db.query<{ id: number }>(
      `select kebele_id as id from advisories where kebele_id is not null order by id limit 1`,
    );
    const params = [null, null, null, Number(kebele.rows[0]?.id)];
    const runs = Number(values.runs);
    for (const [label, applies] of [
      ['before: exists over anc', `exists (select 1 from anc where ${APPLIES})`],
      ['now: indexed equalities', APPLIES_INDEXED],
    ] as const) {
      const sql = listSql(applies);
      const rows = await db.query(sql, params);
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        await db.query(sql, params);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const q = (p: number) =>
        (times[Math.min(times.length - 1, Math.floor(p * times.length))] as number).toFixed(1);
      const explain = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`, params);
      const lines = explain.rows.map((r) => r['QUERY PLAN']);
      const scan = lines.some((l) => l.includes('Seq Scan on advisories')) ? 'seq scan' : 'index scans';
      console.log(
        `${label.padEnd(26)} ${rows.rows.length} rows; p50 ${q(0.5)} ms, p99 ${q(0.99)} ms; ` +
          `${lines.find((l) => l.startsWith('Execution Time'))}; advisories by ${scan}`,
      );
    }
  });
}

await main();
