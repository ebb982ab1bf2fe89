// Reports at national scale: the busiest region's and kebele's report read
// from the daily rollups (migration 009, the route's own SQL: bot/src/backend/routes/reports.ts)
// beside the same figures counted over the raw rows, in the same run, on the national data
// (national-data.ts: generated through the rollup triggers, as the routes write). Run by
// scripts/bench/national.ts.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { buildReport, type Queryable } from '@gebere/bot/backend';
import { addDays, defaultPeriod, type ReportLevel, reportDayOf, reportWeeks } from '@gebere/contract';

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

/**
 * CPU milliseconds used so far by the server processes serving this database's connections and
 * their parallel workers (utime + stime in /proc; not autovacuum): what a report costs whatever
 * else the machine runs. Undefined when the server is not a local process this user can read.
 */
async function serverCpuMs(db: Queryable): Promise<Map<number, number> | undefined> {
  const r = await db.query<{ pids: number[] }>(
    `select array_agg(pid) as pids from pg_stat_activity
     where datname = current_database() and backend_type in ('client backend', 'parallel worker')`,
  );
  const tick = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
  const out = new Map<number, number>();
  for (const pid of r.rows[0]?.pids ?? []) {
    try {
      const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
      out.set(pid, (Number(fields[11]) + Number(fields[12])) * tick);
    } catch {
      return undefined;
    }
  }
  return out;
}

export interface Timed {
  p50: number;
  p95: number;
  /** The database server's CPU per call (all the connections it used), when readable. */
  cpu?: number;
}

/** p50 and p95 of `runs` calls of `fn` (and its server CPU), after one to warm up when `warm`. */
async function timed(db: Queryable, runs: number, fn: () => Promise<unknown>, warm = true): Promise<Timed> {
  if (warm) await fn();
  const before = await serverCpuMs(db);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  const after = await serverCpuMs(db);
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] as number;
  const cpu =
    before && after
      ? [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0) / runs
      : undefined;
  return { p50: q(0.5), p95: q(0.95), ...(cpu === undefined ? {} : { cpu }) };
}

export interface ReportTiming {
  label: string;
  level: 'region' | 'kebele';
  weeks: 12 | 52;
  rollups: Timed;
  /** Counted over the raw rows: for 12 weeks only (minutes at 15 M farmers). */
  raw?: Timed;
}

/**
 * The region and the kebele with the most rollup rows (the largest reports), for 12 and 52
 * weeks: the route's query `runs` times; for 12 weeks the raw rows' count `naiveRuns` times (no
 * warm-up: each run reads every row anyway).
 */
export async function benchReports(db: Queryable, runs: number, naiveRuns: number): Promise<ReportTiming[]> {
  const busiest = async (column: string) =>
    Number(
      (
        await db.query<{ id: number }>(
          `select ${column} as id from report_daily group by 1 order by count(*) desc, 1 limit 1`,
        )
      ).rows[0]?.id,
    );
  const region = await busiest('region_id');
  const kebele = await busiest('kebele_id');
  const today = reportDayOf(new Date());
  const quarter = defaultPeriod(today);
  const year = { from: addDays(today, -364), to: today };
  const out: ReportTiming[] = [];
  for (const [level, id] of [
    ['region', region],
    ['kebele', kebele],
  ] as const)
    for (const [weeks, period] of [
      [12, quarter],
      [52, year],
    ] as const) {
      const rollups = await timed(db, runs, () =>
        buildReport(db, { level, id, ...period, valueChain: null }, []),
      );
      const raw =
        weeks === 12 && naiveRuns > 0
          ? await timed(db, naiveRuns, () => naiveReport(db, level, id, period.from, period.to), false)
          : undefined;
      out.push({ label: `${level} ${id}, ${weeks} weeks`, level, weeks, rollups, ...(raw ? { raw } : {}) });
    }
  return out;
}
