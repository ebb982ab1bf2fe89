// A heavy creator's notification list: 1,786 of 45 k notifications, `paginate=false`,
// the route's SQL with iso() declared IMMUTABLE (before migration 008) and STABLE (now), on a
// throwaway PostgreSQL database. Prints EXPLAIN ANALYZE's times and p50/p99 of the query.
//
//   node scripts/system-deps.mjs --postgres-env > /tmp/pgenv.sh; source /tmp/pgenv.sh
//   nice -n 10 node --import tsx scripts/bench/creator-list.ts [--mine 1786] [--others 45000]
import { parseArgs } from 'node:util';
import { LIST_CEILING } from '@gebere/contract';
import { withThrowawayDb } from './throwaway-postgres';

const { values } = parseArgs({
  options: {
    mine: { type: 'string', default: '1786' },
    others: { type: 'string', default: '45000' },
    runs: { type: 'string', default: '200' },
  },
});

// As listNotificationsByCreator composes it (routes/notifications.ts COLUMNS + serving/paginate.ts).
const LIST = `select t.*, count(*) over () as __total from (
  select n.id, n.name, n.message, n.content_type, n.send_now, n.location_type, n.location_id,
    n.region_id, n.zone_id, n.woreda_id, n.kebele_id, n.frequency, n."interval", n.active, n.created_by,
    iso(n.created_at) as created_at, n.created_at as created_ts
  from location_notifications n where n.created_by = $1 and n.active) t
  order by created_ts desc, id desc limit $2`;

async function main() {
  await withThrowawayDb('gebere_list_bench', async (db) => {
    await db.query(
      `insert into bot_users (id, telegram_id, chat_id, first_name) overriding system value
       select g, 9000000000 + g, 9000000000 + g, 'Creator ' || g from generate_series(1, 100) g`,
    );
    // Creator 1 has `mine`; the rest belong to 99 others. Texts of a realistic length.
    await db.query(
      `insert into location_notifications (name, message, content_type, location_type, frequency, "interval",
         created_by, created_at, updated_at)
       select 'Weekly reminder ' || g, repeat('Record this week''s reach and adoption. ', 8), 'reach', 'all',
         'weekly', 1, case when g <= $1::int then 1 else 2 + g % 99 end,
         now() - g * interval '1 hour', now() - g * interval '1 hour'
       from generate_series(1, $1::int + $2::int) g`,
      [Number(values.mine), Number(values.others)],
    );
    await db.exec('analyze');
    const params = [1, LIST_CEILING];
    const runs = Number(values.runs);
    for (const [label, volatility] of [
      ['before: iso() IMMUTABLE', 'immutable'],
      ['now: iso() STABLE', 'stable'],
    ] as const) {
      await db.exec(`alter function iso(timestamptz) ${volatility}`);
      for (let i = 0; i < 10; i++) await db.query(LIST, params);
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        await db.query(LIST, params);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const q = (p: number) =>
        (times[Math.min(times.length - 1, Math.floor(p * times.length))] as number).toFixed(1);
      const explain = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, verbose) ${LIST}`, params);
      const lines = explain.rows.map((r) => r['QUERY PLAN']);
      const exec = lines.find((l) => l.startsWith('Execution Time')) ?? '';
      const inlined = lines.some((l) => l.includes('to_char('));
      console.log(
        `${label.padEnd(24)} query p50 ${q(0.5)} ms, p99 ${q(0.99)} ms (${runs} runs, round trip); ` +
          `EXPLAIN ANALYZE ${exec}; ${inlined ? 'inlined (to_char in the plan)' : 'called per row (iso in the plan)'}`,
      );
    }
  });
}

await main();
