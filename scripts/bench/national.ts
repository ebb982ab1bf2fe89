// The national-scale benchmark, one command from a fresh clone once `npm test`
// or `npm start` has installed the workspace (PostgreSQL's server binaries: `node
// scripts/system-deps.mjs` as root installs them):
//
//   nice -n 10 node --import tsx scripts/bench/national.ts --scale 1m|15m [--runs 200]
//
// It starts its own throwaway PostgreSQL (or uses TEST_DATABASE_URL's server), loads the demo data
// and national-scale data beside it (national-data.ts), times every screen call of spec §7 on
// both, idle and with the notification engine draining (screens.ts), times the busiest region's
// and kebele's reports from the rollups and over the raw rows (reports.ts), prints one table per
// part and one with each issue aim and whether it holds, then drops everything it made. Every aim
// is a ratio against figures measured in the same run, so other work on the machine blurs both
// sides of it. 1m: ~0.5 GB, a few minutes; 15m: ~6 GB of disk, ~10 minutes of loading.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { seed } from '@gebere/bot/backend';
import { startPostgres } from '../system-deps.mjs';
import { generateNational, SCALES, type Scale, tableSizes } from './national-data';
import { benchCommit, recordFigures } from './performance-doc';
import { benchReports, type ReportTiming, type Timed } from './reports';
import { benchScreens, type CallResult, CONCURRENCY, type Side, type Timing } from './screens';
import { withThrowawayDb } from './throwaway-postgres';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1m' },
    runs: { type: 'string', default: '200' },
    'report-runs': { type: 'string', default: '30' },
    'naive-runs': { type: 'string', default: '2' },
  },
});
const scale = values.scale as Scale;
if (!SCALES[scale]) throw new Error(`--scale must be one of ${Object.keys(SCALES).join(', ')}`);

const log = (s: string) => console.log(s);
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
const quantile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] as number;
};
const p99 = (t: Timing) => quantile(t.times, 0.99);
const ms = (x: number) => (x >= 1000 ? x.toLocaleString('en', { maximumFractionDigits: 0 }) : x.toFixed(1));
const pcts = (t: Timing) => `${ms(quantile(t.times, 0.5))} / ${ms(quantile(t.times, 0.95))} / ${ms(p99(t))}`;
const ratio = (x: number) => `${x.toFixed(2)}×`;
const row = (cells: string[]) => console.log(`| ${cells.join(' | ')} |`);
const table = (head: string[], rows: string[][]) => {
  row(head);
  row(head.map(() => '---'));
  for (const r of rows) row(r);
  console.log();
};

function printScreens(results: CallResult[]) {
  const sides: Array<[Side, string]> = [
    ['demo', 'demo'],
    ['idle', `${scale} idle`],
    ['engine', `${scale} engine draining`],
  ];
  table(
    [
      'call (ms p50 / p95 / p99)',
      ...sides.flatMap(([, l]) => [`${l} seq`, `${l} c=${CONCURRENCY}`]),
      `p99 c=${CONCURRENCY}: ${scale} ÷ demo`,
      `p99 c=${CONCURRENCY}: engine ÷ idle`,
    ],
    results.map((r) => [
      r.name,
      ...sides.flatMap(([s]) => [pcts(r.seq[s]), pcts(r.c8[s])]),
      ratio(p99(r.c8.idle) / p99(r.c8.demo)),
      ratio(p99(r.c8.engine) / p99(r.c8.idle)),
    ]),
  );
}

/** Each aim for the screens and the reports with its figure from this run. */
function printAims(results: CallResult[], reports: ReportTiming[]) {
  const reads = results.filter((r) => r.read);
  const worst = (f: (r: CallResult) => number) =>
    reads.reduce((a, b) => (f(b) > f(a) ? b : a), reads[0] as CallResult);
  const slowest = worst((r) => p99(r.c8.idle));
  const within20 = reads.filter((r) => p99(r.c8.idle) <= 20).length;
  // The same bound on the demo data, and the ratio of sequential medians: on a shared machine a
  // p99 of 200 calls is its two slowest, so these say whether it is the data or the machine.
  const demoWithin20 = reads.filter((r) => p99(r.c8.demo) <= 20).length;
  const median = (t: Timing) => quantile(t.times, 0.5);
  const seqRatio = (r: CallResult) => median(r.seq.idle) / median(r.seq.demo);
  const seqOff = reads.filter((r) => seqRatio(r) > 1.3).map((r) => `${r.name} ${ratio(seqRatio(r))}`);
  const vsDemo = (r: CallResult) => p99(r.c8.idle) / p99(r.c8.demo);
  const within13 = reads.filter((r) => vsDemo(r) <= 1.3).length;
  const farthest = worst(vsDemo);
  const batch = results.find((r) => r.name === 'POST reach batch of 50') as CallResult;
  const batchRatio = batch.c8.idle.rate / batch.c8.demo.rate;
  const pooled = (s: Side) =>
    quantile(
      results.flatMap((r) => r.c8[s].times),
      0.99,
    );
  const engineRatio = pooled('engine') / pooled('idle');
  const report = (level: string) => reports.find((r) => r.level === level && r.weeks === 12) as ReportTiming;
  const region = report('region');
  const kebele = report('kebele');
  const holds = (ok: boolean) => (ok ? 'holds' : '**does not hold**');
  const cpuNote = (t: Timed) => (t.cpu === undefined ? '' : `${ms(t.cpu)} ms of server CPU `);
  table(
    ['aim', `measured at ${scale}`, ''],
    [
      [
        `every screen read: p99 ≤ 20 ms at c=${CONCURRENCY}`,
        `${within20} of ${reads.length} reads (demo: ${demoWithin20}); slowest ${slowest.name} ${ms(p99(slowest.c8.idle))} ms`,
        holds(within20 === reads.length),
      ],
      [
        'every screen read: p99 within 1.3× of the demo data',
        `${within13} of ${reads.length} reads; farthest ${farthest.name} ${ratio(vsDemo(farthest))}. ` +
          `Sequential p50 beyond 1.3×: ${seqOff.length ? seqOff.join(', ') : 'none'}`,
        holds(within13 === reads.length),
      ],
      [
        `reach batch of 50: throughput at c=${CONCURRENCY} ≥ 0.8× demo`,
        `${batch.c8.idle.rate.toFixed(0)} vs ${batch.c8.demo.rate.toFixed(0)} batches/s: ${ratio(batchRatio)}`,
        holds(batchRatio >= 0.8),
      ],
      [
        `the API's p99 (every call at c=${CONCURRENCY}) while the engine drains ≤ 1.2× idle`,
        `${ms(pooled('engine'))} vs ${ms(pooled('idle'))} ms: ${ratio(engineRatio)}`,
        holds(engineRatio <= 1.2),
      ],
      [
        "a region's report, 12 weeks: p95 ≤ 200 ms",
        `${ms(region.rollups.p95)} ms, ${cpuNote(region.rollups)}(raw rows ${ms(region.raw?.p95 ?? Number.NaN)} ms)`,
        holds(region.rollups.p95 <= 200),
      ],
      [
        "a kebele's report, 12 weeks: p95 ≤ 50 ms",
        `${ms(kebele.rollups.p95)} ms, ${cpuNote(kebele.rollups)}(raw rows ${ms(kebele.raw?.p95 ?? Number.NaN)} ms)`,
        holds(kebele.rollups.p95 <= 50),
      ],
    ],
  );
}

async function run(server: string) {
  const figures = recordFigures(
    `national-${scale}`,
    `nice -n 10 node --import tsx scripts/bench/national.ts --scale ${scale}`,
  );
  const progress = (s: string) => console.error(s);
  const commit = benchCommit();
  log(`national benchmark, scale ${scale}, commit ${commit}, load average ${load()}`);
  const pool = { max: CONCURRENCY + 2, server };
  await withThrowawayDb(
    'gebere_national_demo',
    async (demoDb) => {
      await seed(demoDb, { demoData: true });
      await withThrowawayDb(
        'gebere_national',
        async (db) => {
          await seed(db, { demoData: true });
          const t0 = performance.now();
          await generateNational(db, SCALES[scale], progress);
          const size = await db.query<{ mb: number }>(
            'select pg_database_size(current_database()) / 1048576.0 as mb',
          );
          log(
            `\n${scale} loaded in ${((performance.now() - t0) / 1000).toFixed(0)} s, ` +
              `${Number(size.rows[0]?.mb).toLocaleString('en', { maximumFractionDigits: 0 })} MB; load average ${load()}\n`,
          );
          table(
            ['table', 'rows', 'MB with indexes'],
            (await tableSizes(db)).map((t) => [t.table, t.rows.toLocaleString('en'), t.mb.toFixed(0)]),
          );
          const results = await benchScreens(demoDb, db, Number(values.runs), progress);
          log(`screens timed; load average ${load()}\n`);
          printScreens(results);
          const reports = await benchReports(db, Number(values['report-runs']), Number(values['naive-runs']));
          const cpu = (t?: Timed) => (t?.cpu === undefined ? '—' : ms(t.cpu));
          table(
            [
              'report (ms)',
              'rollups (the route) p50 / p95',
              'its server CPU',
              'raw rows p50 / p95',
              'its server CPU',
              'raw ÷ rollups (p50)',
            ],
            reports.map((r) => [
              r.label,
              `${ms(r.rollups.p50)} / ${ms(r.rollups.p95)}`,
              cpu(r.rollups),
              r.raw ? `${ms(r.raw.p50)} / ${ms(r.raw.p95)}` : '—',
              cpu(r.raw),
              r.raw ? `${(r.raw.p50 / r.rollups.p50).toFixed(0)}×` : '—',
            ]),
          );
          log(`load average at the end ${load()}\n`);
          printAims(results, reports);
          figures.write();
        },
        pool,
      );
    },
    pool,
  );
}

const given = process.env.TEST_DATABASE_URL;
const own = given ? undefined : await startPostgres();
// The cluster goes with the process however it ends (its stop is synchronous).
const stop = () => own?.stop();
process.once('exit', stop);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    stop();
    process.exit(130);
  });
await run(given ?? (own?.url as string));
