// How to keep reach records idempotent per (farmer, advisory, DA) once they are partitioned by
// month: a unique constraint on a partitioned table must include the partition
// key, so PostgreSQL cannot enforce the natural key across months by itself. Each candidate is
// built beside the others on one national-scale database (national-data.ts) from the same reach
// rows, with the real foreign keys and the real rollup trigger (migration 009), and timed on the
// route's own statements for a batch of 50 new pairs, 8 DAs at once (c=8), and for a re-posted
// batch (every pair already there). Rounds alternate the order, so other work on the machine
// blurs every candidate alike; the ratios to "single" are the figures that mean something.
// The candidates are in record-keys-candidates.ts; "registry, trigger" is migration 13's.
//
//   node scripts/system-deps.mjs --postgres-env > /tmp/pgenv.sh; source /tmp/pgenv.sh
//   nice -n 10 node --import tsx scripts/bench/record-keys.ts [--scale 1m|15m] [--batches 150]
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { Db } from '@gebere/bot/backend';
import { generateNational, SCALES, type Scale } from './national-data';
import { CANDIDATES, type Candidate } from './record-keys-candidates';
import { withThrowawayDb } from './throwaway-postgres';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1m' },
    batches: { type: 'string', default: '150' },
    rounds: { type: 'string', default: '2' },
  },
});
const WORKERS = 8;
const PAIRS = 50;

interface Worker {
  da: number;
  farmers: number[];
}

/** Eight DAs, each with a group of at least 50 farmers in its kebele. */
async function workers(db: Db): Promise<Worker[]> {
  const r = await db.query<{ da: number; farmers: number[] }>(
    `select g.created_by as da, (array_agg(f.id order by f.id))[1:${PAIRS}] as farmers
     from development_groups g join farmers f on f.development_group_id = g.id
     where g.created_by is not null group by g.id having count(*) >= ${PAIRS} order by g.id limit ${WORKERS}`,
  );
  return r.rows.map((x) => ({ da: Number(x.da), farmers: x.farmers.map(Number) }));
}

const quantile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] as number;
};

interface Run {
  ms: number[];
  pairs: number;
  wall: number;
}

/** `batches` batches per worker, 8 at once; batch k of a worker uses advisory k of the list. */
async function run(db: Db, c: Candidate, ws: Worker[], advisories: number[], start: number, batches: number) {
  const out: Run = { ms: [], pairs: 0, wall: 0 };
  const t0 = performance.now();
  await Promise.all(
    ws.map(async (w) => {
      for (let k = start; k < start + batches; k++) {
        const advisory = advisories[k % advisories.length] as number;
        const t = performance.now();
        await c.insert(
          db,
          w.farmers,
          w.farmers.map(() => advisory),
          w.da,
        );
        out.ms.push(performance.now() - t);
        out.pairs += w.farmers.length;
      }
    }),
  );
  out.wall = performance.now() - t0;
  return out;
}

async function main() {
  const scale = values.scale as Scale;
  const farmers = SCALES[scale];
  if (!farmers) throw new Error(`--scale must be one of ${Object.keys(SCALES).join(', ')}`);
  const batches = Number(values.batches);
  const rounds = Number(values.rounds);
  const load = () =>
    loadavg()
      .map((x) => x.toFixed(1))
      .join(' ');
  await withThrowawayDb(
    'gebere_record_keys',
    async (db) => {
      const { seed } = await import('@gebere/bot/backend');
      await seed(db, { demoData: true });
      const t0 = performance.now();
      await generateNational(db, farmers);
      console.log(`${scale} generated in ${((performance.now() - t0) / 1000).toFixed(0)} s; load ${load()}`);
      for (const c of CANDIDATES) {
        const t = performance.now();
        await db.exec(c.build);
        console.log(`  built ${c.name} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      }
      await db.exec('analyze');
      const rows = Number(
        (await db.query<{ n: number }>('select count(*)::int as n from reach_records')).rows[0]?.n,
      );
      const ws = await workers(db);
      // Advisories none of the eight DAs has recorded yet, so every pair of a "new" batch is new.
      const adv = await db.query<{ id: number }>(
        `select id from advisories a where not exists (select 1 from reach_records r
           where r.advisory_id = a.id and r.created_by = any($1::bigint[])) order by id`,
        [ws.map((w) => w.da)],
      );
      const advisories = adv.rows.map((x) => Number(x.id));
      if (advisories.length < batches * rounds) throw new Error('not enough fresh advisories');
      const fresh = new Map<string, Run[]>();
      const repeat = new Map<string, Run[]>();
      for (let round = 0; round < rounds; round++) {
        const order = round % 2 === 0 ? CANDIDATES : [...CANDIDATES].reverse();
        for (const c of order) {
          const start = round * batches;
          const add = (m: Map<string, Run[]>, r: Run) => m.set(c.name, [...(m.get(c.name) ?? []), r]);
          add(fresh, await run(db, c, ws, advisories, start, batches));
          // The same batches again: every pair is there, nothing is inserted.
          add(repeat, await run(db, c, ws, advisories, start, batches));
        }
        process.stderr.write('.');
      }
      process.stderr.write('\n');
      const sizes = await db.query<{ name: string; mb: number }>(
        `select c.relname as name, (select coalesce(sum(pg_total_relation_size(i.inhrelid)), 0) from pg_inherits i
           where i.inhparent = c.oid) + pg_total_relation_size(c.oid) as mb
         from pg_class c where c.relname = any($1::text[])`,
        [CANDIDATES.flatMap((c) => c.tables)],
      );
      const mb = new Map(sizes.rows.map((r) => [r.name, Number(r.mb) / 1048576]));
      const rate = (rs: Run[]) =>
        rs.reduce((s, r) => s + r.pairs, 0) / (rs.reduce((s, r) => s + r.wall, 0) / 1000);
      const base = rate(fresh.get('single') ?? []);
      console.log(
        `\nreach batch of ${PAIRS} at c=${WORKERS}, ${scale} (${rows.toLocaleString('en')} reach rows before), ` +
          `${rounds} rounds × ${batches} batches per DA; load average ${load()}\n`,
      );
      console.log('| candidate | new pairs/s | × single | batch p50 / p99 ms | re-post p50 / p99 ms | MB |');
      console.log('| --- | --- | --- | --- | --- | --- |');
      for (const c of CANDIDATES) {
        const f = fresh.get(c.name) ?? [];
        const r = repeat.get(c.name) ?? [];
        const ms = (rs: Run[]) => rs.flatMap((x) => x.ms);
        const size = c.tables.reduce((s, t) => s + (mb.get(t) ?? 0), 0);
        console.log(
          `| ${c.name} | ${rate(f).toFixed(0)} | ${(rate(f) / base).toFixed(2)} | ` +
            `${quantile(ms(f), 0.5).toFixed(1)} / ${quantile(ms(f), 0.99).toFixed(1)} | ` +
            `${quantile(ms(r), 0.5).toFixed(1)} / ${quantile(ms(r), 0.99).toFixed(1)} | ${size.toFixed(0)} |`,
        );
      }
      for (const c of CANDIDATES) console.log(`- ${c.name}: ${c.what}`);
    },
    { max: WORKERS + 2 },
  );
}

await main();
